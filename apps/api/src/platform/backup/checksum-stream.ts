import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

export interface Checksum {
  bytes: number;
  sha256: string;
  /** Newlines seen: the rows of a table's COPY text. */
  lines: number;
}

/** Passes bytes through unchanged and measures them; `checksum` is set once the input has ended. */
export class ChecksumStream extends Transform {
  private readonly hash = createHash('sha256');
  private bytes = 0;
  private lines = 0;
  checksum: Checksum | undefined;
  /** With `expected`, the latest chunk waits for the next one or for the check: a reader never has the whole of a wrong entry. */
  private held: Buffer | undefined;

  /** `expected`: fail at the end, instead of passing the last bytes on, when they differ. */
  constructor(private readonly expected?: { bytes: number; sha256: string; onMismatch: () => Error }) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) this.lines += 1;
    if (!this.expected) {
      callback(null, chunk);
      return;
    }
    const previous = this.held;
    this.held = chunk;
    callback(null, previous);
  }

  override _flush(callback: TransformCallback): void {
    this.checksum = { bytes: this.bytes, sha256: this.hash.digest('hex'), lines: this.lines };
    const { expected } = this;
    if (expected && (expected.bytes !== this.checksum.bytes || expected.sha256 !== this.checksum.sha256)) {
      callback(expected.onMismatch());
      return;
    }
    callback(null, this.held);
  }
}
