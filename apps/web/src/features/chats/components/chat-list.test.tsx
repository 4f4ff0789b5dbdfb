import { messages } from '@consultorio/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { filterByName, sortNewestFirst } from '../../../lib/named-items';
import { patientSummaryOf } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { chatOf, patientId, writingAssistant } from '../testing/fixtures';
import { assistantColor } from './assistant-badge';
import { ChatList } from './chat-list';

const older = chatOf({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Avaliação inicial',
  creationDate: '2025-01-01T10:00:00.000Z',
  createdAt: '2025-01-01T10:00:00.000Z',
});
const newer = chatOf({
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Revisão do relatório',
  aiAssistantId: writingAssistant.id,
  aiAssistantName: writingAssistant.name,
  creationDate: '2025-03-01T10:00:00.000Z',
  createdAt: '2025-03-01T10:00:00.000Z',
});

describe('chat list order and search', () => {
  it('puts the newest session first and finds a piece of the name ignoring case and accents', () => {
    expect(sortNewestFirst([older, newer]).map((chat) => chat.name)).toEqual(['Revisão do relatório', 'Avaliação inicial']);
    expect(filterByName([older, newer], ' AVALIACAO').map((chat) => chat.name)).toEqual(['Avaliação inicial']);
    expect(filterByName([older, newer], 'revisão do')).toEqual([newer]);
    expect(filterByName([older, newer], 'xyz')).toEqual([]);
    expect(filterByName([older, newer], '  ')).toHaveLength(2);
  });

  it('gives each assistant one colour', () => {
    expect(assistantColor(writingAssistant.id)).toBe(assistantColor(writingAssistant.id));
    expect(typeof assistantColor('')).toBe('string');
  });
});

describe('ChatList', () => {
  it('lists the sessions newest first with the assistant, the date and Abrir, and searches as one types', async () => {
    const calls = mockApi(() => ({ status: 200, data: { chats: [older, newer], patient: patientSummaryOf(patientId) } }));
    renderWithProviders(<ChatList patientId={patientId} />);

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Revisão do relatório', 'Avaliação inicial']);
    expect(calls[0]?.url).toBe(`/v1/patients/${patientId}/chats`);
    expect(within(cards[0]!).getByText(writingAssistant.name)).toBeDefined();
    expect(within(cards[1]!).getByText(messages.chats.createdOn(formatDateTime(older.creationDate)))).toBeDefined();
    expect(within(cards[1]!).getByRole('link', { name: messages.chats.open }).getAttribute('href')).toBe(
      `/patients/${patientId}/chats/${older.id}`,
    );
    expect(within(cards[1]!).getByRole('button', { name: messages.chats.edit })).toBeDefined();

    const search = screen.getByRole('searchbox', { name: messages.chats.searchPlaceholder });
    fireEvent.change(search, { target: { value: 'avaliacao' } });
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Avaliação inicial']);
    fireEvent.change(search, { target: { value: 'xyz' } });
    expect(screen.getByText(messages.chats.empty)).toBeDefined();
  });

  it('says so when there is none, and opens "Nova Sessão com Assistente" empty', async () => {
    mockApi((call) =>
      call.url.endsWith('/ai-assistants')
        ? { status: 200, data: { aiAssistants: [] } }
        : { status: 200, data: { chats: [], patient: patientSummaryOf(patientId) } },
    );
    renderWithProviders(<ChatList patientId={patientId} />);
    expect(await screen.findByText(messages.chats.empty)).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: messages.chats.newChat }));
    const dialog = await screen.findByRole('dialog', { name: messages.chats.newChat });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: messages.chats.name }).value).toBe('');
    expect(
      within(dialog).getByRole<HTMLInputElement>('combobox', { name: messages.chats.assistant }).placeholder,
    ).toBe(messages.chats.assistantPlaceholder);
  });
});
