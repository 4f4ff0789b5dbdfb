import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

/** The answer's envelope; a failure names its `code`, as the server's do. */
type Answer = { status: number; data?: unknown; message?: string; code?: string };

/** Answers each call with `respond(call)` and records the calls. */
export function mockApi(respond: (call: ApiCall) => Answer) {
  const calls: ApiCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      url: input instanceof Request ? input.url : String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const { status, data = null, message, code } = respond(call);
    return Promise.resolve(new Response(JSON.stringify({ status, code, data, message }), { status }));
  });
  return calls;
}
