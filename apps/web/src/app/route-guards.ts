import { redirect } from 'react-router';
import { paths } from '../lib/paths';
import { queryClient } from '../lib/query-client';
import { loadSessionUser } from '../lib/session';

/** Loader of the protected routes: an offline user goes back to the login page. */
export async function requireOnline() {
  const user = await loadSessionUser(queryClient);
  return user ? null : redirect(paths.login);
}

/** Loader of the login page: a user who is already online goes to the dashboard. */
export async function redirectOnlineUser() {
  const user = await loadSessionUser(queryClient);
  return user ? redirect(paths.dashboard) : null;
}

export function redirectToLogin() {
  return redirect(paths.login);
}
