import { messages } from '@consultorio/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MonthPicker, MonthPickerStandIn } from './month-picker';
import { MonthPickerField } from './month-picker-input';

const f = messages.finance;
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('MonthPicker', () => {
  // First in the file: the calendar's chunk is asked for once per page.
  it('draws the month at once and, clicked before the calendar has arrived, opens it as it arrives', async () => {
    renderWithProviders(<MonthPicker month="2026-03" onChange={vi.fn()} />);
    const standIn = button(f.month);
    expect(standIn.textContent).toBe('março de 2026');
    expect(document.querySelector('[data-dates-input]')).toBeNull();
    fireEvent.click(standIn);
    // Open as a click on the field itself leaves it: the focus on the shown month.
    await waitFor(() => expect(document.querySelector('[data-dates-dropdown]')?.contains(document.activeElement)).toBe(true));
    expect(button(f.month).hasAttribute('data-dates-input')).toBe(true);
    expect(document.activeElement?.textContent).toBe('mar');
  });

  it("draws every month's stand-in with the text, name and attributes of the calendar's field", () => {
    for (let monthNumber = 1; monthNumber <= 12; monthNumber++) {
      const month = `2026-${String(monthNumber).padStart(2, '0')}`;
      const { unmount } = renderWithProviders(
        <>
          <MonthPickerStandIn month={month} onFocus={vi.fn()} onBlur={vi.fn()} onPointerDown={vi.fn()} onClick={vi.fn()} onKeyDown={vi.fn()} />
          <MonthPickerField month={month} onChange={vi.fn()} takesFocus={false} opensAtOnce={false} />
        </>,
      );
      const [standIn, field] = screen.getAllByRole<HTMLButtonElement>('button', { name: f.month });
      expect(standIn!.textContent).toBe(field!.textContent);
      for (const attribute of ['type', 'data-multiline', 'data-variant', 'data-size', 'aria-invalid']) {
        expect(standIn!.getAttribute(attribute), attribute).toBe(field!.getAttribute(attribute));
      }
      // The field's own class (m_6fa5e2aa in @mantine/dates' stylesheet: cursor and line height) is the stand-in's style.
      const classes = (element: HTMLElement) => element.className.replace(/\s*(m_6fa5e2aa|mantine-MonthPickerInput-input)/g, '').trim();
      expect(classes(standIn!)).toBe(classes(field!));
      expect(field!.classList.contains('m_6fa5e2aa')).toBe(true);
      expect(standIn!.style.cursor).toBe('pointer');
      expect(standIn!.style.lineHeight).toBe('unset');
      unmount();
    }
  });

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
