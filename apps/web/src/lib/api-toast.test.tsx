import { messages } from '@consultorio/shared';
import { act, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { toastApiError } from './api-toast';

describe('toastApiError', () => {
  it('shows the same failure once, however many calls it ends, and a different one beside it', async () => {
    render(<Toaster />);
    await act(async () => {
      for (let card = 0; card < 40; card += 1) toastApiError(new TypeError('Failed to fetch'));
      toastApiError(new ApiError(404, 'Paciente não encontrado.', 'NOT_FOUND'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findAllByText(messages.requestErrors.generic)).toHaveLength(1);
    expect(screen.getAllByText('Paciente não encontrado.')).toHaveLength(1);
  });
});
