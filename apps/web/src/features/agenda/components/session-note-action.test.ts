import { describe, expect, it } from 'vitest';
import { canRegisterNote } from './session-note-action';

describe("'Registrar evolução'", () => {
  const now = Date.parse('2026-03-05T15:00:00Z');
  const at = (minutesFromNow: number) => new Date(now + minutesFromNow * 60_000).toISOString();

  it('is offered from an hour before the session, and for any session held', () => {
    expect(canRegisterNote({ status: 'scheduled', startsAt: at(60) }, now)).toBe(true);
    expect(canRegisterNote({ status: 'attended', startsAt: at(-24 * 60) }, now)).toBe(true);
    expect(canRegisterNote({ status: 'no_show', startsAt: at(-50) }, now)).toBe(true);
  });

  it('is not offered for a session days ahead, a cancelled one, or one awaiting approval', () => {
    expect(canRegisterNote({ status: 'scheduled', startsAt: at(61) }, now)).toBe(false);
    expect(canRegisterNote({ status: 'confirmed', startsAt: at(3 * 24 * 60) }, now)).toBe(false);
    expect(canRegisterNote({ status: 'cancelled', startsAt: at(-60) }, now)).toBe(false);
    expect(canRegisterNote({ status: 'requested', startsAt: at(-10) }, now)).toBe(false);
  });
});
