import { messages } from '@consultorio/shared';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { BusyModal } from './busy-modal';
import { NameForm } from './name-form';
import { SidePanel } from './side-panel';

const u = messages.unsavedChanges;
const resolver = async (values: { name: string }) => ({ values, errors: {} });

function renderNameModal() {
  const onClose = vi.fn();
  renderWithProviders(
    <BusyModal opened title="Novo Prontuário" isBusy={false} onClose={onClose}>
      <NameForm label="Nome" defaultName="" resolver={resolver} submitLabel="Criar" disabled={false} onClose={onClose} onSubmit={vi.fn()} />
    </BusyModal>,
  );
  return { onClose, name: () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Nome' }) };
}

const pressEscape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

describe('a modal form with typed data', () => {
  it('closes at once on Escape while nothing was typed', () => {
    const { onClose } = renderNameModal();
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("asks before Escape, the close button or 'Fechar' lose what was typed; 'Continuar editando' (or Escape) keeps it", () => {
    const { onClose, name } = renderNameModal();
    fireEvent.change(name(), { target: { value: 'Sessão de abril' } });

    pressEscape();
    expect(screen.getByRole('alert').textContent).toContain(u.title);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: u.keepEditing }));
    pressEscape();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(name().value).toBe('Sessão de abril');

    // The modal's own close button, then the form's 'Fechar' (both named 'Fechar').
    const [closeButton, formClose] = screen.getAllByRole('button', { name: messages.common.close });
    fireEvent.click(closeButton!);
    fireEvent.click(screen.getByRole('button', { name: u.keepEditing }));
    expect(name().value).toBe('Sessão de abril');
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(formClose!);
    fireEvent.click(screen.getByRole('button', { name: u.discard }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks the same in a side panel whose form was changed', () => {
    const onClose = vi.fn();
    function PatientPanel() {
      const [isDirty, setIsDirty] = useState(false);
      return (
        <SidePanel opened title="Novo Paciente" isDirty={isDirty} onClose={onClose}>
          <button type="button" onClick={() => setIsDirty(true)}>
            Alterar
          </button>
        </SidePanel>
      );
    }
    renderWithProviders(<PatientPanel />);
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Alterar' }));
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: u.discard }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
