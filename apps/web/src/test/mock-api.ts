import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

type Answer = { status: number; data?: unknown; message?: string };

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
    const { status, data = null, message } = respond(call);
    return Promise.resolve(new Response(JSON.stringify({ status, data, message }), { status }));
  });
  return calls;
}
