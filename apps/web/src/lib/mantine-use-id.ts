import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (from `@mantine/hooks`) in the web build: React's id, as Mantine's own
 * starts with, without the random one Mantine swaps in after mounting. That swap drew every
 * input, radio, label and tooltip a second time, synchronously, as a page mounted (a
 * questionnaire's 581 components twice). The app has one React root, so React's ids are unique
 * on the page. `mantineIdFromReact` (vite-plugins.ts) puts this module in the original's place.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  return `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
