import { requestContext } from '@fastify/request-context';
import type { AccessAction, AccessEntityType } from '@consultorio/shared';
import type { FastifyRequest } from 'fastify';

/** A read or change of a patient's data by the request's session. */
export interface AccessEntry {
  patientId: string;
  action: AccessAction;
  entityType: AccessEntityType;
  entityId: string;
}

/** Whom a request's entries are written for: its session's professional, from the request's address (none for a WhatsApp message). */
export interface AccessActor {
  userId: string;
  ip: string | null;
}

declare module '@fastify/request-context' {
  interface RequestContextData {
    accessLog: AccessEntry[];
    /** Set by the session scope once the session is known. */
    accessActor?: AccessActor;
  }
}

/** Writes what a request noted, once it has succeeded (app.ts decorates the instance with it). */
export type AccessLogWriter = (request: FastifyRequest, entries: readonly AccessEntry[]) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    writeAccessLog: AccessLogWriter;
  }
}

/**
 * Notes that this request read or changed a patient's data. Services call it; the entries are
 * written to the access log only when the call succeeds, so a failed attempt (another
 * professional's id answering 404) leaves nothing in anyone's log.
 */
export function noteAccess(entry: AccessEntry): void {
  requestContext.get('accessLog')?.push(entry);
}

/**
 * Whom to write an entry for when a service writes it itself, in the very statement that makes
 * the change it records (a record's save: one round trip less than the write after the handler,
 * and written only if the change is). Undefined outside a request with a session (a job), where
 * `noteAccess` writes nothing either.
 */
export function accessActor(): AccessActor | undefined {
  return requestContext.get('accessActor');
}

/**
 * Writes what the request noted, once; called by the route helpers after a handler succeeds.
 * Answers `undefined` when nothing was noted (a list), so the caller has nothing to wait for.
 */
export function writeNotedAccess(request: FastifyRequest): Promise<void> | undefined {
  const entries = request.requestContext.get('accessLog');
  if (!entries || entries.length === 0) return undefined;
  request.requestContext.set('accessLog', []);
  return request.server.writeAccessLog(request, entries);
}
