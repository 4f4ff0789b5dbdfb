import { useSyncExternalStore } from 'react';

/**
 * The patient the professional is working on, kept in memory only. It drives the patient
 * shortcuts in the top bar; the patients and records screens set it (a later issue), and
 * it is cleared whenever the session ends.
 */
export interface SelectedPatient {
  id: string;
  firstName: string;
  lastName: string | null;
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

export function selectPatient(patient: SelectedPatient): void {
  selectedPatient = patient;
  emitChange();
}

export function clearSelectedPatient(): void {
  if (selectedPatient === null) return;
  selectedPatient = null;
  emitChange();
}

export function useSelectedPatient(): SelectedPatient | null {
  return useSyncExternalStore(subscribe, getSelectedPatient, getSelectedPatient);
}
