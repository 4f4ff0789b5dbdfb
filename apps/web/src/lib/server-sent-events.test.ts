import { describe, expect, it } from 'vitest';
import { createEventStreamParser, readEventStream, type ServerSentEvent } from './server-sent-events';

function parse(pieces: readonly string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = createEventStreamParser((event) => events.push(event));
  for (const piece of pieces) parser.feed(piece);
  parser.end();
  return events;
}

function bodyOf(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readEventStream(body)) events.push(event);
  return events;
}

/** The bytes cut at the given offsets. */
function splitAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    chunks.push(bytes.slice(start, cut));
    start = cut;
  }
  return chunks;
}

const stream = [
  ': a comment the server sends to keep the connection open',
  'event: delta',
  'data: {"text":"Olá, "}',
  '',
  'event: delta',
  'data: {"text":"ação – 🙂"}',
  '',
  'event: done',
  'data: {"chatsMessages":',
  'data: []}',
  '',
  '',
].join('\n');

const expected: ServerSentEvent[] = [
  { event: 'delta', data: '{"text":"Olá, "}', id: '' },
  { event: 'delta', data: '{"text":"ação – 🙂"}', id: '' },
  { event: 'done', data: '{"chatsMessages":\n[]}', id: '' },
];

describe('createEventStreamParser', () => {
  it('reads named events, skips comments and joins multi-line data with LF', () => {
    expect(parse([stream])).toEqual(expected);
  });

  it('gives the same events whatever the line ends: LF, CRLF or CR alone', () => {
    expect(parse([stream.replaceAll('\n', '\r\n')])).toEqual(expected);
    expect(parse([stream.replaceAll('\n', '\r')])).toEqual(expected);
  });

  it('gives the same events for the text cut anywhere, a CRLF included', () => {
    for (const text of [stream, stream.replaceAll('\n', '\r\n'), stream.replaceAll('\n', '\r')]) {
      for (let cut = 0; cut <= text.length; cut += 1) {
        expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
      }
      expect(parse([...text])).toEqual(expected);
    }
  });

  it('follows the field rules: one optional space, no colon, empty data, unknown fields, id', () => {
    const text = ['data:sem espaço', 'data:  dois espaços', 'retry: 1000', 'foo: bar', 'id: 7', '', 'data', '', 'data:', 'data:', '', ''];
    expect(parse([text.join('\n')])).toEqual([
      { event: 'message', data: 'sem espaço\n dois espaços', id: '7' },
      { event: 'message', data: '', id: '7' },
      { event: 'message', data: '\n', id: '7' },
    ]);
  });

  it('dispatches nothing for an event without data, and forgets its name', () => {
    expect(parse(['event: ping\n\ndata: x\n\n'])).toEqual([{ event: 'message', data: 'x', id: '' }]);
  });

  it('drops an event the stream did not close with a blank line', () => {
    expect(parse(['event: delta\ndata: {"text":"a"}\n\nevent: done\ndata: {}\n'])).toEqual([
      { event: 'delta', data: '{"text":"a"}', id: '' },
    ]);
  });
});

describe('readEventStream', () => {
  const bytes = new TextEncoder().encode(`\uFEFF${stream.replaceAll('\n', '\r\n')}`);

  it('decodes a body cut at every byte, multi-byte characters and CRLF split included', async () => {
    expect(await readAll(bodyOf([bytes]))).toEqual(expected);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(await readAll(bodyOf(splitAt(bytes, [cut])))).toEqual(expected);
    }
  });

  it('decodes a body that arrives one byte at a time', async () => {
    const oneByOne = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(await readAll(bodyOf(oneByOne))).toEqual(expected);
  });

  it('gives each event as soon as its blank line arrives', async () => {
    const encoder = new TextEncoder();
    let push: (text: string) => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
      },
    });
    const events = readEventStream(body);
    push('event: delta\ndata: {"text":"a"}\n');
    push('\nevent: delta\n');
    const first = await events.next();
    expect(first.value).toEqual({ event: 'delta', data: '{"text":"a"}', id: '' });
    // Leaving early cancels the body.
    await events.return(undefined);
    await expect(body.getReader().closed).resolves.toBeUndefined();
  });
});
