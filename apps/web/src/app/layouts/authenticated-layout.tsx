import '../app-styles.css';
import { AppShell, Container, Progress } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useSession } from '../../lib/session';
import { TOP_BAR_HEIGHT_PX } from '../layout-metrics';
import { TopBar } from './top-bar';

// Rare (a login with a recovery password), so its form and schemas load only then.
const PasswordChangeRequired = lazy(async () => ({ default: (await import('./password-change-required')).PasswordChangeRequired }));

export function AuthenticatedLayout() {
  const { user } = useSession();
  const navigation = useNavigation();
  // Right after logout or a 401 the session is already offline while the redirect runs.
  if (!user) return null;
  // After a login with a recovery password, nothing but a new password (or 'Sair') until it is set.
  if (user.mustChangePassword) {
    return (
      <Suspense fallback={null}>
        <PasswordChangeRequired />
      </Suspense>
    );
  }

  return (
    <AppShell header={{ height: TOP_BAR_HEIGHT_PX }} padding="md">
      <AppShell.Header>
        <TopBar user={user} />
        {navigation.state !== 'idle' && (
          <Progress value={100} animated size={2} radius={0} pos="absolute" bottom={0} left={0} right={0} />
        )}
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Container size="lg" py="md">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
