import { messages } from '@consultorio/shared';
import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSelectedPatient, selectPatient, useSelectedPatient } from '../../../lib/selected-patient';
import { renderWithProviders } from '../../../test/render';
import { patientOf } from '../testing/fixtures';
import { PatientArea } from './patient-area';

const patient = patientOf();

function answer(status: number, body: unknown) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );
}

function renderArea() {
  return renderWithProviders(
    <PatientArea patientId={patient.id} title={messages.patients.areas.chats}>
      <p>conteúdo</p>
    </PatientArea>,
  );
}

describe('PatientArea', () => {
  afterEach(() => clearSelectedPatient());

  it('selects the visited patient and shows their name under the area title', async () => {
    answer(200, { status: 200, data: { patient } });
    const selection = renderHook(() => useSelectedPatient());
    renderArea();

    expect(await screen.findByRole('heading', { name: messages.patients.areas.chats })).toBeDefined();
    expect(screen.getByText('João da Silva')).toBeDefined();
    expect(screen.getByText('conteúdo')).toBeDefined();
    expect(selection.result.current?.id).toBe(patient.id);
  });

  it('reports an unknown patient and clears the selection', async () => {
    answer(404, { status: 404, code: 'PATIENT_NOT_FOUND', data: null, message: messages.errors.patientNotFound });
    act(() => selectPatient({ ...patient, id: 'other' }));
    const selection = renderHook(() => useSelectedPatient());
    renderArea();

    expect(await screen.findByText(messages.errors.patientNotFound)).toBeDefined();
    expect(screen.queryByText('conteúdo')).toBeNull();
    expect(screen.getByRole('link', { name: messages.patients.backToList }).getAttribute('href')).toBe('/patients');
    expect(selection.result.current).toBeNull();
  });
});
