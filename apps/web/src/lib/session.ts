import type { User, usersApi } from '@consultorio/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiClient, routeRef } from './api-client';
import { clearSelectedPatient } from './selected-patient';

// Every page checks the session first: by reference, so that the check costs the login page no zod.
const currentUserRoute = routeRef<typeof usersApi.me>('GET', '/v1/users/me');

export type SessionStatus = 'online' | 'offline';

export const currentUserQueryKey = ['session', 'current-user'] as const;

/**
 * Whether this browser signed in and has not signed out since. A visitor who never did is
 * offline without asking the server, so the login page logs no 401 from the session check.
 */
const SIGNED_IN_KEY = 'consultorio:signed-in';

export function hasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    // Storage disabled: ask the server, as before.
    return true;
  }
}

function rememberSignedIn(isSignedIn: boolean): void {
  try {
    if (isSignedIn) localStorage.setItem(SIGNED_IN_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Storage disabled: every visit asks the server.
  }
}

/** The signed-in user, or null when there is no session (none started here, or the API answers 401). */
async function fetchCurrentUser(): Promise<User | null> {
  if (!hasSignedIn()) return null;
  try {
    const response = await apiClient.call(currentUserRoute, { handleUnauthorized: false });
    return response.data.user;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    // Offline: nothing of a previous session may stay on screen.
    rememberSignedIn(false);
    clearSelectedPatient();
    return null;
  }
}

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: fetchCurrentUser,
  // Login, logout, profile edits and 401s update this entry themselves.
  staleTime: Infinity,
  retry: false,
});

export interface Session {
  /** Undefined while the first check is running. */
  status: SessionStatus | undefined;
  user: User | null;
}

export function useSession(): Session {
  const { data, isPending } = useQuery(currentUserQueryOptions);
  if (isPending) return { status: undefined, user: null };
  return data ? { status: 'online', user: data } : { status: 'offline', user: null };
}

/** The signed-in user, for components that only render inside the authenticated layout. */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser is only available inside the authenticated layout');
  return user;
}

/**
 * The signed-in professional's time zone, for showing times, read from the cache without asking
 * the server (the authenticated layout has loaded the user); undefined (the browser's zone) when
 * there is none, as on the patient's public page.
 */
export function useTimeZone(): string | undefined {
  const { data } = useQuery({ ...currentUserQueryOptions, enabled: false });
  return data?.timeZone;
}

/** For route loaders: the session's user, or null when offline or the check failed. */
export async function loadSessionUser(client: QueryClient): Promise<User | null> {
  try {
    return await client.ensureQueryData(currentUserQueryOptions);
  } catch {
    return null;
  }
}

export function setCurrentUser(client: QueryClient, user: User): void {
  rememberSignedIn(true);
  client.setQueryData(currentUserQueryKey, user);
}

export async function refreshCurrentUser(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: currentUserQueryKey });
}

/** Marks the session offline and forgets everything that belonged to it. */
export function endSession(client: QueryClient): void {
  rememberSignedIn(false);
  client.setQueryData(currentUserQueryKey, null);
  clearSelectedPatient();
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
}
