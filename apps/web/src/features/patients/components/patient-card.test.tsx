import { messages, type Patient } from '@consultorio/shared';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PatientCard } from './patient-card';

const patient: Patient = {
  id: '3f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d',
  firstName: 'Maria',
  lastName: 'Souza',
  fullName: 'Maria Souza',
  gender: 'female',
  birthdate: null,
  cc: '+55',
  phone: '11987654321',
  email: null,
  country: 'BR',
  avatarExternalKey: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

describe('PatientCard', () => {
  it('shows the short id, the name and the phone, and leads to each area', () => {
    const onSelect = vi.fn();
    const onEdit = vi.fn();
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <PatientCard patient={patient} onSelect={onSelect} onEdit={onEdit} />
        </MemoryRouter>
      </MantineProvider>,
    );

    const card = screen.getByRole('article', { name: 'Maria Souza' });
    expect(card.textContent).toContain('Maria Souza');
    expect(card.textContent).toContain('+55 (11) 98765-4321');
    expect(screen.getByTitle(patient.id).textContent).toBe(`${messages.patients.id}: 3f0c2a8e`);

    const assistant = screen.getByRole('link', { name: messages.nav.assistant });
    expect(assistant.getAttribute('href')).toBe(`/patients/${patient.id}/chats`);
    expect(screen.getByRole('link', { name: messages.nav.forms }).getAttribute('href')).toBe(
      `/patients/${patient.id}/forms`,
    );
    expect(screen.getByRole('link', { name: messages.nav.records }).getAttribute('href')).toBe(
      `/patients/${patient.id}/records`,
    );

    fireEvent.click(assistant);
    expect(onSelect).toHaveBeenCalledWith(patient);
    fireEvent.click(screen.getByRole('button', { name: messages.patients.edit }));
    expect(onEdit).toHaveBeenCalledWith(patient);
  });
});
