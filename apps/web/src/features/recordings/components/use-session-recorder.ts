import { messages } from '@consultorio/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toasts';
import { finishRecording, uploadChunk } from '../api/recording-calls';
import { AudioMix } from './audio-mix';

/** MediaRecorder cuts the stream every 10 s: a crash or a reload loses at most that. */
export const CHUNK_MS = 10_000;
const RETRY_MS = 2000;

const preferredTypes = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

function supportedType(): string | undefined {
  return preferredTypes.find((type) => MediaRecorder.isTypeSupported(type));
}

export interface RecorderState {
  /** The recording being captured on this page, if any. */
  recordingId: string | null;
  startedAt: number | null;
  sent: number;
  stopping: boolean;
}

const idle: RecorderState = { recordingId: null, startedAt: null, sent: 0, stopping: false };

/**
 * Records the microphone and sends a chunk every 10 seconds, one at a time and in order, trying
 * a failed one again until it goes; `stop` sends what is left and finishes the recording.
 * Starting on a recording that already has chunks (after a reload) continues after them.
 * With `audioSources` (an online session: the microphone and the call's remote audio), their
 * audio is mixed and recorded instead of asking for the microphone; the streams stay the call's.
 */
export function useSessionRecorder(onFinished: () => void, audioSources?: readonly MediaStream[]) {
  const [state, setState] = useState<RecorderState>(idle);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const mix = useRef<AudioMix | null>(null);
  const sources = useRef(audioSources);

  // The call's streams change (the other one reconnects, another microphone): the mix follows.
  useEffect(() => {
    sources.current = audioSources;
    if (audioSources) mix.current?.set(audioSources);
  }, [audioSources]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const next = useRef(0);
  const alive = useRef(true);

  /** Lets go of what was recorded from: the microphone asked for, or the mix of the call's streams. */
  const release = useCallback(() => {
    if (mix.current) {
      mix.current.close();
      mix.current = null;
    } else stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  useEffect(
    () => () => {
      alive.current = false;
      recorder.current?.stop();
      release();
    },
    [release],
  );

  const send = useCallback((recordingId: string, n: number, audio: Blob) => {
    queue.current = queue.current.then(async () => {
      for (;;) {
        try {
          await uploadChunk(recordingId, n, audio);
          if (alive.current) setState((current) => ({ ...current, sent: current.sent + 1 }));
          return;
        } catch (error) {
          // A recording no longer recording (finished elsewhere) takes nothing more.
          if (!alive.current || (error instanceof ApiError && error.status >= 400 && error.status < 500)) return;
          toast.error(messages.recordings.uploadFailed);
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    });
  }, []);

  const start = useCallback(
    async (recordingId: string, firstChunk: number): Promise<boolean> => {
      let media: MediaStream;
      if (sources.current) {
        mix.current = new AudioMix(sources.current);
        media = mix.current.stream;
      } else {
        try {
          media = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
        } catch {
          toast.error(messages.recordings.microphoneDenied);
          return false;
        }
      }
      const mimeType = supportedType();
      const capture = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
      next.current = firstChunk;
      capture.ondataavailable = (event) => {
        if (event.data.size === 0) return;
        const audio = event.data.type ? event.data : new Blob([event.data], { type: capture.mimeType || 'audio/webm' });
        send(recordingId, next.current++, audio);
      };
      stream.current = media;
      recorder.current = capture;
      capture.start(CHUNK_MS);
      setState({ recordingId, startedAt: Date.now(), sent: 0, stopping: false });
      return true;
    },
    [send],
  );

  const stop = useCallback(async () => {
    const capture = recorder.current;
    const recordingId = state.recordingId;
    if (!capture || !recordingId) return;
    setState((current) => ({ ...current, stopping: true }));
    await new Promise<void>((resolve) => {
      capture.addEventListener('stop', () => resolve(), { once: true });
      capture.stop();
    });
    release();
    recorder.current = null;
    await queue.current;
    try {
      const response = await finishRecording(recordingId, next.current);
      if (response.message) toast.success(response.message);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : messages.requestErrors.generic);
    }
    if (alive.current) setState(idle);
    onFinished();
  }, [state.recordingId, onFinished, release]);

  return { state, start, stop };
}

/** Seconds as mm:ss (hh:mm:ss past an hour). */
export function clockText(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${minutes}:${rest}` : `${minutes}:${rest}`;
}
