import type { FastifyReply } from 'fastify';
import { messages } from '@consultorio/shared';
import { AppError } from './errors';

/**
 * Answers with server-sent events: `run` gets a function to send each piece of text as a
 * `delta` event; what it resolves with is sent as `done`, a failure as `error` with the status,
 * the Portuguese message and the request id a JSON answer would have had. Everything before the first byte
 * (validation, ownership) must be checked before calling this, so those stay plain JSON
 * answers. A client that goes away does not stop the work: the answer is still stored.
 */
export async function streamEvents<T>(reply: FastifyReply, run: (sendDelta: (text: string) => void) => Promise<T>): Promise<void> {
  const { send: write, end } = openEventStream(reply);
  try {
    const result = await run((text) => write('delta', { text }));
    write('done', result);
  } catch (error) {
    const requestId = reply.request.id;
    if (error instanceof AppError) write('error', { status: error.status, code: error.code, message: error.message, requestId });
    else {
      reply.log.error({ err: error }, 'streamed answer failed');
      write('error', { status: 500, code: 'INTERNAL', message: messages.requestErrors.generic, requestId });
    }
  } finally {
    end();
  }
}

/** An event stream the caller writes to for as long as it wants (a video room's). */
export interface EventStream {
  send: (event: string, data: unknown) => void;
  /** A comment line: keeps proxies and the client from taking a quiet stream for a dead one. */
  ping: () => void;
  end: () => void;
  /** Told once, when the stream ends from either side. */
  onClose: (listener: () => void) => void;
}

/** Takes over the reply and answers 200 with an event stream (the request's headers, such as its id, kept). */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  const writable = () => !raw.destroyed && !raw.writableEnded;
  return {
    send: (event, data) => {
      if (writable()) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    ping: () => {
      if (writable()) raw.write(':\n\n');
    },
    end: () => {
      if (!raw.writableEnded) raw.end();
    },
    onClose: (listener) => {
      raw.once('close', listener);
    },
  };
}
