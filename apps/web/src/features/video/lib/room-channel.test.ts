import { messages, type VideoSignal } from '@consultorio/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { RoomTransport } from '../api/room-transport';
import { RoomChannel, type RoomChannelHandlers } from './room-channel';

const encoder = new TextEncoder();

/** An event stream the test writes to and ends. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    body,
    send: (event: string, data: unknown) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    end: () => controller.close(),
  };
}

function handlers(): RoomChannelHandlers & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    onWelcome: ({ peerPageId }) => calls.push(`welcome ${peerPageId}`),
    onPeerJoined: (pageId) => calls.push(`joined ${pageId}`),
    onPeerLeft: () => calls.push('left'),
    onSignal: (signal, from) => calls.push(`signal ${signal.kind} from ${from.pageId}`),
    onInterrupted: () => calls.push('interrupted'),
    onRefused: (message) => calls.push(`refused ${message}`),
  };
}

const ids = { clientId: 'aba0000000000001', pageId: 'pagina0000000001' };

describe('RoomChannel', () => {
  it('sends the signals in the order given, one batch at a time, the batch a failure kept first', async () => {
    const batches: string[][] = [];
    let failOnce = true;
    let release: () => void = () => undefined;
    const transport: RoomTransport = {
      openEvents: () => new Promise(() => undefined),
      sendSignals: async (_clientId, signals) => {
        batches.push(signals.map((signal) => (signal.kind === 'chat' ? signal.text : signal.kind)));
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        if (failOnce && batches.length === 1) {
          failOnce = false;
          throw new ApiError(0, messages.requestErrors.network);
        }
      },
    };
    vi.useFakeTimers();
    try {
      const channel = new RoomChannel(transport, ids, handlers());
      const chat = (text: string): VideoSignal => ({ kind: 'chat', text });
      channel.send(chat('um'));
      channel.send(chat('dois'));
      channel.send(chat('três'));
      release();
      await vi.advanceTimersByTimeAsync(1000);
      await vi.advanceTimersByTimeAsync(1000);
      expect(batches).toEqual([['um'], ['um', 'dois', 'três']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands on the events, opens the stream again when it is cut, and stops for good when the room refuses', async () => {
    const first = eventStream();
    let opened = 0;
    const transport: RoomTransport = {
      openEvents: () => {
        opened += 1;
        if (opened === 1) return Promise.resolve(first.body);
        return Promise.reject(new ApiError(409, messages.video.errors.full));
      },
      sendSignals: () => Promise.resolve(),
    };
    const seen = handlers();
    const channel = new RoomChannel(transport, ids, seen);
    channel.start();
    first.send('welcome', { iceServers: [], peerPageId: null });
    first.send('peer-joined', { pageId: 'outra' });
    first.send('signal', { signal: { kind: 'restart' }, pageId: 'outra', at: '2026-11-27T10:00:00.000Z' });
    first.send('peer-left', {});
    first.end();
    await vi.waitFor(() => expect(seen.calls.at(-1)).toBe(`refused ${messages.video.errors.full}`), { timeout: 3000 });
    expect(seen.calls).toEqual(['welcome null', 'joined outra', 'signal restart from outra', 'left', 'interrupted', `refused ${messages.video.errors.full}`]);
    expect(opened).toBe(2);
  });
});
