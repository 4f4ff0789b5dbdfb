import { messages } from '@consultorio/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { patientOf } from '../testing/fixtures';
import { PatientCard } from './patient-card';

const patient = patientOf({
  firstName: 'Maria',
  lastName: 'Souza',
  fullName: 'Maria Souza',
  gender: 'female',
  phone: '11987654321',
});

describe('PatientCard', () => {
  it('shows the short id, the name and the phone, and leads to each area', () => {
    const onSelect = vi.fn();
    const onEdit = vi.fn();
    renderWithProviders(<PatientCard patient={patient} onSelect={onSelect} onEdit={onEdit} />);

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
