import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DateField } from './date-field';

describe('DateField', () => {
  it("heads its calendar with the month as Portuguese writes it: 'novembro de 2026'", async () => {
    renderWithProviders(<DateField label="Data" locale="pt-br" defaultValue="2026-11-10" valueFormat="DD/MM/YYYY" />);
    fireEvent.click(screen.getByRole('textbox', { name: 'Data' }));
    expect(await screen.findByText('novembro de 2026')).toBeDefined();
  });
});
