import { useCallback, useEffect, useRef, useState } from 'react';

const TICK_MS = 250;

export interface CountdownOptions {
  /** Starts counting from this many seconds as soon as the component mounts. */
  startAtSeconds?: number;
  onFinish?: () => void;
}

export interface Countdown {
  /** Whole seconds left, rounded up; 0 when not running. */
  secondsLeft: number;
  isRunning: boolean;
  /** Starts (or restarts) counting down from `seconds`. */
  start: (seconds: number) => void;
}

function deadlineIn(seconds: number | undefined): number | null {
  return seconds === undefined ? null : Date.now() + seconds * 1000;
}

/**
 * A countdown measured against the clock rather than by counting ticks, so that it stays
 * right when the browser slows timers down in a background tab.
 */
export function useCountdown({ startAtSeconds, onFinish }: CountdownOptions = {}): Countdown {
  const [deadline, setDeadline] = useState(() => deadlineIn(startAtSeconds));
  const [secondsLeft, setSecondsLeft] = useState(startAtSeconds ?? 0);
  const onFinishRef = useRef(onFinish);

  useEffect(() => {
    onFinishRef.current = onFinish;
  }, [onFinish]);

  useEffect(() => {
    if (deadline === null) return undefined;
    const timer = setInterval(() => {
      const remainingMs = deadline - Date.now();
      if (remainingMs > 0) {
        setSecondsLeft(Math.ceil(remainingMs / 1000));
        return;
      }
      clearInterval(timer);
      setSecondsLeft(0);
      setDeadline(null);
      onFinishRef.current?.();
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    setSecondsLeft(seconds);
    setDeadline(deadlineIn(seconds));
  }, []);

  return { secondsLeft, isRunning: deadline !== null, start };
}
