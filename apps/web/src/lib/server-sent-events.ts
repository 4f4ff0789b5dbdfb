/**
 * Server-sent events read from a fetch body, as the HTML standard's EventSource reads them
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
 * lines end with LF, CRLF or CR; `event:` names the event, `data:` lines are joined with LF,
 * a line starting with ':' is a comment, and a blank line dispatches the event. EventSource
 * itself cannot POST a body, hence this reader.
 */
export interface ServerSentEvent {
  /** 'message' when the event had no `event:` line. */
  event: string;
  data: string;
  /** The last `id:` seen in the stream, '' when none. */
  id: string;
}

const LF = 10;
const CR = 13;

export interface EventStreamParser {
  /** Takes the next piece of decoded text; the events it completes are given to `onEvent`. */
  feed: (text: string) => void;
  /** The stream ended: an event not closed by a blank line is dropped, as EventSource does. */
  end: () => void;
}

export function createEventStreamParser(onEvent: (event: ServerSentEvent) => void): EventStreamParser {
  /** The start of a line whose end has not arrived yet. */
  let partialLine = '';
  /** The last piece ended with CR: an LF opening the next piece belongs to that line break. */
  let afterCr = false;
  let eventType = '';
  let dataLines: string[] = [];
  let lastEventId = '';

  function dispatch() {
    if (dataLines.length > 0) onEvent({ event: eventType || 'message', data: dataLines.join('\n'), id: lastEventId });
    eventType = '';
    dataLines = [];
  }

  function processLine(line: string) {
    if (line === '') {
      dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        dataLines.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) lastEventId = value;
        break;
      default:
        // 'retry' and unknown fields mean nothing to a one-off POST.
        break;
    }
  }

  function feed(text: string) {
    if (text === '') return;
    let lineStart = afterCr && text.charCodeAt(0) === LF ? 1 : 0;
    afterCr = false;
    for (let index = lineStart; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (code !== LF && code !== CR) continue;
      processLine(partialLine + text.slice(lineStart, index));
      partialLine = '';
      if (code === CR) {
        if (index + 1 === text.length) afterCr = true;
        else if (text.charCodeAt(index + 1) === LF) index += 1;
      }
      lineStart = index + 1;
    }
    partialLine += text.slice(lineStart);
  }

  function end() {
    partialLine = '';
    afterCr = false;
    eventType = '';
    dataLines = [];
  }

  return { feed, end };
}

/**
 * The events of a response body, in order, as they arrive. UTF-8 characters split between
 * chunks are decoded whole; a leading byte-order mark is skipped. Leaving the loop early
 * cancels the body, which closes the connection.
 */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  const ready: ServerSentEvent[] = [];
  const parser = createEventStreamParser((event) => ready.push(event));
  let isDone = false;
  try {
    while (!isDone) {
      const chunk = await reader.read();
      isDone = chunk.done;
      parser.feed(chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true }));
      if (isDone) parser.end();
      for (let event = ready.shift(); event !== undefined; event = ready.shift()) yield event;
    }
  } finally {
    if (!isDone) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
