import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { idleSchedule, loadHeapCompaction, loadMallocTrim } from '../src/platform/idle-memory-trim';

describe('idle memory trim', () => {
  it("calls glibc's malloc_trim through koffi's prebuilt binary", async () => {
    const mallocTrim = await loadMallocTrim();
    expect(mallocTrim).toBeTypeOf('function');
    // 1 when memory was given back, 0 when there was none to give: either way glibc answered.
    expect([0, 1]).toContain(mallocTrim?.(0));
  });

  it("compacts V8's heap without a global gc", () => {
    const compact = loadHeapCompaction();
    expect(compact).toBeTypeOf('function');
    expect('gc' in globalThis).toBe(false);
    expect(runInNewContext('typeof gc')).toBe('undefined');
    // 200 arrays of 20,000 doubles (32 MB) that nothing holds once the function returns.
    const makeGarbage = () => Array.from({ length: 200 }, () => Array.from({ length: 20_000 }, (_, index) => index + 0.5)).length;
    expect(makeGarbage()).toBe(200);
    const before = process.memoryUsage().heapUsed;
    compact?.();
    expect(before - process.memoryUsage().heapUsed).toBeGreaterThan(20 * 1024 * 1024);
  });

  it('trims at the second idle check in a row, compacts at the sixth and thirtieth, never while busy, and starts over after a busy spell', () => {
    const actionFor = idleSchedule([2], [6, 30]);
    const run = (busy: boolean[]) => busy.map((isBusy) => actionFor(isBusy));
    expect(run([true, false, false, false, false, false, false])).toEqual([undefined, undefined, 'trim', undefined, undefined, undefined, 'compact']);
    expect(run(Array<boolean>(24).fill(false))).toEqual([...Array<undefined>(23).fill(undefined), 'compact']);
    expect(run([false, true, false, false])).toEqual([undefined, undefined, undefined, 'trim']);
  });
});
