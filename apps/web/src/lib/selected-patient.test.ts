import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearSelectedPatient,
  deselectPatient,
  refreshSelectedPatient,
  selectPatient,
  useSelectedPatient,
  type SelectedPatient,
} from './selected-patient';

const joao: SelectedPatient = {
  id: 'a',
  firstName: 'João',
  lastName: 'Silva',
  gender: 'male',
  avatarExternalKey: null,
};
const maria: SelectedPatient = {
  id: 'b',
  firstName: 'Maria',
  lastName: null,
  gender: 'female',
  avatarExternalKey: null,
};

describe('selected patient', () => {
  afterEach(() => clearSelectedPatient());

  it('keeps only the fields the top bar needs', () => {
    const { result } = renderHook(() => useSelectedPatient());
    act(() => selectPatient({ ...joao, email: 'joao@example.com' } as SelectedPatient));
    expect(result.current).toEqual(joao);
  });

  it('refreshes the selection only for the selected patient', () => {
    const { result } = renderHook(() => useSelectedPatient());
    act(() => selectPatient(joao));
    act(() => refreshSelectedPatient({ ...maria, firstName: 'Mariana' }));
    expect(result.current?.firstName).toBe('João');
    act(() => refreshSelectedPatient({ ...joao, lastName: 'Souza' }));
    expect(result.current?.lastName).toBe('Souza');
  });

  it('deselects only the given patient', () => {
    const { result } = renderHook(() => useSelectedPatient());
    act(() => selectPatient(joao));
    act(() => deselectPatient(maria.id));
    expect(result.current?.id).toBe(joao.id);
    act(() => deselectPatient(joao.id));
    expect(result.current).toBeNull();
  });
});
