import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('runs the load once for every caller, and again after a failure', async () => {
    let runs = 0;
    let fails = true;
    const load = loadOnce(async () => {
      runs += 1;
      if (fails) throw new Error('chunk did not come');
      return 'module';
    });
    await expect(load()).rejects.toThrow('chunk did not come');
    fails = false;
    const [first, second] = await Promise.all([load(), load()]);
    expect([first, second, runs]).toEqual(['module', 'module', 2]);
    await load();
    expect(runs).toBe(2);
  });
});
