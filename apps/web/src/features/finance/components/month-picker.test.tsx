import { messages } from '@consultorio/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MonthPicker } from './month-picker';

const f = messages.finance;
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('MonthPicker', () => {
  it('stops at January 1900 and December 2100, the months the API takes', () => {
    const { unmount } = renderWithProviders(<MonthPicker month="1900-01" onChange={vi.fn()} />);
    expect(button(f.previousMonth).disabled).toBe(true);
    expect(button(f.nextMonth).disabled).toBe(false);
    unmount();
    renderWithProviders(<MonthPicker month="2100-12" onChange={vi.fn()} />);
    expect(button(f.previousMonth).disabled).toBe(false);
    expect(button(f.nextMonth).disabled).toBe(true);
  });
});
