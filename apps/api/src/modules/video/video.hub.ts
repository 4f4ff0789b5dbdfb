import { randomBytes, randomUUID } from 'node:crypto';
import { messages } from '@consultorio/shared';
import type { Database } from '../../db/client';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EventStream } from '../../platform/server-sent-events';
import * as repo from './video.repository';
import type { VideoRole } from './video.repository';

/** The database channel every instance listens on for what goes to the participants connected to it. */
export const VIDEO_CHANNEL = 'video_signals';
/** How often each instance pings its streams and tells the database its participants are still there. */
export const HEARTBEAT_MS = 15_000;
/** A place not refreshed for this long belongs to a dead instance: another tab may take it. */
export const STALE_MS = 45_000;
/**
 * NOTIFY payloads must stay under 8000 bytes: a message (an SDP offer is 3 to 10 KB) goes in
 * pieces of at most this many UTF-16 units, 3 bytes each at most in UTF-8.
 */
const PIECE_UNITS = 2000;
/** How long a participant's entry waits for this instance to be listening (it nearly always is). */
const LISTEN_WAIT_MS = 5000;

/** One participant's open event stream on this instance. */
export interface RoomConnection {
  connectionId: string;
  appointmentId: string;
  role: VideoRole;
  closesAt: Date;
  stream: EventStream;
  /** Set when the stream ends without its participant leaving (a shutdown, the same tab taking over): the place is kept. */
  keepPlace: boolean;
}

/** What travels to a role's connections: an event, for all of them but `except`. */
export interface RoomMessage {
  event: string;
  data: unknown;
  except?: string;
}

function keyOf(appointmentId: string, role: VideoRole): string {
  return `${appointmentId}:${role}`;
}

/** The text cut into pieces that never split a surrogate pair. */
function piecesOf(text: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + PIECE_UNITS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/**
 * Relays the rooms' messages between instances through PostgreSQL's LISTEN/NOTIFY (in-process
 * on PGlite): each message is published to the database and every instance hands it to the
 * connections it holds for that room and role. Also keeps this instance's places fresh, pings
 * its streams, and ends those whose room has closed.
 */
export class VideoHub {
  readonly instanceId = randomUUID();
  private readonly connections = new Map<string, Map<string, RoomConnection>>();
  /** Messages whose first pieces have arrived. */
  private readonly partial = new Map<string, string[]>();
  private listening = false;
  private listeningWaiters: Array<() => void> = [];

  constructor(private readonly ctx: Context) {}

  get connectionCount(): number {
    let count = 0;
    for (const byId of this.connections.values()) count += byId.size;
    return count;
  }

  attach(connection: RoomConnection): void {
    const key = keyOf(connection.appointmentId, connection.role);
    const byId = this.connections.get(key) ?? new Map<string, RoomConnection>();
    byId.set(connection.connectionId, connection);
    this.connections.set(key, byId);
  }

  detach(connection: RoomConnection): void {
    const key = keyOf(connection.appointmentId, connection.role);
    const byId = this.connections.get(key);
    byId?.delete(connection.connectionId);
    if (byId?.size === 0) this.connections.delete(key);
  }

  /** Sends the messages, in order, to the role's connections on every instance. */
  async publish(appointmentId: string, role: VideoRole, roomMessages: readonly RoomMessage[]): Promise<void> {
    const payloads = roomMessages.flatMap((message) => {
      const id = randomBytes(6).toString('base64url');
      const pieces = piecesOf(JSON.stringify(message));
      return pieces.map((piece, index) => `${appointmentId}|${role}|${id}|${index}|${pieces.length}|${piece}`);
    });
    await repo.notify(this.ctx.db, VIDEO_CHANNEL, payloads);
  }

  /** A notification: handed on when this instance holds a connection of its room and role (most are not). */
  receive(payload: string): void {
    const fields: string[] = [];
    let start = 0;
    for (let count = 0; count < 5; count += 1) {
      const bar = payload.indexOf('|', start);
      if (bar === -1) return;
      fields.push(payload.slice(start, bar));
      start = bar + 1;
    }
    const [appointmentId, role, id, index, total] = fields as [string, VideoRole, string, string, string];
    const byId = this.connections.get(keyOf(appointmentId, role));
    if (!byId) return;
    const piece = payload.slice(start);
    const text = total === '1' ? piece : this.assemble(`${appointmentId}|${role}|${id}`, Number(index), Number(total), piece);
    if (text !== undefined) this.deliver(byId, JSON.parse(text) as RoomMessage);
  }

  private assemble(key: string, index: number, total: number, piece: string): string | undefined {
    const pieces = this.partial.get(key) ?? [];
    pieces[index] = piece;
    if (pieces.filter((value) => value !== undefined).length < total) {
      this.partial.set(key, pieces);
      return undefined;
    }
    this.partial.delete(key);
    return pieces.join('');
  }

  private deliver(byId: Map<string, RoomConnection>, message: RoomMessage): void {
    for (const connection of [...byId.values()]) {
      if (connection.connectionId === message.except) continue;
      connection.stream.send(message.event, message.data);
      if (message.event === 'replaced') this.end(connection);
    }
  }

  /** Ends a stream, its participant's place kept (they come back, here or on another instance). */
  end(connection: RoomConnection): void {
    connection.keepPlace = true;
    connection.stream.end();
  }

  /** Every stream of this instance ends, places kept: a shutdown (the clients reconnect elsewhere). */
  endAll(): void {
    for (const byId of this.connections.values()) for (const connection of byId.values()) this.end(connection);
  }

  /** The database confirmed the LISTEN (again) or lost it: pieces waiting for the rest may never get it. */
  setListening(listening: boolean): void {
    this.partial.clear();
    this.listening = listening;
    if (listening) for (const waiter of this.listeningWaiters.splice(0)) waiter();
  }

  /**
   * Resolves once this instance receives the room's messages (at once, nearly always); a
   * participant enters only then, or nothing sent to them could reach them. 503 after `timeoutMs`.
   */
  async whenListening(timeoutMs = LISTEN_WAIT_MS): Promise<void> {
    if (this.listening) return;
    let timer: NodeJS.Timeout | undefined;
    const listening = new Promise<boolean>((resolve) => this.listeningWaiters.push(() => resolve(true)));
    const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const ok = await Promise.race([listening, timedOut]);
    clearTimeout(timer);
    if (!ok) throw new AppError('SERVICE_UNAVAILABLE');
  }

  /** The heartbeat: pings every stream, ends those whose room has closed, and refreshes this instance's places. */
  async tick(): Promise<void> {
    const now = this.ctx.clock.now();
    for (const byId of this.connections.values()) {
      for (const connection of byId.values()) {
        if (connection.closesAt <= now) {
          connection.stream.send('closed', { message: messages.video.closed });
          connection.stream.end();
        } else connection.stream.ping();
      }
    }
    // An instance without participants writes nothing (a dead instance's places are taken over when claimed).
    if (this.connections.size > 0) await repo.refreshPresence(this.ctx.db, this.instanceId, now, new Date(now.getTime() - STALE_MS));
  }
}

/**
 * The hub of this instance, listening on the video channel, with its heartbeat; answers it and a
 * function that stops it. Start-up does not wait for the LISTEN (a database down at start must
 * not hold the server): a participant's entry does (`whenListening`).
 */
export async function startVideoHub(ctx: Context, database: Pick<Database, 'listen'>): Promise<{ hub: VideoHub; stop: () => Promise<void> }> {
  const hub = new VideoHub(ctx);
  const stopListening = await database.listen(VIDEO_CHANNEL, {
    onNotification: (payload) => hub.receive(payload),
    onListening: () => hub.setListening(true),
    onLost: () => hub.setListening(false),
  });
  const heartbeat = setInterval(() => {
    hub.tick().catch((error: unknown) => ctx.log.error({ err: error }, 'video heartbeat failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    hub,
    stop: async () => {
      clearInterval(heartbeat);
      hub.endAll();
      await stopListening();
    },
  };
}

/** Each app's hub (tests run several apps in one process): set by the module's start, read by its routes. */
const hubs = new WeakMap<Context, VideoHub>();

/** Starts this app's hub and keeps it for its routes. */
export async function startAppVideoHub(ctx: Context, database: Pick<Database, 'listen'>): Promise<{ stop: () => Promise<void>; endStreams: () => void }> {
  const { hub, stop } = await startVideoHub(ctx, database);
  hubs.set(ctx, hub);
  return { stop, endStreams: () => hub.endAll() };
}

/** The hub the module's start made for this app. */
export function videoHubOf(ctx: Context): VideoHub {
  const hub = hubs.get(ctx);
  if (!hub) throw new Error('the video module was not started for this app');
  return hub;
}
