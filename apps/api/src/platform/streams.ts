import type { Readable } from 'node:stream';

function ignoreUntilSent(): void {}

/**
 * Keeps a file's stream from stopping the process while nobody listens to it yet: between its
 * opening and Fastify piping it (an access-log entry being written), an 'error' event (a stored
 * file that cannot be read, S3's connection dropped) would be unheard. The stream keeps the
 * error, and Fastify still answers it when it sends.
 */
export function holdErrorsUntilSent(stream: Readable): void {
  stream.on('error', ignoreUntilSent);
}
