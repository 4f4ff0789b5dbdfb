import { messages } from '@consultorio/shared';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { toast } from './toasts';

/**
 * The control of a chunk that is drawn only once the chunk has come (`intentLoad`,
 * `afterPaintLoad`): its lazy component never meets a failed load, which React would keep for good
 * and hand to the page's error screen.
 */
export function loadedLazy<M, P extends object>(loadChunk: () => Promise<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  return lazy(async () => ({ default: pick(await loadChunk()) }));
}

/**
 * A control's chunk did not come when it was reached for (a lost connection, a new version
 * published meanwhile): the stand-in stays where it was, with the focus, and the next reach asks
 * again; the rest of the page, and what was typed in it, are not touched.
 */
export function tellControlLoadFailure(error: unknown): void {
  console.error(error);
  toast.error(messages.app.controlLoadFailure, { id: 'control-load-failure' });
}

/**
 * Where a stand-in becomes its control (issue 34). One Suspense boundary for both: asked for, the
 * stand-in stays drawn (and focused) until the control is ready.
 */
export function StandInSlot({ isWanted, standIn, children }: { isWanted: boolean; standIn: ReactNode; children: ReactNode }) {
  return <Suspense fallback={standIn}>{isWanted ? children : standIn}</Suspense>;
}
