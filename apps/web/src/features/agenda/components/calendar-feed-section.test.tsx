import { messages } from '@consultorio/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { CalendarFeedSection } from './calendar-feed-section';

const a = messages.agenda;
const oldUrl = 'http://localhost/v1/calendar/antigo.ics';
const newUrl = 'http://localhost/v1/calendar/novo.ics';

describe('CalendarFeedSection', () => {
  it('shows the address, and makes a new one with full names only after the warning', async () => {
    const calls = mockApi((call) =>
      call.method === 'POST'
        ? { status: 200, data: { url: newUrl, fullNames: true }, message: a.feedRenewed }
        : { status: 200, data: { url: oldUrl, fullNames: false } },
    );
    renderWithProviders(<CalendarFeedSection />);
    const address = await screen.findByRole<HTMLInputElement>('textbox', { name: a.feedUrl });
    expect(address.value).toBe(oldUrl);
    expect(screen.getByText(a.feedShowsInitials)).toBeDefined();
    expect(screen.getByRole('button', { name: a.feedCopy })).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: a.feedRenew }));
    expect(screen.getByText(a.feedRenewText)).toBeDefined();
    expect(calls).toHaveLength(1);
    fireEvent.click(screen.getByRole('switch', { name: new RegExp(a.feedFullNames.replace(/[()]/g, '\\$&')) }));
    fireEvent.click(screen.getByRole('button', { name: a.feedRenew }));

    await waitFor(() => expect(address.value).toBe(newUrl));
    expect(calls[1]).toEqual({ method: 'POST', url: '/v1/users/me/calendar-feed', body: { fullNames: true } });
    expect(screen.getByText(a.feedShowsFullNames)).toBeDefined();
  });
});
