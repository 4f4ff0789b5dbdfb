import { useState } from 'react';

/**
 * True from the first time `active` is true on. A panel loaded on demand is mounted when it is
 * first opened and kept mounted, so that it can slide out with its content when it closes.
 */
export function useLatch(active: boolean): boolean {
  const [latched, setLatched] = useState(active);
  if (active && !latched) setLatched(true);
  return latched || active;
}
