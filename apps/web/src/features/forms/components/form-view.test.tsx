import { messages, type FormContent } from '@consultorio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formOf, patientId } from '../../../test/fixtures';
import { everyTypeTemplate, scoredTemplate } from '../testing/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { FormView } from './form-view';

const patient = { id: patientId, firstName: 'Maria', lastName: 'Souza', fullName: 'Maria Souza' };

function chooseRadio(group: string, option: string) {
  fireEvent.click(within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: option }));
}

describe('FormView', () => {
  it('scores the answers as they change, with the band once complete and the alert', async () => {
    const form = formOf(scoredTemplate);
    mockApi(() => ({ status: 200, data: { form, qaTemplate: scoredTemplate, patient } }));
    renderWithProviders(<FormView patientId={patientId} formId={form.id} />);

    const score = await screen.findByRole('region', { name: 'Pontuação Mini PHQ' });
    expect(within(score).getByText(messages.forms.score(0, 9))).toBeDefined();
    expect(within(score).getByText(messages.forms.scoreIncomplete(0, 3))).toBeDefined();

    chooseRadio('Pouco interesse', 'Quase todos os dias');
    chooseRadio('Desânimo', 'Vários dias');
    expect(within(score).getByText(messages.forms.score(4, 9))).toBeDefined();
    expect(within(score).getByText(messages.forms.scoreIncomplete(2, 3))).toBeDefined();
    expect(within(score).queryByRole('alert')).toBeNull();

    chooseRadio('Pensamentos de se ferir', 'Mais da metade dos dias');
    expect(within(score).getByText(messages.forms.score(6, 9))).toBeDefined();
    expect(within(score).getByText('Alto')).toBeDefined();
    expect(within(score).getByRole('alert').textContent).toContain('Atenção ao item 3.');
  });

  it('shows the link to share and keeps the answers when a save fails', async () => {
    const form = formOf(everyTypeTemplate, { content: { '1': 'Professora' } });
    const calls = mockApi((call) =>
      call.method === 'PUT'
        ? { status: 400, message: messages.validation.answerTooLong('1', 500) }
        : { status: 200, data: { form, qaTemplate: everyTypeTemplate, patient } },
    );
    renderWithProviders(<FormView patientId={patientId} formId={form.id} />);

    const link = await screen.findByRole<HTMLInputElement>('textbox', { name: messages.forms.shareTitle });
    expect(link.value).toBe(`${window.location.origin}/form-public-view?token=token-publico`);
    expect(link.readOnly).toBe(true);
    expect(screen.getByRole('button', { name: messages.forms.copy })).toBeDefined();

    fireEvent.change(screen.getByRole('textbox', { name: 'Profissão' }), { target: { value: 'Engenheira' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Horas de sono' }), { target: { value: '7,5' } });
    fireEvent.click(screen.getByRole('button', { name: messages.common.save }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe(`/v1/forms/${form.id}/content`);
    expect((put.body as { content: FormContent }).content).toEqual({ '1': 'Engenheira', '8': 7.5 });
    await waitFor(() => expect(screen.getByRole('button', { name: messages.common.save })).toHaveProperty('disabled', false));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Profissão' }).value).toBe('Engenheira');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Horas de sono' }).value).toBe('7,5');
  });

  it('shows the answers the patient sent as they are: read-only, without “Salvar”', async () => {
    const form = formOf(everyTypeTemplate, {
      content: { '1': 'Professora', '2': 'Casado(a)', '7': '22:30', '9': 'Não' },
      isLocked: true,
      submittedAt: '2025-03-06T12:00:00.000Z',
    });
    const calls = mockApi(() => ({ status: 200, data: { form, qaTemplate: everyTypeTemplate, patient } }));
    renderWithProviders(<FormView patientId={patientId} formId={form.id} />);

    expect(await screen.findByText(messages.forms.submittedReadOnly)).toBeDefined();
    for (const name of ['Profissão', 'Dorme às', 'Motivo', 'Horas de sono']) {
      expect(screen.getByRole<HTMLInputElement>('textbox', { name }).readOnly, name).toBe(true);
    }
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Profissão' }).value).toBe('Professora');
    const maritalStatus = screen.getAllByDisplayValue<HTMLInputElement>('Casado(a)').find((input) => input.type !== 'hidden');
    expect(maritalStatus?.readOnly).toBe(true);
    chooseRadio('Fuma?', 'Sim');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Não' }).checked).toBe(true);
    expect(screen.queryByRole('button', { name: messages.common.save })).toBeNull();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('does not save a half-typed time', async () => {
    const form = formOf(everyTypeTemplate);
    const calls = mockApi(() => ({ status: 200, data: { form, qaTemplate: everyTypeTemplate, patient } }));
    renderWithProviders(<FormView patientId={patientId} formId={form.id} />);

    fireEvent.change(await screen.findByRole('textbox', { name: 'Dorme às' }), { target: { value: '223' } });
    fireEvent.click(screen.getByRole('button', { name: messages.common.save }));
    expect(await screen.findByText(messages.validation.timeInvalid('7'))).toBeDefined();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('locks the form for the patient with the switch', async () => {
    const form = formOf(everyTypeTemplate);
    const calls = mockApi((call) =>
      call.method === 'PUT'
        ? { status: 200, data: { form: { ...form, isLocked: true } }, message: messages.forms.locked }
        : { status: 200, data: { form, qaTemplate: everyTypeTemplate, patient } },
    );
    renderWithProviders(<FormView patientId={patientId} formId={form.id} />);

    const lock = await screen.findByRole<HTMLInputElement>('switch', { name: messages.forms.lockLabel });
    expect(lock.checked).toBe(false);
    fireEvent.click(lock);
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('switch', { name: messages.forms.lockLabel }).checked).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: `/v1/forms/${form.id}`,
      body: { isLocked: true },
    });
  });

  it('does not show another patient’s form under this one', async () => {
    const form = formOf(everyTypeTemplate, { patientId: '99999999-9999-4999-8999-999999999999' });
    mockApi(() => ({ status: 200, data: { form, qaTemplate: everyTypeTemplate, patient } }));
    renderWithProviders(<FormView patientId={patientId} formId={form.id} />);
    expect(await screen.findByText(messages.errors.formNotFound)).toBeDefined();
  });

  it('mails the link from “Enviar por e-mail”, to the patient or a typed address, and shows until when it works', async () => {
    const form = formOf(scoredTemplate, { publicExpiresAt: '2999-03-19T17:30:00.000Z' });
    const sent = { ...form, sentAt: '2025-03-06T12:00:00.000Z', publicExpiresAt: '2999-03-20T12:00:00.000Z' };
    const calls = mockApi((call) =>
      call.url.endsWith('/send')
        ? { status: 202, message: messages.measurement.sent('outra@example.com'), data: { form: sent, sentTo: 'outra@example.com' } }
        : { status: 200, data: { form, qaTemplate: scoredTemplate, patient } },
    );
    renderWithProviders(<FormView patientId={patientId} formId={form.id} />);

    const box = await screen.findByRole('region', { name: messages.measurement.sendByEmail });
    expect(within(box).getByText(/O link vale até/)).toBeDefined();
    fireEvent.click(within(box).getByRole('button', { name: messages.measurement.sendByEmail }));
    const dialog = await screen.findByRole('dialog', { name: messages.measurement.sendTitle });
    // The dialog's form is loaded when it is first opened.
    fireEvent.change(await within(dialog).findByRole('textbox', { name: messages.measurement.sendEmail }), { target: { value: 'nao-e-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.send }));
    expect(await within(dialog).findByText(messages.validation.emailInvalid)).toBeDefined();
    fireEvent.change(within(dialog).getByRole('textbox', { name: messages.measurement.sendEmail }), { target: { value: 'outra@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.send }));

    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/send'))).toHaveLength(1));
    expect(calls.find((call) => call.url.endsWith('/send'))).toEqual({ method: 'POST', url: `/v1/forms/${form.id}/send`, body: { email: 'outra@example.com' } });
    expect(await within(box).findByText(/Enviado por e-mail em/)).toBeDefined();
  });

  it('does not offer to mail a locked form', async () => {
    const form = formOf(scoredTemplate, { isLocked: true, submittedAt: '2025-03-06T12:00:00.000Z', publicExpiresAt: null });
    mockApi(() => ({ status: 200, data: { form, qaTemplate: scoredTemplate, patient } }));
    renderWithProviders(<FormView patientId={patientId} formId={form.id} />);
    const box = await screen.findByRole('region', { name: messages.measurement.sendByEmail });
    expect(within(box).getByRole('button', { name: messages.measurement.sendByEmail })).toHaveProperty('disabled', true);
    expect(within(box).getByText(/Respostas enviadas pelo paciente em/)).toBeDefined();
    expect(within(box).getByText(messages.measurement.linkNoExpiry)).toBeDefined();
  });
});
