import { messages } from '@consultorio/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test/render';
import { patientQueryKey } from '../api/get-patient';
import { patientOf } from '../testing/fixtures';
import { EditPatientPanel } from './edit-patient-panel';
import { NewPatientPanel } from './new-patient-panel';

const patient = patientOf({ birthdate: '1980-05-10T00:00:00.000Z', phone: '11987654321' });

function urlOf(input: string | URL | Request): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

const noBalance = { finance: { balanceCents: 0, sessions: [], payments: [] } };
const freeDeletion = { deletion: { finalizedRecords: 0, confirmNameRequired: false } };
const notInvited = { access: { invitedAt: null, acceptedAt: null, withdrawnAt: null } };

/** The reads the panel makes by itself: the balance, what a deletion asks for, the portal access. */
const isPanelRead = (input: string | URL | Request) => ['/finance', '/deletion', '/portal-access'].some((end) => urlOf(input).endsWith(end));

/** Answers every call with `data` (the patient's balance with `balance`, the deletion's terms with `deletion`) and remembers what was sent. */
function mockApi(status: number, data: unknown, balance: unknown = noBalance, deletion: unknown = freeDeletion, access: unknown = notInvited) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = urlOf(input);
    if (url.endsWith('/finance')) return Promise.resolve(new Response(JSON.stringify({ status: 200, data: balance }), { status: 200 }));
    if (url.endsWith('/deletion')) return Promise.resolve(new Response(JSON.stringify({ status: 200, data: deletion }), { status: 200 }));
    if (url.endsWith('/portal-access')) return Promise.resolve(new Response(JSON.stringify({ status: 200, data: access }), { status: 200 }));
    return Promise.resolve(new Response(JSON.stringify({ status, data }), { status }));
  });
}

/** The calls but the panel's own reads. */
function patientCalls(fetch: ReturnType<typeof mockApi>) {
  return fetch.mock.calls.filter(([input]) => !isPanelRead(input));
}

function textbox(name: string): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('textbox', { name });
}

describe('NewPatientPanel', () => {
  it('starts in Brasil with +55 and needs only the first name', async () => {
    const fetch = mockApi(201, { patient });
    const onClose = vi.fn();
    renderWithProviders(<NewPatientPanel opened onClose={onClose} />);

    expect(screen.getByRole('dialog', { name: messages.patients.newPatient })).toBeDefined();
    expect(textbox(messages.fields.cc).value).toBe('+55');
    expect(screen.getByDisplayValue('Brasil')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: messages.common.create }));
    expect(await screen.findByText(messages.validation.firstNameRequired)).toBeDefined();
    expect(patientCalls(fetch)).toHaveLength(0);

    fireEvent.change(textbox(messages.fields.firstName), { target: { value: '  João ' } });
    fireEvent.click(screen.getByRole('button', { name: messages.common.create }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [url, init] = patientCalls(fetch)[0]!;
    expect(url).toBe('/v1/users/me/patients');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({
      firstName: 'João',
      lastName: null,
      gender: null,
      birthdate: null,
      country: 'BR',
      cc: '+55',
      phone: null,
      email: null,
      document: null,
      sessionFeeCents: null,
      payerName: null,
      payerDocument: null,
      payerEmail: null,
      remindersOptOut: false,
      whatsappOptIn: false,
    });
    // After a save the form starts over.
    await waitFor(() => expect(textbox(messages.fields.firstName).value).toBe(''));
  });

  it('starts over when closed (after asking whether to discard what was typed)', () => {
    const onClose = vi.fn();
    renderWithProviders(<NewPatientPanel opened onClose={onClose} />);
    fireEvent.change(textbox(messages.fields.firstName), { target: { value: 'Maria' } });
    fireEvent.change(textbox(messages.fields.cc), { target: { value: '+1' } });

    fireEvent.click(screen.getByRole('button', { name: messages.common.close }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: messages.unsavedChanges.discard }));
    expect(onClose).toHaveBeenCalled();
    expect(textbox(messages.fields.firstName).value).toBe('');
    expect(textbox(messages.fields.cc).value).toBe('+55');
  });
});

describe('EditPatientPanel', () => {
  it('keeps what was typed and not saved when the patient changes underneath (a new picture)', async () => {
    mockApi(200, { patient });
    const queryClient = createQueryClient();
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <EditPatientPanel patient={patient} opened onClose={vi.fn()} />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.change(textbox(messages.fields.phone), { target: { value: '11912345678' } });
    queryClient.setQueryData(patientQueryKey(patient.id), { ...patient, avatarExternalKey: 'avatar-1.webp', lastName: 'Souza' });
    await waitFor(() => expect(textbox(messages.fields.lastName).value).toBe('Souza'));
    expect(textbox(messages.fields.phone).value).toBe('11912345678');
  });

  it('loads the patient, with the birthdate as a date, and saves it without a last name, as creating does', async () => {
    const fetch = mockApi(200, { patient: { ...patient, lastName: null } });
    const onClose = vi.fn();
    renderWithProviders(<EditPatientPanel patient={patient} opened onClose={onClose} />);

    expect(textbox(messages.fields.firstName).value).toBe('João');
    expect(textbox(messages.fields.lastName).value).toBe('da Silva');
    expect(textbox(messages.fields.lastName).required).toBe(false);
    expect(screen.getByDisplayValue('10/05/1980')).toBeDefined();
    expect(textbox(messages.fields.phone).value).toBe('11987654321');

    fireEvent.change(textbox(messages.fields.lastName), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = patientCalls(fetch)[0]!;
    expect(url).toBe(`/v1/patients/${patient.id}`);
    expect(JSON.parse(init?.body as string)).toMatchObject({ firstName: 'João', lastName: null });
  });

  it("sends the WhatsApp consent only when its switch was changed (an edit must not undo the patient's 'PARAR')", async () => {
    const consented = { ...patient, phone: '11987654321', whatsappOptIn: true, whatsappOptInAt: '2026-03-05T15:00:00.000Z' };
    const fetch = mockApi(200, { patient: consented });
    const onClose = vi.fn();
    renderWithProviders(<EditPatientPanel patient={consented} opened onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox', { name: messages.fields.firstName }), { target: { value: 'Joãozinho' } });
    fireEvent.click(screen.getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = JSON.parse(patientCalls(fetch)[0]![1]?.body as string) as Record<string, unknown>;
    expect([sent.firstName, 'whatsappOptIn' in sent]).toEqual(['Joãozinho', false]);
  });

  it('sends the reminders opt-out switch with the edit', async () => {
    const fetch = mockApi(200, { patient: { ...patient, remindersOptOut: true } });
    const onClose = vi.fn();
    renderWithProviders(<EditPatientPanel patient={patient} opened onClose={onClose} />);
    const optOut = screen.getByRole<HTMLInputElement>('switch', { name: messages.patients.remindersOptOut });
    expect(optOut.checked).toBe(false);
    fireEvent.click(optOut);
    fireEvent.click(screen.getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = patientCalls(fetch)[0]!;
    expect(url).toBe(`/v1/patients/${patient.id}`);
    expect(JSON.parse(init?.body as string)).toMatchObject({ firstName: 'João', remindersOptOut: true });
  });

  it('shows when the patient agreed to WhatsApp reminders', () => {
    mockApi(200, { patient });
    const consented = { ...patient, whatsappOptIn: true, whatsappOptInAt: '2026-03-05T15:00:00.000Z' };
    renderWithProviders(<EditPatientPanel patient={consented} opened onClose={vi.fn()} />);
    const consent = screen.getByRole<HTMLInputElement>('switch', { name: new RegExp(`^${messages.whatsapp.optInLabel}`) });
    expect(consent.checked).toBe(true);
    expect(consent.labels?.[0]?.closest('.mantine-Switch-root')?.textContent).toContain(messages.whatsapp.optInRecordedOn('05/03/2026'));
  });

  it("shows when the patient answered 'PARAR' by WhatsApp, while the switch is off", () => {
    mockApi(200, { patient });
    const stopped = { ...patient, phone: '11987654321', whatsappStoppedAt: '2026-03-06T15:00:00.000Z' };
    renderWithProviders(<EditPatientPanel patient={stopped} opened onClose={vi.fn()} />);
    const consent = screen.getByRole<HTMLInputElement>('switch', { name: new RegExp(`^${messages.whatsapp.optInLabel}`) });
    expect(consent.checked).toBe(false);
    expect(consent.labels?.[0]?.closest('.mantine-Switch-root')?.textContent).toContain(messages.whatsapp.stoppedOn('06/03/2026'));
  });

  it('deletes only after the confirmation', async () => {
    const fetch = mockApi(200, null);
    const onClose = vi.fn();
    renderWithProviders(<EditPatientPanel patient={patient} opened onClose={onClose} />);

    fireEvent.click(screen.getByRole('button', { name: messages.patients.deletePatient }));
    const dialog = await screen.findByRole('dialog', { name: messages.confirmDelete.title });
    expect(dialog.textContent).toContain(messages.patients.deleteConfirmation);
    expect(patientCalls(fetch)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: messages.common.confirm }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = patientCalls(fetch)[0]!;
    expect(url).toBe(`/v1/patients/${patient.id}`);
    expect(init?.method).toBe('DELETE');
    expect(JSON.parse(init?.body as string)).toEqual({});
  });

  it("shows the patient's balance for sessions held", async () => {
    mockApi(200, { patient }, { finance: { balanceCents: 10000, sessions: [], payments: [] } });
    renderWithProviders(<EditPatientPanel patient={patient} opened onClose={vi.fn()} />);
    expect(await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent?.replace(/\s/g, ' ') === 'Saldo devedor: R$ 100,00')).toBeDefined();
  });

  it('shows when the patient accepted the portal’s terms', async () => {
    mockApi(200, { patient }, noBalance, freeDeletion, { access: { invitedAt: '2026-03-01T12:00:00.000Z', acceptedAt: '2026-03-02T12:00:00.000Z', withdrawnAt: null } });
    renderWithProviders(<EditPatientPanel patient={patient} opened onClose={vi.fn()} />);
    expect(await screen.findByText(messages.portal.access.accepted('02/03/2026'))).toBeDefined();
  });

  it('shows when the patient withdrew their consent in the portal', async () => {
    mockApi(200, { patient }, noBalance, freeDeletion, { access: { invitedAt: '2026-03-01T12:00:00.000Z', acceptedAt: null, withdrawnAt: '2026-03-05T12:00:00.000Z' } });
    renderWithProviders(<EditPatientPanel patient={patient} opened onClose={vi.fn()} />);
    expect(await screen.findByText(messages.portal.access.withdrawn('05/03/2026'))).toBeDefined();
    expect(screen.queryByText(messages.portal.access.pending)).toBeNull();
  });

  it('revokes the portal access only after the confirmation', async () => {
    const fetch = mockApi(200, null, noBalance, freeDeletion, { access: { invitedAt: '2026-03-01T12:00:00.000Z', acceptedAt: '2026-03-02T12:00:00.000Z', withdrawnAt: null } });
    renderWithProviders(<EditPatientPanel patient={patient} opened onClose={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: messages.portal.access.revoke }));
    expect(await screen.findByText(messages.portal.access.revokeConfirmation)).toBeDefined();
    expect(patientCalls(fetch)).toHaveLength(0);
    const dialog = screen.getByRole('dialog', { name: messages.portal.access.revoke });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.portal.access.revoke }));
    await waitFor(() => expect(patientCalls(fetch)).toHaveLength(1));
    const [url, init] = patientCalls(fetch)[0]!;
    expect([url, init?.method]).toEqual([`/v1/patients/${patient.id}/portal-invitation`, 'DELETE']);
  });
});
