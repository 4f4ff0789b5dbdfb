import { messages } from '@consultorio/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { patientSummaryOf, recordOf } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { RecordList } from './record-list';

const patientId = '00000000-0000-4000-8000-0000000000aa';
const older = recordOf({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Avaliação inicial',
  createdAt: '2025-01-01T10:00:00.000Z',
});
const newer = recordOf({
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Resumo da sessão',
  createdAt: '2025-03-01T10:00:00.000Z',
  aiAssistantName: 'Assistente Clínico',
});

describe('RecordList', () => {
  it('lists the records newest first, the assistant as the label, and searches as one types', async () => {
    mockApi(() => ({ status: 200, data: { records: [older, newer], patient: patientSummaryOf(patientId) } }));
    renderWithProviders(<RecordList patientId={patientId} />);

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Resumo da sessão', 'Avaliação inicial']);
    expect(within(cards[0]!).getByText('Assistente Clínico')).toBeDefined();
    expect(within(cards[1]!).getByText(messages.records.updatedOn(messages.common.dash))).toBeDefined();

    fireEvent.change(screen.getByRole('searchbox', { name: messages.records.searchPlaceholder }), {
      target: { value: 'AVALIACAO' },
    });
    const found = screen.getAllByRole('article');
    expect(found.map((card) => card.getAttribute('aria-label'))).toEqual(['Avaliação inicial']);

    fireEvent.change(screen.getByRole('searchbox', { name: messages.records.searchPlaceholder }), {
      target: { value: 'xyz' },
    });
    expect(screen.getByText(messages.records.empty)).toBeDefined();
  });

  it('opens an empty "Novo Prontuário" each time, with no note template chosen', async () => {
    const evolucao = { id: '00000000-0000-4000-8000-0000000000e1', name: 'Evolução (CFP 001/2009)', headings: ['Evolução'], isLibrary: true };
    mockApi((call) =>
      call.url.endsWith('/note-templates')
        ? { status: 200, data: { noteTemplates: [evolucao], defaultNoteTemplateId: evolucao.id } }
        : { status: 200, data: { records: [], patient: patientSummaryOf(patientId) } },
    );
    renderWithProviders(<RecordList patientId={patientId} />);
    expect(await screen.findByText(messages.records.empty)).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: messages.records.newRecord }));
    const dialog = await screen.findByRole('dialog', { name: messages.records.newRecord });
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: messages.records.name });
    expect(name.value).toBe('');
    expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: messages.records.noteTemplate }).value).toBe(messages.records.noteTemplateNone);
    expect(within(dialog).getByRole('button', { name: messages.common.create })).toBeDefined();
  });
});
