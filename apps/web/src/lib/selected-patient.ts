import type { Gender } from '@consultorio/shared';
import { useSyncExternalStore } from 'react';

/**
 * The patient the professional is working on, kept in memory only. It drives the patient
 * shortcuts in the top bar; the patient screens set it, and it is cleared whenever the
 * session ends or that patient is deleted.
 */
export interface SelectedPatient {
  id: string;
  firstName: string;
  lastName: string | null;
  /** Chooses the default picture when there is no uploaded one. */
  gender: Gender | null;
  avatarExternalKey: string | null;
}

let selectedPatient: SelectedPatient | null = null;
const listeners = new Set<() => void>();

function emitChange(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSelectedPatient(): SelectedPatient | null {
  return selectedPatient;
}

function isSame(a: SelectedPatient, b: SelectedPatient): boolean {
  return (
    a.id === b.id &&
    a.firstName === b.firstName &&
    a.lastName === b.lastName &&
    a.gender === b.gender &&
    a.avatarExternalKey === b.avatarExternalKey
  );
}

/** Selects a patient; only the fields the top bar shows are kept. */
export function selectPatient(patient: SelectedPatient): void {
  const next: SelectedPatient = {
    id: patient.id,
    firstName: patient.firstName,
    lastName: patient.lastName,
    gender: patient.gender,
    avatarExternalKey: patient.avatarExternalKey,
  };
  if (selectedPatient !== null && isSame(selectedPatient, next)) return;
  selectedPatient = next;
  emitChange();
}

/** After an edit or a new picture: refreshes the selection when it is that patient. */
export function refreshSelectedPatient(patient: SelectedPatient): void {
  if (selectedPatient?.id === patient.id) selectPatient(patient);
}

export function clearSelectedPatient(): void {
  if (selectedPatient === null) return;
  selectedPatient = null;
  emitChange();
}

/** After a delete or a "not found": forgets the selection when it is that patient. */
export function deselectPatient(patientId: string): void {
  if (selectedPatient?.id === patientId) clearSelectedPatient();
}

export function useSelectedPatient(): SelectedPatient | null {
  return useSyncExternalStore(subscribe, getSelectedPatient, getSelectedPatient);
}

/**
 * What a component draws from whether a patient is selected (`choose(isSelected)`): it draws
 * again only when that changes, not on every selection. The top bar's links hide their labels
 * for the patient's shortcuts on mid-sized screens; on a phone they have none either way, and a
 * patient's page selecting its patient as it opens drew the whole bar again (issue 34).
 */
export function useWithSelectedPatient<T>(choose: (isSelected: boolean) => T): T {
  const snapshot = () => choose(selectedPatient !== null);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
