import { afterEach, describe, expect, it } from 'vitest';
import { userOf } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { createQueryClient } from './query-client';
import { endSession, loadSessionUser, setCurrentUser } from './session';

afterEach(() => localStorage.clear());

describe('the session check', () => {
  it('does not ask the server in a browser that never signed in (no 401 on the login page)', async () => {
    const calls = mockApi(() => ({ status: 401, message: 'Sessão expirada' }));
    expect(await loadSessionUser(createQueryClient())).toBeNull();
    expect(calls).toEqual([]);
  });

  it('asks once signed in, and stops again after signing out or a 401', async () => {
    const user = userOf();
    setCurrentUser(createQueryClient(), user);
    let calls = mockApi(() => ({ status: 200, data: { user } }));
    expect(await loadSessionUser(createQueryClient())).toEqual(user);
    expect(calls).toHaveLength(1);

    endSession(createQueryClient());
    calls = mockApi(() => ({ status: 200, data: { user } }));
    expect(await loadSessionUser(createQueryClient())).toBeNull();
    expect(calls).toEqual([]);

    setCurrentUser(createQueryClient(), user);
    mockApi(() => ({ status: 401, message: 'Sessão expirada' }));
    expect(await loadSessionUser(createQueryClient())).toBeNull();
    calls = mockApi(() => ({ status: 200, data: { user } }));
    expect(await loadSessionUser(createQueryClient())).toBeNull();
    expect(calls).toEqual([]);
  });
});
