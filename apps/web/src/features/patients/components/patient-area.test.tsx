import { messages, type Patient } from '@consultorio/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { clearSelectedPatient, selectPatient, useSelectedPatient } from '../../../lib/selected-patient';
import { PatientArea } from './patient-area';

const patient: Patient = {
  id: '3f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d',
  firstName: 'João',
  lastName: 'da Silva',
  fullName: 'João da Silva',
  gender: 'male',
  birthdate: null,
  cc: '+55',
  phone: null,
  email: null,
  country: 'BR',
  avatarExternalKey: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

function answer(status: number, body: unknown) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );
}

function renderArea() {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <PatientArea patientId={patient.id} title={messages.patients.areas.chats}>
            <p>conteúdo</p>
          </PatientArea>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
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
    answer(404, { status: 404, data: null, message: messages.errors.patientNotFound });
    act(() => selectPatient({ ...patient, id: 'other' }));
    const selection = renderHook(() => useSelectedPatient());
    renderArea();

    expect(await screen.findByText(messages.errors.patientNotFound)).toBeDefined();
    expect(screen.queryByText('conteúdo')).toBeNull();
    expect(screen.getByRole('link', { name: messages.patients.backToList }).getAttribute('href')).toBe('/patients');
    expect(selection.result.current).toBeNull();
  });
});
