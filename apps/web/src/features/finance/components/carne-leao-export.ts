import { useCallback, useState } from 'react';

/**
 * When this browser last downloaded a year's Carnê-Leão file, per professional and year, until
 * its payments are marked issued: 'Marcar como emitidos' is still offered after a reload or on
 * coming back from e-CAC the next day (only payments registered by then are marked).
 */
function keyOf(userId: string, year: number): string {
  return `consultorio.carne-leao-export.${userId}.${year}`;
}

function read(key: string): string | null {
  try {
    const value = window.localStorage.getItem(key);
    return value !== null && !Number.isNaN(Date.parse(value)) ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled: kept in the page only.
  }
}

/** The instant of the year's last download not yet marked issued, and its setter (null forgets it). */
export function useKeptExport(userId: string, year: number): readonly [string | null, (value: string | null) => void] {
  const key = keyOf(userId, year);
  const [kept, setKept] = useState(() => ({ key, value: read(key) }));
  if (kept.key !== key) setKept({ key, value: read(key) });
  const value = kept.key === key ? kept.value : read(key);
  const set = useCallback(
    (next: string | null) => {
      write(key, next);
      setKept({ key, value: next });
    },
    [key],
  );
  return [value, set] as const;
}
