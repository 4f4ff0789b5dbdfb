import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { LoadFailure } from '../components/load-failure';
import { PublicShell } from './layouts/public-shell';

/** Keeps the error for whoever looks at the console: the screen says only what to do. */
function useLoggedRouteError(): void {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
}

/**
 * A page of the signed-in app that failed to load or to draw (a lazy chunk that did not arrive, an
 * error while rendering): shown in the page's place, so the menu stays and leads elsewhere.
 */
export function PageError() {
  useLoggedRouteError();
  return <LoadFailure />;
}

/** Anything else that failed (a public or patient page, a layout): shown in the public pages' frame. */
export function RootError() {
  useLoggedRouteError();
  return (
    <PublicShell>
      <LoadFailure />
    </PublicShell>
  );
}
