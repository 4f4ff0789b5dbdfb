import { messages } from '@consultorio/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { everyTypeTemplate, formOf, patientId, scoredTemplate } from '../testing/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { FormList } from './form-list';

const older = formOf(everyTypeTemplate, { id: 'f1', name: 'Avaliação inicial', createdAt: '2025-01-01T10:00:00.000Z' });
const newer = formOf(scoredTemplate, { id: 'f2', name: 'Triagem de março', createdAt: '2025-03-01T10:00:00.000Z' });

describe('FormList', () => {
  it('lists the forms newest first, labelled by questionnaire, and filters them as one types', async () => {
    mockApi(() => ({ status: 200, data: { forms: [older, newer], patient: {} } }));
    renderWithProviders(<FormList patientId={patientId} />);

    await screen.findByRole('article', { name: 'Triagem de março' });
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Triagem de março', 'Avaliação inicial']);
    expect(cards[0]!.textContent).toContain('Mini PHQ');
    expect(cards[1]!.textContent).toContain('Anamnese geral');
    expect(screen.getAllByRole('link', { name: messages.forms.open })[0]!.getAttribute('href')).toBe(
      `/patients/${patientId}/forms/f2`,
    );

    const search = screen.getByRole('searchbox', { name: messages.forms.searchPlaceholder });
    fireEvent.change(search, { target: { value: 'AVALIACAO' } });
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Avaliação inicial']);

    fireEvent.change(search, { target: { value: 'nada disso' } });
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(screen.getByText(messages.forms.empty)).toBeDefined();
  });
});
