import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  url: string;
  /** A JSON body parsed, a FormData as its entries (files by name), or undefined. */
  body: unknown;
}

/** A streamed answer the test writes to event by event, then closes. */
export interface EventStreamAnswer {
  response: Response;
  send: (event: string, data: unknown) => void;
  /** Sends raw text, e.g. an event cut in two. */
  write: (text: string) => void;
  close: () => void;
}

export function eventStreamAnswer(): EventStreamAnswer {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  const write = (text: string) => controller?.enqueue(encoder.encode(text));
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
    send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    write,
    close: () => controller?.close(),
  };
}

/** A whole streamed answer at once. */
export function eventStreamOf(events: readonly (readonly [string, unknown])[]): Response {
  const answer = eventStreamAnswer();
  for (const [event, data] of events) answer.send(event, data);
  answer.close();
  return answer.response;
}

export function jsonAnswer(status: number, data: unknown = null, message?: string): Response {
  return new Response(JSON.stringify({ status, data, message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

function bodyOf(body: BodyInit | null | undefined): unknown {
  if (typeof body === 'string') return JSON.parse(body) as unknown;
  if (body instanceof FormData) {
    return [...body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]);
  }
  return undefined;
}

/** Answers each fetch with `respond(call)` (a Response, or a promise of one) and records the calls. */
export function mockFetch(respond: (call: RecordedCall) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url: input instanceof Request ? input.url : String(input),
      body: bodyOf(init?.body),
    };
    calls.push(call);
    return Promise.resolve(respond(call));
  });
  return calls;
}
