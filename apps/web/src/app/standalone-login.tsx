import { LoginPage } from '../features/auth/pages/login-page';
import { NavigationContext, type NavigateTo } from '../lib/navigation';
import { PublicShell } from './layouts/public-shell';
import { AppProviders } from './providers';

/** The login page as the router shows it (PublicLayout), before the router is loaded; leaving it starts the app. */
export function StandaloneLogin({ onNavigate }: { onNavigate: NavigateTo }) {
  return (
    <AppProviders>
      <PublicShell>
        <NavigationContext value={onNavigate}>
          <LoginPage />
        </NavigationContext>
      </PublicShell>
    </AppProviders>
  );
}
