import { RouterProvider } from 'react-router/dom';
import { apiClient } from '../lib/api-client';
import { paths } from '../lib/paths';
import { queryClient } from '../lib/query-client';
import { endSession } from '../lib/session';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const router = createAppRouter();

// A 401 from any call but the session check means the session is gone: log out locally.
apiClient.setUnauthorizedHandler(() => {
  endSession(queryClient);
  void router.navigate(paths.login, { replace: true });
});

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
