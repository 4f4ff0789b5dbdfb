import { iceServerSchema, messages, videoSignalSchema, type IceServerConfig, type VideoSignal } from '@consultorio/shared';
import { z } from 'zod';
import { ApiError, isAbortError } from '../../../lib/api-client';
import { readEventStream, type ServerSentEvent } from '../../../lib/server-sent-events';
import type { RoomTransport } from '../api/room-transport';

/** What the room tells one participant's page. */
export interface RoomChannelHandlers {
  onWelcome(welcome: { iceServers: IceServerConfig[]; peerPageId: string | null }): void;
  onPeerJoined(pageId: string): void;
  onPeerLeft(): void;
  onSignal(signal: VideoSignal, from: { pageId: string; at: string }): void;
  /** The stream was cut (the network, a server restarting): it is opened again by itself. */
  onInterrupted(): void;
  /** The room will not take this page (full, closed, cancelled, the same tab elsewhere): nothing is retried. */
  onRefused(message: string): void;
}

const welcomeSchema = z.object({ iceServers: z.array(iceServerSchema), peerPageId: z.string().nullable() });
const signalEventSchema = z.object({ signal: videoSignalSchema, pageId: z.string(), at: z.string() });
const peerJoinedSchema = z.object({ pageId: z.string() });
const closedSchema = z.object({ message: z.string() });

/** Waits before opening the stream again after the n-th cut in a row: 0.5 s, 1 s, 2 s, then 4 s. */
function reconnectDelayMs(attempt: number): number {
  return Math.min(4000, 500 * 2 ** attempt);
}

/** Failures that mean the room will not take this page whatever is tried (a 5xx or a lost network are retried). */
function isFinal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/**
 * One participant's link to the room: the event stream, opened again by itself when it is cut,
 * and the signals, sent one batch at a time in the order they were given (the other side
 * needs an offer before its candidates).
 */
export class RoomChannel {
  private readonly controller = new AbortController();
  private queue: VideoSignal[] = [];
  private sending = false;
  private stopped = false;

  constructor(
    private readonly transport: RoomTransport,
    private readonly ids: { clientId: string; pageId: string },
    private readonly handlers: RoomChannelHandlers,
  ) {}

  start(): void {
    void this.follow();
  }

  stop(): void {
    this.stopped = true;
    this.controller.abort();
  }

  send(signal: VideoSignal): void {
    this.queue.push(signal);
    void this.flush();
  }

  private async follow(): Promise<void> {
    let cuts = 0;
    while (!this.stopped) {
      try {
        const body = await this.transport.openEvents(this.ids, this.controller.signal);
        for await (const event of readEventStream(body)) {
          cuts = 0;
          if (this.dispatch(event) === 'end') return;
        }
      } catch (error) {
        if (this.stopped || isAbortError(error)) return;
        if (isFinal(error)) {
          this.stopped = true;
          this.handlers.onRefused(error.message);
          return;
        }
      }
      if (this.stopped) return;
      this.handlers.onInterrupted();
      await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(cuts)));
      cuts += 1;
    }
  }

  /** Hands one event on; 'end' when the room ended this page's stream for good. */
  private dispatch({ event, data }: ServerSentEvent): 'end' | undefined {
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return undefined;
    }
    switch (event) {
      case 'welcome': {
        const welcome = welcomeSchema.safeParse(payload);
        if (welcome.success) this.handlers.onWelcome(welcome.data);
        return undefined;
      }
      case 'peer-joined': {
        const joined = peerJoinedSchema.safeParse(payload);
        if (joined.success) this.handlers.onPeerJoined(joined.data.pageId);
        return undefined;
      }
      case 'peer-left':
        this.handlers.onPeerLeft();
        return undefined;
      case 'signal': {
        const parsed = signalEventSchema.safeParse(payload);
        if (parsed.success) this.handlers.onSignal(parsed.data.signal, { pageId: parsed.data.pageId, at: parsed.data.at });
        return undefined;
      }
      case 'replaced':
        this.refuse(messages.video.replaced);
        return 'end';
      case 'closed': {
        const closed = closedSchema.safeParse(payload);
        this.refuse(closed.success ? closed.data.message : messages.video.closed);
        return 'end';
      }
      default:
        return undefined;
    }
  }

  private refuse(message: string): void {
    this.stopped = true;
    this.handlers.onRefused(message);
  }

  private async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.queue.length > 0 && !this.stopped) {
        const batch = this.queue.slice(0, 50);
        try {
          await this.transport.sendSignals(this.ids.clientId, batch);
          this.queue = this.queue.slice(batch.length);
        } catch (error) {
          // Not in the room (the stream is being opened again) or no network: the same batch once the way is back.
          if (error instanceof ApiError && isFinal(error) && error.status !== 409) this.queue = this.queue.slice(batch.length);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
