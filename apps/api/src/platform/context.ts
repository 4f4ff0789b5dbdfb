import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';
import type { JobQueue } from './jobs/job-queue';
import type { ChatModel } from './ai';
import type { TextExtractor } from './text-extraction';
import type { Stripe } from './payments/stripe';
import type { SessionCache } from './session-cache';
import type { Hooks } from './hooks';

/**
 * How failed logins and wrong current passwords are limited (docs/decisions.md): refusals key on
 * the account and the address together, so failures from one address alone do not lock the owner
 * out from another; an address is refused after a looser number across accounts; an account
 * guessed at from many addresses is slowed, then refused after a number no owner reaches.
 */
export interface LoginThrottlePolicy {
  windowSeconds: number;
  /** Failures for one username from one address, after which attempts from there answer 429. */
  accountAtAddressRefuseAfter: number;
  /** Failures from one address across usernames, after which it answers 429. */
  addressRefuseAfter: number;
  /** Failures for one username from any address, after which each attempt is delayed. */
  accountSlowAfter: number;
  /** Failures for one username from any address (any spelling), after which it answers 429 everywhere. */
  accountRefuseAfter: number;
  /** Delay added per failure beyond the slow threshold, capped at maxDelayMs. */
  delayStepMs: number;
  maxDelayMs: number;
  /** Wrong current passwords (password or e-mail change) per user, after which the check answers 429. */
  currentPasswordRefuseAfter: number;
}

export const defaultLoginThrottlePolicy: LoginThrottlePolicy = {
  windowSeconds: 15 * 60,
  accountAtAddressRefuseAfter: 5,
  addressRefuseAfter: 50,
  accountSlowAfter: 10,
  // 100 an hour at most, as ASVS 2.2.1 asks.
  accountRefuseAfter: 25,
  delayStepMs: 500,
  maxDelayMs: 3000,
  currentPasswordRefuseAfter: 5,
};

/** What services need from the outside world; built once per app, passed to every service call. */
export interface Context {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The durable job queue: every mail goes through it. */
  jobs: JobQueue;
  loginThrottle: LoginThrottlePolicy;
  /** The assistants' language model, or the offline assistant. */
  ai: ChatModel;
  /** Reads the text of uploaded files in worker threads. */
  extractor: TextExtractor;
  /** Stripe, when STRIPE_SECRET_KEY is set: checkout of the app's plans. */
  stripe: Stripe | undefined;
  /** Sessions looked up in the last moments, kept in step with every instance by notifications. */
  sessionCache: SessionCache;
  /** What modules announce in their transactions, and the later modules' handlers of it (`platform/hooks.ts`). */
  hooks: Hooks;
}
