import { messages } from '@consultorio/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths';
import { createQueryClient } from '../../lib/query-client';
import { userOf } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { AuthenticatedLayout } from './authenticated-layout';

const PAGE_TEXT = 'Conteúdo da página';
const LOGIN_TEXT = 'Página de login';

/** The server of a session signed in with a recovery password, until its password changes. */
function mockRequiredChange() {
  let mustChangePassword = true;
  return mockApi((call) => {
    if (call.method === 'GET' && call.url === '/v1/users/me') return { status: 200, data: { user: userOf({ mustChangePassword }) } };
    if (call.method === 'PUT' && call.url === '/v1/users/me/password') {
      mustChangePassword = false;
      return { status: 200, message: messages.account.passwordUpdated };
    }
    if (call.method === 'DELETE' && call.url === '/v1/users/users-sessions') return { status: 200, message: messages.success.loggedOut };
    return { status: 403, message: messages.errors.passwordChangeRequired };
  });
}

function renderLayout() {
  // A browser that signed in: the layout asks the server for the session.
  localStorage.setItem('consultorio:signed-in', '1');
  const router = createMemoryRouter(
    [
      { element: <AuthenticatedLayout />, children: [{ path: paths.dashboard, element: <p>{PAGE_TEXT}</p> }] },
      { path: paths.afterLogout, element: <p>{LOGIN_TEXT}</p> },
    ],
    { initialEntries: [paths.dashboard] },
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** A password input (no ARIA role) by the start of its label, which ends with the required mark. */
function passwordInput(scope: HTMLElement, label: string) {
  return within(scope).getByLabelText<HTMLInputElement>(new RegExp(`^${label}`));
}

describe('AuthenticatedLayout with a required password change', () => {
  it('shows only the modal, which cannot be closed, until the new password is saved', async () => {
    const calls = mockRequiredChange();
    renderLayout();
    const dialog = await screen.findByRole('dialog', { name: messages.account.passwordChangeRequiredTitle });
    expect(within(dialog).getByText(messages.account.passwordChangeRequiredText)).toBeDefined();
    expect(screen.queryByText(PAGE_TEXT)).toBeNull();
    expect(screen.queryByRole('link', { name: messages.nav.patients })).toBeNull();
    expect(screen.queryByRole('button', { name: messages.common.close })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: messages.account.passwordChangeRequiredTitle })).toBeDefined();

    fireEvent.change(passwordInput(dialog, messages.fields.currentPassword), { target: { value: 'Temporaria1234ab' } });
    fireEvent.change(passwordInput(dialog, messages.fields.newPassword), { target: { value: 'Segunda22' } });
    fireEvent.change(passwordInput(dialog, messages.fields.newPasswordConfirmation), { target: { value: 'Segunda22' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.account.updatePassword }));

    expect(await screen.findByText(PAGE_TEXT)).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('link', { name: messages.nav.patients })).toBeDefined();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /v1/users/me',
      'PUT /v1/users/me/password',
      'GET /v1/users/me',
    ]);
    expect(calls[1]?.body).toEqual({ userPassword: 'Temporaria1234ab', password: 'Segunda22' });
  });

  it("still signs out with 'Sair'", async () => {
    const calls = mockRequiredChange();
    renderLayout();
    const dialog = await screen.findByRole('dialog', { name: messages.account.passwordChangeRequiredTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.nav.logout }));
    expect(await screen.findByText(LOGIN_TEXT)).toBeDefined();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /v1/users/me', 'DELETE /v1/users/users-sessions']);
  });
});
