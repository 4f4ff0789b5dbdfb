import { defaults, messages, type Expense } from '@consultorio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ExpensesSection } from './expenses-section';
import { formatDay, todayIn } from './finance-format';

const x = messages.tax.expenses;
const rent: Expense = {
  id: '0b1e4c4e-8a5d-4a4f-9d55-6f1d2a3b4c5d',
  date: '2026-03-05',
  code: 'P10.01.00001',
  deductible: true,
  amountCents: 150_000,
  description: 'Aluguel de março',
  receipt: null,
  createdAt: '2026-03-05T12:00:00.000Z',
};

describe('the livro-caixa', () => {
  // First in the file: the fields' chunk is asked for once per page.
  it('draws the date, account and amount at once, read-only, and the focus moves to the real field as it arrives', async () => {
    mockApi(() => ({ status: 200, data: { expenses: [] } }));
    renderWithProviders(<ExpensesSection month="2026-03" currentYear={2026} />);
    const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
    expect(field(x.date).value).toBe('01/03/2026');
    expect(field(x.code).value).toBe('');
    expect(field(x.amount).placeholder).toBe(messages.placeholders.money);
    for (const name of [x.date, x.code, x.amount]) {
      expect(field(name).readOnly, name).toBe(true);
      expect(field(name).required, name).toBe(true);
    }
    expect(field(x.description).readOnly).toBe(false);

    fireEvent.focus(field(x.amount));
    const account = await screen.findByRole<HTMLInputElement>('combobox', { name: x.code });
    expect(account.readOnly).toBe(false);
    expect(field(x.date).readOnly).toBe(false);
    expect(field(x.date).value).toBe('01/03/2026');
    await waitFor(() => expect(document.activeElement).toBe(field(x.amount)));
    expect(field(x.amount).readOnly).toBe(false);
  });

  it('edits an expense in its dialog, and deletes one only after the confirmation', async () => {
    const calls = mockApi((call) => (call.method === 'GET' ? { status: 200, data: { expenses: [rent] } } : { status: 200, data: { expense: rent } }));
    renderWithProviders(<ExpensesSection month="2026-03" currentYear={2026} />);

    fireEvent.click(await screen.findByRole('button', { name: x.edit(rent.description) }));
    const dialog = await screen.findByRole('dialog', { name: x.editTitle });
    const description = within(dialog).getByRole<HTMLInputElement>('textbox', { name: x.description });
    expect(description.value).toBe(rent.description);
    fireEvent.change(description, { target: { value: 'Aluguel de março (sala 2)' } });
    fireEvent.click(screen.getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: `/v1/expenses/${rent.id}`,
      body: { date: '2026-03-05', code: 'P10.01.00001', amountCents: 150_000, description: 'Aluguel de março (sala 2)' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: x.editTitle })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: x.delete(rent.description) }));
    await screen.findByText(x.deleteConfirmation(rent.description));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: messages.common.confirm }));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(`/v1/expenses/${rent.id}`));
  });

  it('dates a new expense today in the month under way', () => {
    mockApi(() => ({ status: 200, data: { expenses: [] } }));
    const today = todayIn(defaults.timeZone);
    renderWithProviders(<ExpensesSection month={today.slice(0, 7)} currentYear={Number(today.slice(0, 4))} />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: x.date }).value).toBe(formatDay(today));
  });
});
