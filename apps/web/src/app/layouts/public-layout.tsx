import { Outlet, useNavigate } from 'react-router';
import { NavigationContext } from '../../lib/navigation';
import { PublicShell } from './public-shell';

export function PublicLayout() {
  const navigate = useNavigate();
  return (
    <PublicShell>
      <NavigationContext value={async (to) => navigate(to)}>
        <Outlet />
      </NavigationContext>
    </PublicShell>
  );
}
