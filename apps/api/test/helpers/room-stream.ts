// A video room's event stream read as a browser's fetch reads it, from a listening app.

export interface RoomEvent {
  event: string;
  data: Record<string, unknown>;
}

/** One participant's open stream: every event kept in order, taken one by one with `next`. */
export class RoomStream {
  private readonly events: RoomEvent[] = [];
  private readonly waiters: Array<() => void> = [];
  private ended = false;

  private constructor(
    readonly status: number,
    private readonly controller: AbortController,
  ) {}

  /** POSTs `body` to `url` (with the cookie, for the professional); a refusal gives a stream whose status says so. */
  static async open(url: string, body: unknown, cookie?: string): Promise<RoomStream & { failure?: { message: string } }> {
    const controller = new AbortController();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const stream = new RoomStream(response.status, controller);
    if (!response.ok || !response.body) return Object.assign(stream, { failure: (await response.json()) as { message: string } });
    void stream.read(response.body);
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by `close`.
    }
    this.ended = true;
    this.wake();
  }

  private take(block: string): void {
    const lines = block.split('\n');
    const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
    const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
    if (!event || data === undefined) return;
    this.events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
    this.wake();
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** The next event but those `skip` names: fails when it is not `event`, or none comes in time. */
  async nextSkipping(event: string, skip: (found: RoomEvent) => boolean, timeoutMs = 10_000): Promise<RoomEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await this.nextOfAny(event, deadline);
      if (skip(found)) continue;
      if (found.event !== event) throw new Error(`expected '${event}', got '${found.event}' ${JSON.stringify(found.data)}`);
      return found;
    }
  }

  /** The next event (skipping none): fails when it is not `event`, or none comes in time. */
  async next(event: string, timeoutMs = 10_000): Promise<RoomEvent> {
    const found = await this.nextOfAny(event, Date.now() + timeoutMs);
    if (found.event !== event) throw new Error(`expected '${event}', got '${found.event}' ${JSON.stringify(found.data)}`);
    return found;
  }

  /** The next event, whichever it is, waited for until `deadline` (`awaited` names it in the failure). */
  private async nextOfAny(awaited: string, deadline: number): Promise<RoomEvent> {
    while (this.events.length === 0) {
      if (this.ended) throw new Error(`the stream ended before '${awaited}'`);
      if (Date.now() > deadline) throw new Error(`no '${awaited}' in time`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.events.shift()!;
  }

  /** Resolves once the server has ended the stream. */
  async closedByServer(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error('the stream is still open');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  pending(): readonly RoomEvent[] {
    return this.events;
  }

  close(): void {
    this.controller.abort();
  }
}

/** A browser tab's or a page load's id, as the web app makes them. */
export function newClientId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
