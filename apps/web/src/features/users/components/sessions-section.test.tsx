import { messages, type AccountSession } from '@consultorio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { mockApi, type ApiCall } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { SessionsSection } from './sessions-section';

const other: AccountSession = {
  id: '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  device: 'Firefox 133 · Android',
  ip: null,
  lastUsedAt: '2025-03-06T12:00:00.000Z',
  createdAt: '2025-03-01T12:00:00.000Z',
  current: false,
};
const current: AccountSession = {
  id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  device: 'Chrome 131 · Windows',
  ip: '203.0.113.7',
  lastUsedAt: '2025-03-05T17:30:00.000Z',
  createdAt: '2025-03-05T17:30:00.000Z',
  current: true,
};
const another: AccountSession = { ...other, id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', device: 'Safari 18 · iOS', ip: '198.51.100.2' };

/** Answers the list with `sessions`, which a DELETE changes as the server would. */
function mockSessions(initial: AccountSession[]) {
  let sessions = initial;
  return mockApi((call: ApiCall) => {
    if (call.method === 'GET') return { status: 200, data: { sessions } };
    if (call.url === '/v1/users/me/sessions') {
      sessions = sessions.filter((session) => session.current);
      return { status: 200, message: messages.account.otherSessionsEnded };
    }
    sessions = sessions.filter((session) => !call.url.endsWith(session.id));
    return { status: 200, message: messages.account.sessionEnded };
  });
}

const sessionList = () => screen.findByRole('list', { name: messages.account.sessionsSection });
const endOthersButton = () => screen.getByRole('button', { name: messages.account.endOtherSessions });

describe('SessionsSection', () => {
  it('lists the sessions, this one first and marked, with address (or unknown) and last use', async () => {
    mockSessions([other, current]);
    renderWithProviders(<SessionsSection />);
    expect(screen.getByRole('heading', { name: messages.account.sessionsSection })).toBeDefined();
    expect(screen.getByText(messages.account.sessionsIntro)).toBeDefined();

    const items = within(await sessionList()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText(current.device)).toBeDefined();
    expect(within(first).getByText(messages.account.thisSession)).toBeDefined();
    expect(within(first).getByText('203.0.113.7')).toBeDefined();
    expect(within(first).getByText(formatDateTime(current.lastUsedAt))).toBeDefined();
    expect(within(first).queryByRole('button')).toBeNull();

    expect(within(second).getByText(other.device)).toBeDefined();
    expect(within(second).queryByText(messages.account.thisSession)).toBeNull();
    expect(within(second).getByText(messages.account.unknownAddress)).toBeDefined();
    expect(within(second).getByText(formatDateTime(other.lastUsedAt))).toBeDefined();
    expect(within(second).getByRole('button', { name: messages.account.endSessionLabel(other.device) })).toBeDefined();
    expect(screen.queryByText(messages.account.sessionsEmpty)).toBeNull();
  });

  it('ends one other session and lists again', async () => {
    const calls = mockSessions([current, other, another]);
    renderWithProviders(<SessionsSection />);
    await sessionList();
    fireEvent.click(screen.getByRole('button', { name: messages.account.endSessionLabel(other.device) }));

    await waitFor(() => expect(screen.queryByText(other.device)).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: `/v1/users/me/sessions/${other.id}`, body: undefined },
    ]);
    expect(screen.getByText(another.device)).toBeDefined();
    expect(endOthersButton()).toHaveProperty('disabled', false);
  });

  it('ends all the others; with none left the button is disabled and the list says so', async () => {
    const calls = mockSessions([current, other, another]);
    renderWithProviders(<SessionsSection />);
    await sessionList();
    fireEvent.click(endOthersButton());

    expect(await screen.findByText(messages.account.sessionsEmpty)).toBeDefined();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/v1/users/me/sessions', body: undefined },
    ]);
    expect(within(await sessionList()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText(current.device)).toBeDefined();
    expect(endOthersButton()).toHaveProperty('disabled', true);
  });
});
