// What the tests of several app instances on one database share: a job queue and scans fast
// enough for a killed worker's job to be retried, and every instance racing for every occurrence,
// within a test; and a wait for what another instance does.

export const HOUR = 3_600_000;

export const fastQueueEnv = { JOB_EXPIRE_SECONDS: '3', JOB_MAINTENANCE_SECONDS: '1', JOB_POLL_SECONDS: '0.5', REMINDER_SCAN_SECONDS: '1' };

export async function waitUntil(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
