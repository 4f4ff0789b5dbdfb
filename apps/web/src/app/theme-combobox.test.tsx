import { Select } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';

const options = Array.from({ length: 40 }, (_, index) => `Opção ${index + 1}`);

describe('theme: lists', () => {
  it("draws a closed list's options only when it opens", () => {
    renderWithProviders(<Select label="Conta" data={options} />);
    expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(0);
    fireEvent.click(screen.getByRole('combobox', { name: 'Conta' }));
    expect(screen.getAllByRole('option')).toHaveLength(40);
  });
});
