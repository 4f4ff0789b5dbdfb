import { formatBrazilianPhone } from '@consultorio/shared';
import { useEffect, useSyncExternalStore } from 'react';

const SHORT_ID_LENGTH = 8;

/** The first characters of a patient's id, enough to tell patients apart on a card. */
export function shortId(id: string): string {
  return id.slice(0, SHORT_ID_LENGTH);
}

type FormatPhone = (cc: string, phone: string) => string;

/**
 * libphonenumber's formatter (33 KB gzip with its metadata), loaded only when a card shows a phone
 * that formatBrazilianPhone does not format: the usual Brazilian mobile or landline needs none
 * (issue 34). One load for every card; each card draws again when it arrives.
 */
let fullFormatter: FormatPhone | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function loadFullFormatter(): void {
  loading ??= import('./full-phone-format').then(
    ({ formatPhone }) => {
      fullFormatter = formatPhone;
      for (const listener of listeners) listener();
    },
    () => {
      // Tried again by the next card that needs it; meanwhile the phone is shown as stored.
      loading = undefined;
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentFormatter = () => fullFormatter;

/** Calling code and phone as shown on a card ('+55 (11) 98765-4321'); null without a phone. */
export function phoneLine(cc: string, phone: string | null, formatter: FormatPhone | undefined = fullFormatter): string | null {
  if (!phone) return null;
  return formatBrazilianPhone(cc, phone) ?? formatter?.(cc, phone) ?? `${cc} ${phone}`;
}

/**
 * The card's phone line: at once for a usual Brazilian number; for any other, as stored until
 * libphonenumber has loaded, then formatted.
 */
export function usePhoneLine(cc: string, phone: string | null): string | null {
  const formatter = useSyncExternalStore(subscribe, currentFormatter);
  const needsFullFormatter = Boolean(phone) && formatBrazilianPhone(cc, phone ?? '') === null;
  useEffect(() => {
    if (needsFullFormatter) loadFullFormatter();
  }, [needsFullFormatter]);
  return phoneLine(cc, phone, formatter);
}
