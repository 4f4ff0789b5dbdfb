import { expect, type Locator } from '@playwright/test';

/**
 * A locator's box once it is drawn: right after an assertion passes, React may still hide the
 * tree for a frame (a Suspense boundary waiting for another chunk), and `boundingBox` then
 * answers null. Polled until the box is there.
 */
export async function drawnBox(locator: Locator): Promise<NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>> {
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect.poll(async () => (box = await locator.boundingBox())).not.toBeNull();
  return box!;
}
