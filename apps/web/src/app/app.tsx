import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { apiClient } from '../lib/api-client';
import { paths } from '../lib/paths';
import { queryClient } from '../lib/query-client';
import { endSession } from '../lib/session';
import { AppProviders } from './providers';
import { createAppRouter, PATIENT_PAGES_ROUTE_ID } from './router';

/**
 * The app with its router, rendered into `root` (main.tsx). With `to`, the page the standalone
 * login page navigated to (the dashboard after signing in, the registration): the router goes
 * there before its first render, so the login page stays on screen until that page is ready.
 */
export async function mountApp(root: Root, to?: string): Promise<void> {
  const router = createAppRouter();
  // A 401 from any call but the session check means the session is gone: log out locally. On a
  // patient's page a 401 is the patient's own (the portal signed out), which the page shows.
  apiClient.setUnauthorizedHandler(() => {
    if (router.state.matches.some((match) => match.route.id === PATIENT_PAGES_ROUTE_ID)) return;
    endSession(queryClient);
    void router.navigate(paths.login, { replace: true });
  });
  if (to !== undefined) await router.navigate(to);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}
