import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Gives memory back to the system once the server has gone idle (docs/decisions.md, "Memory,
 * fourth part"):
 * - after 20 s, the pages glibc's malloc still holds after V8's compilers and the requests freed
 *   them: free pages inside the main arena stay resident until `malloc_trim` returns them (10-13
 *   MB of an idle server's 210 MB). glibc only gives back the free top of an arena by itself and
 *   Node.js has no call for it, so koffi (a foreign-function library with prebuilt binaries)
 *   calls it;
 * - after 1 and 5 min, also V8's heap: a last-resort collection compacts it and drops the
 *   compiled code nothing has run lately (8-15 MB; V8's own memory reducer, some 10 s into an
 *   idle spell, leaves the heap of a restarted server 10 MB larger than it needs). The next
 *   request compiles again what it runs, a few milliseconds once.
 *
 * Idle means the process used under 2% of a CPU for a whole check interval: requests, WebSocket
 * rooms and jobs all count, without hooking into each. Nothing runs under load, where the pages
 * given back would only be faulted in again.
 */
export interface IdleMemoryTrim {
  stop(): void;
}

export type IdleAction = 'trim' | 'compact';

interface TrimOptions {
  /** How often the CPU use is read. */
  checkEveryMs?: number;
  /** After how many idle checks in a row malloc's free pages are given back. */
  trimAfterIdleChecks?: readonly number[];
  /** After how many idle checks in a row the heap is compacted (and malloc trimmed after it). */
  compactAfterIdleChecks?: readonly number[];
}

const IDLE_CPU_SHARE = 0.02;

type MallocTrim = (pad: number) => number;
type CollectGarbage = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export async function loadMallocTrim(): Promise<MallocTrim | undefined> {
  if (process.platform !== 'linux') return undefined;
  // musl has no libc.so.6 and no malloc_trim: the load fails and nothing is trimmed.
  try {
    const { default: koffi } = await import('koffi');
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => unknown;
    return (pad) => Number(trim(pad));
  } catch {
    return undefined;
  }
}

/** V8's `gc`, taken from a context of its own so that no code of the server's sees a global `gc`. */
export function loadHeapCompaction(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as CollectGarbage;
    // Contexts and worker threads made from now on get no `gc` of their own.
    setFlagsFromString('--no-expose-gc');
    return () => collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } catch {
    return undefined;
  }
}

/** Says, check after check (busy or not), what to do now: at the given counts of idle checks in a row. */
export function idleSchedule(trimAfter: readonly number[], compactAfter: readonly number[]): (busy: boolean) => IdleAction | undefined {
  let idleChecks = 0;
  return (busy) => {
    idleChecks = busy ? 0 : idleChecks + 1;
    if (compactAfter.includes(idleChecks)) return 'compact';
    return trimAfter.includes(idleChecks) ? 'trim' : undefined;
  };
}

/** Starts the idle checks; answers undefined where malloc_trim is not available. */
export async function startIdleMemoryTrim(options: TrimOptions = {}): Promise<IdleMemoryTrim | undefined> {
  const mallocTrim = await loadMallocTrim();
  if (!mallocTrim) return undefined;
  const compactHeap = loadHeapCompaction();
  const checkEveryMs = options.checkEveryMs ?? 10_000;
  const actionFor = idleSchedule(options.trimAfterIdleChecks ?? [2], options.compactAfterIdleChecks ?? [6, 30]);
  let lastCpu = process.cpuUsage();
  const timer = setInterval(() => {
    const cpu = process.cpuUsage(lastCpu);
    const busy = (cpu.user + cpu.system) / 1000 > checkEveryMs * IDLE_CPU_SHARE;
    const action = actionFor(busy);
    if (action === 'compact') compactHeap?.();
    if (action) mallocTrim(0);
    // Read after the work above, so that it does not count as the next interval's activity.
    lastCpu = process.cpuUsage();
  }, checkEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
