import { messages } from '@consultorio/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formOf, patientId, patientSummaryOf } from '../../../test/fixtures';
import { everyTypeTemplate, scoredTemplate } from '../testing/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { FormList } from './form-list';

const older = formOf(everyTypeTemplate, {
  id: '00000000-0000-4000-8000-0000000000f1',
  name: 'Avaliação inicial',
  createdAt: '2025-01-01T10:00:00.000Z',
});
const newer = formOf(scoredTemplate, {
  id: '00000000-0000-4000-8000-0000000000f2',
  name: 'Triagem de março',
  createdAt: '2025-03-01T10:00:00.000Z',
});

describe('FormList', () => {
  it('lists the forms newest first, labelled by questionnaire, and filters them as one types', async () => {
    mockApi(() => ({ status: 200, data: { forms: [older, newer], patient: patientSummaryOf() } }));
    renderWithProviders(<FormList patientId={patientId} />);

    await screen.findByRole('article', { name: 'Triagem de março' });
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Triagem de março', 'Avaliação inicial']);
    expect(cards[0]!.textContent).toContain('Mini PHQ');
    expect(cards[1]!.textContent).toContain('Anamnese geral');
    expect(screen.getAllByRole('link', { name: messages.forms.open })[0]!.getAttribute('href')).toBe(
      `/patients/${patientId}/forms/${newer.id}`,
    );

    const search = screen.getByRole('searchbox', { name: messages.forms.searchPlaceholder });
    fireEvent.change(search, { target: { value: 'AVALIACAO' } });
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Avaliação inicial']);

    fireEvent.change(search, { target: { value: 'nada disso' } });
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(screen.getByText(messages.forms.empty)).toBeDefined();
  });
});
