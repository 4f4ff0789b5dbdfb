import { messages } from '@consultorio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { formOf, patientId } from '../../../test/fixtures';
import { everyTypeTemplate, scoredTemplate } from '../testing/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { NewFormModal } from './new-form-modal';

function nameBox(): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('textbox', { name: messages.forms.name });
}

/** The modal behind a button, as the list has it. */
function Harness() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        abrir
      </button>
      <NewFormModal patientId={patientId} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

describe('NewFormModal', () => {
  it('is not submitted while a field is empty, then creates with the chosen questionnaire', async () => {
    const calls = mockApi((call) =>
      call.method === 'GET'
        ? { status: 200, data: { qaTemplates: [everyTypeTemplate, scoredTemplate] } }
        : { status: 201, data: { form: formOf(scoredTemplate), qaTemplate: scoredTemplate } },
    );
    const onClose = vi.fn();
    renderWithProviders(<NewFormModal patientId={patientId} opened onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: messages.forms.newForm });
    const template = within(dialog).getByRole<HTMLInputElement>('combobox', { name: messages.forms.template });
    expect(template.placeholder).toBe(messages.common.select);

    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.create }));
    expect(await screen.findByText(messages.validation.nameRequired)).toBeDefined();
    expect(screen.getByText(messages.validation.templateRequired)).toBeDefined();

    fireEvent.change(nameBox(), { target: { value: 'Triagem' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.create }));
    await screen.findByText(messages.validation.templateRequired);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.click(template);
    fireEvent.click(await screen.findByRole('option', { name: 'Mini PHQ' }));
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.create }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: `/v1/patients/${patientId}/forms`,
      body: { name: 'Triagem', qaTemplateId: scoredTemplate.id },
    });
  });

  it('starts empty at every opening, with an empty list when the questionnaires cannot be loaded', async () => {
    mockApi(() => ({ status: 500, message: messages.requestErrors.generic }));
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'abrir' }));
    fireEvent.change(nameBox(), { target: { value: 'Rascunho' } });
    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: messages.common.close })[1]!);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: messages.unsavedChanges.discard }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'abrir' }));
    expect(nameBox().value).toBe('');

    fireEvent.click(screen.getByRole('combobox', { name: messages.forms.template }));
    await waitFor(() => expect(screen.queryAllByRole('option')).toEqual([]));
  });
});
