import { messages } from '@consultorio/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ConfirmDeleteModal } from './confirm-delete-modal';

function renderModal(isDeleting: boolean) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  // The app's theme names the close button.
  renderWithProviders(<ConfirmDeleteModal opened text="Excluir isto?" isDeleting={isDeleting} onConfirm={onConfirm} onClose={onClose} />);
  return { onConfirm, onClose };
}

describe('ConfirmDeleteModal', () => {
  it('asks for confirmation with the given text', () => {
    const { onConfirm, onClose } = renderModal(false);
    expect(screen.getByRole('dialog', { name: messages.confirmDelete.title })).toBeDefined();
    expect(screen.getByText('Excluir isto?')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: messages.common.confirm }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: messages.common.cancel }));
    fireEvent.click(screen.getByRole('button', { name: messages.common.close }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('reads Deletando... and cannot be confirmed or closed while the delete runs', () => {
    const { onConfirm, onClose } = renderModal(true);
    const confirm = screen.getByRole('button', { name: messages.common.deleting });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.click(confirm);
    fireEvent.click(screen.getByRole('button', { name: messages.common.cancel }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
