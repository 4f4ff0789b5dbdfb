import { createBrowserRouter } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { ConfirmEmailUpdatePage } from '../features/auth/pages/confirm-email-update-page';
import { ConfirmRegistrationPage } from '../features/auth/pages/confirm-registration-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { RegisterPage } from '../features/auth/pages/register-page';
import { paths } from '../lib/paths';
import { PublicLayout } from './layouts/public-layout';
import { redirectOnlineUser, redirectToLogin, requireOnline } from './route-guards';

/**
 * The public pages are in the main bundle; everything behind the login is loaded on demand
 * so that the login page stays small.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      HydrateFallback: PageLoader,
      children: [
        {
          Component: PublicLayout,
          children: [
            { index: true, loader: redirectOnlineUser, Component: LoginPage },
            { path: paths.register, Component: RegisterPage },
            { path: paths.confirmRegistration, Component: ConfirmRegistrationPage },
            { path: paths.confirmEmailUpdate, Component: ConfirmEmailUpdatePage },
          ],
        },
        { path: paths.afterLogout, loader: redirectToLogin },
        {
          loader: requireOnline,
          lazy: async () => ({ Component: (await import('./layouts/authenticated-layout')).AuthenticatedLayout }),
          children: [
            {
              path: paths.dashboard,
              lazy: async () => ({ Component: (await import('./routes/dashboard-page')).DashboardPage }),
            },
            {
              path: paths.account,
              lazy: async () => ({ Component: (await import('./routes/account-page')).AccountPage }),
            },
            {
              path: paths.billing,
              lazy: async () => ({ Component: (await import('../features/billing/pages/billing-page')).BillingPage }),
            },
            {
              path: paths.patients,
              lazy: async () => ({
                Component: (await import('../features/patients/pages/patients-page')).PatientsPage,
              }),
            },
            {
              path: paths.patientChatsPattern,
              lazy: async () => ({
                Component: (await import('../features/patients/pages/patient-area-pages')).PatientChatsPage,
              }),
            },
            {
              path: paths.patientFormsPattern,
              lazy: async () => ({
                Component: (await import('../features/patients/pages/patient-area-pages')).PatientFormsPage,
              }),
            },
            {
              path: paths.patientRecordsPattern,
              lazy: async () => ({
                Component: (await import('../features/patients/pages/patient-area-pages')).PatientRecordsPage,
              }),
            },
          ],
        },
        { path: '*', loader: redirectToLogin },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
