// The server's log lines on standard output, written asynchronously by sonic-boom (what pino
// uses itself). pino's own destination registers a synchronous flush at exit, and sonic-boom's
// flushSync retries a failing write for ever, sleeping 100 ms between tries on the main thread:
// when standard output is a pipe whose reader has gone (`npm start | tee log` ended by Ctrl-C, a
// supervisor restarted), a process that exits with a line still buffered hangs there, deaf to
// every later signal and timer. This destination registers nothing at exit: the server writes
// what is buffered with `close`, which gives up at its deadline or at a failed write.
import SonicBoom from 'sonic-boom';

export interface LogDestination {
  /** What the logger writes its lines into. */
  stream: { write(line: string): void };
  /**
   * Writes what is still buffered; resolves once written, at the first failed write or after
   * `timeoutMs`. Lines after it are dropped; a second call answers the first one's promise.
   */
  close(timeoutMs: number): Promise<void>;
}

export function logDestination(fd = 1): LogDestination {
  const output = new SonicBoom({ fd });
  let readerGone = false;
  let closing: Promise<void> | undefined;
  output.on('error', (error: NodeJS.ErrnoException) => {
    // Nothing will ever be read again. Any other failure is retried with the next line.
    if (error.code === 'EPIPE') readerGone = true;
  });
  const flushAndEnd = (timeoutMs: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(deadline);
        resolve();
      };
      const deadline = setTimeout(done, timeoutMs);
      output.once('close', done);
      output.once('error', done);
      output.end();
    });
  return {
    stream: {
      write: (line) => {
        if (!readerGone && !closing) output.write(line);
      },
    },
    close: (timeoutMs) => (closing ??= readerGone ? Promise.resolve() : flushAndEnd(timeoutMs)),
  };
}
