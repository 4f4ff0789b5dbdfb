import { formatPhone } from '@consultorio/shared';

const SHORT_ID_LENGTH = 8;

/** The first characters of a patient's id, enough to tell patients apart on a card. */
export function shortId(id: string): string {
  return id.slice(0, SHORT_ID_LENGTH);
}

/** Calling code and phone as shown on a card ('+55 (11) 98765-4321'); null without a phone. */
export function phoneLine(cc: string, phone: string | null): string | null {
  return phone ? formatPhone(cc, phone) : null;
}
