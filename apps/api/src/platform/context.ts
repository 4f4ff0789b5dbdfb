import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';
import type { BackgroundTasks } from './background-tasks';
import type { ChatModel } from './ai';

export interface LoginThrottlePolicy {
  windowSeconds: number;
  /** Failures for one username after which each attempt is delayed. */
  userSlowAfter: number;
  /** Failures for one username after which attempts are refused with 429. */
  userRefuseAfter: number;
  ipSlowAfter: number;
  ipRefuseAfter: number;
  /** Delay added per failure beyond the slow threshold, capped at maxDelayMs. */
  delayStepMs: number;
  maxDelayMs: number;
}

export const defaultLoginThrottlePolicy: LoginThrottlePolicy = {
  windowSeconds: 15 * 60,
  userSlowAfter: 5,
  userRefuseAfter: 10,
  ipSlowAfter: 20,
  ipRefuseAfter: 50,
  delayStepMs: 500,
  maxDelayMs: 3000,
};

/** What services need from the outside world; built once per app, passed to every service call. */
export interface Context {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  clock: Clock;
  log: FastifyBaseLogger;
  tasks: BackgroundTasks;
  loginThrottle: LoginThrottlePolicy;
  /** The assistants' language model, or the offline assistant. */
  ai: ChatModel;
}
