import './app/public-styles';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicShell } from './app/layouts/public-shell';
import { preloadPageOf } from './app/page-modules';
import { AppProviders } from './app/providers';
import { StandaloneLogin } from './app/standalone-login';
import { LoadFailure } from './components/load-failure';
import { warmUpIntlSoon } from './lib/intl-warm-up';
import { paths } from './lib/paths';
import { queryClient } from './lib/query-client';
import { hasSignedIn, loadSessionUser } from './lib/session';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The #root element is missing from index.html');
const root = createRoot(rootElement);

/** The app with its router (a chunk of its own), at the current address or, with `to`, at that page. */
async function startApp(to?: string): Promise<void> {
  try {
    const { mountApp } = await import('./app/app');
    await mountApp(root, to);
  } catch (error) {
    // The router's chunk did not come: the router's own error screens (route-error.tsx) are in it.
    console.error(error);
    root.render(
      <StrictMode>
        <AppProviders>
          <PublicShell>
            <LoadFailure />
          </PublicShell>
        </AppProviders>
      </StrictMode>,
    );
  }
}

/**
 * A visitor who has not signed in on this browser and opens the login page gets it on its own,
 * without the router (issue 34: the login page's JavaScript within 120 KB gzip); the router
 * loads when they leave it (signed in, or to the registration). Anyone else gets the app.
 */
if (window.location.pathname === paths.login && !hasSignedIn()) {
  // The address may also change without the login page (back and forward through entries another
  // page of the app left): the app, with its router, takes over at the new address.
  const onAddressChange = () => {
    if (window.location.pathname !== paths.login) void leaveLogin();
  };
  const leaveLogin = (to?: string) => {
    window.removeEventListener('popstate', onAddressChange);
    return startApp(to);
  };
  window.addEventListener('popstate', onAddressChange);
  // In slices, as the app's first render (app.tsx).
  startTransition(() =>
    root.render(
      <StrictMode>
        <StandaloneLogin onNavigate={leaveLogin} />
      </StrictMode>,
    ),
  );
} else {
  // The router's chunk, the page's modules and the session check all start now, side by side;
  // the router's loaders then find them loaded or on their way.
  const { isPatientPage } = preloadPageOf(window.location);
  if (hasSignedIn() && !isPatientPage) void loadSessionUser(queryClient);
  void startApp();
  warmUpIntlSoon();
}
