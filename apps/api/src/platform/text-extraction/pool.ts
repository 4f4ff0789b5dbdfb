import { Piscina } from 'piscina';
import type { ExtractionConfig } from '../../config';
import { workerScript } from '../worker-script';
import { kindOf, unreadableText, type ExtractedText } from './text';
import type { ExtractionTask } from './worker';
import type { ZipCaps } from './zip-check';

export interface TextExtractor {
  /**
   * The text of a stored upload (read from its temporary file) for the model, or null when the
   * type is not read. A file over a limit, corrupt or encrypted gives `unreadableText`. Never throws.
   */
  extract(file: { path: string; filename: string; contentType: string }): Promise<ExtractedText | null>;
  close(): Promise<void>;
}

interface Log {
  warn(object: object, message: string): void;
}

function resolveWorkerScript(): Promise<string> {
  return workerScript('text-extraction-worker', new URL('./worker.ts', import.meta.url));
}

/** A counting semaphore: at most `size` holders at once, the others wait in order. */
class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number) {
    this.free = size;
  }

  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

/**
 * Text extraction in a small fixed pool of worker threads (piscina): extractions beyond
 * `threads` wait in line instead of multiplying memory. Each one has a time limit that starts
 * when it starts (not while it waits), a heap limit, the zip caps and the character cap of
 * `readText`; a file over a limit ends its worker and is reported unreadable, while the stored
 * file stays as it is.
 */
export function createTextExtractor(limits: ExtractionConfig, log: Log): TextExtractor {
  let pool: Piscina | undefined;
  const slots = new Slots(limits.threads);
  const caps: ZipCaps = { maxInflatedBytes: limits.maxInflatedBytes, maxCompressionRatio: limits.maxCompressionRatio };

  async function poolOf(): Promise<Piscina> {
    pool ??= new Piscina({
      filename: await resolveWorkerScript(),
      minThreads: 0,
      maxThreads: limits.threads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb, maxYoungGenerationSizeMb: 32 },
    });
    return pool;
  }

  async function run(task: ExtractionTask): Promise<ExtractedText | null> {
    const workers = await poolOf();
    await slots.acquire();
    try {
      return (await workers.run(task, { signal: AbortSignal.timeout(limits.timeoutMs) })) as ExtractedText | null;
    } finally {
      slots.release();
    }
  }

  return {
    async extract(file) {
      if (kindOf(file.filename, file.contentType) === null) return null;
      try {
        return await run({ ...file, caps });
      } catch (error) {
        log.warn({ err: error, file: file.filename }, 'text extraction stopped');
        return unreadableText;
      }
    },
    async close() {
      await pool?.destroy();
    },
  };
}
