import { messages } from '@consultorio/shared';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiResponse } from '../../../lib/api-client';
import { ConfirmationView } from './confirmation-view';

function renderAt(url: string, confirm: (token: string) => Promise<ApiResponse<unknown>>) {
  return render(
    <StrictMode>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={[url]}>
          <ConfirmationView title="Confirmação" successFallback="Confirmado" confirm={confirm} />
        </MemoryRouter>
      </MantineProvider>
    </StrictMode>,
  );
}

describe('ConfirmationView', () => {
  it('sends the token exactly once, even under StrictMode, and shows the server message', async () => {
    const confirm = vi.fn((_token: string) =>
      Promise.resolve({ status: 200, data: null, message: 'Cadastro confirmado!' }),
    );
    renderAt('/confirm-user-registration?token=abc123', confirm);

    expect(await screen.findByText('Cadastro confirmado!')).toBeDefined();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith('abc123');
    expect(screen.getByText(messages.confirmation.goNow)).toBeDefined();
  });

  it('shows the error message of a rejected token', async () => {
    const confirm = vi.fn(() => Promise.reject(new ApiError(400, messages.errors.confirmationInvalid)));
    renderAt('/confirm-user-registration?token=used', confirm);
    expect(await screen.findByText(messages.errors.confirmationInvalid)).toBeDefined();
  });

  it('reports a link without a token and does not call the API', () => {
    const confirm = vi.fn(() => Promise.resolve({ status: 200, data: null }));
    renderAt('/confirm-user-registration', confirm);
    expect(screen.getByText(messages.confirmation.invalidLink)).toBeDefined();
    expect(confirm).not.toHaveBeenCalled();
  });
});
