import { useEffect, useState } from 'react';

/** Whether the room is open by now, looked at again every 15 seconds while it is not. */
export function useIsOpen(opensAt: string): boolean {
  const [isOpen, setIsOpen] = useState(() => Date.now() >= Date.parse(opensAt));
  useEffect(() => {
    if (isOpen) return undefined;
    const timer = setInterval(() => setIsOpen(Date.now() >= Date.parse(opensAt)), 15_000);
    return () => clearInterval(timer);
  }, [isOpen, opensAt]);
  return isOpen;
}
