import { formatPhone } from '@consultorio/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { phoneLine, shortId, usePhoneLine } from './patient-display';

describe('patient card texts', () => {
  it('shortens the id to its first 8 characters', () => {
    expect(shortId('3f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d')).toBe('3f0c2a8e');
    expect(shortId('abc')).toBe('abc');
  });

  it('joins the calling code and the phone, and has nothing without a phone', () => {
    expect(phoneLine('+55', '11987654321')).toBe('+55 (11) 98765-4321');
    expect(phoneLine('+1', '4155552671', formatPhone)).toBe('+1 (415) 555-2671');
    expect(phoneLine('+55', '123', formatPhone)).toBe('+55 123');
    expect(phoneLine('+55', null)).toBeNull();
    expect(phoneLine('+55', '')).toBeNull();
  });

  it('shows a Brazilian mobile at once, and another number as stored until libphonenumber arrives', async () => {
    const brazilian = renderHook(() => usePhoneLine('+55', '11987654321'));
    expect(brazilian.result.current).toBe('+55 (11) 98765-4321');

    const american = renderHook(() => usePhoneLine('+1', '4155552671'));
    expect(american.result.current).toBe('+1 4155552671');
    await waitFor(() => expect(american.result.current).toBe('+1 (415) 555-2671'));
    await act(async () => undefined);
    // Loaded once for every card that comes after.
    expect(renderHook(() => usePhoneLine('+351', '912345678')).result.current).toBe('+351 912 345 678');
  });
});
