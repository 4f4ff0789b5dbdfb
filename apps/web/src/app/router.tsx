import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { LoginPage } from '../features/auth/pages/login-page';
import { paths } from '../lib/paths';
import { PublicLayout } from './layouts/public-layout';
import { redirectOnlineUser, redirectToLogin, requireOnline } from './route-guards';

/**
 * A route's component loaded on demand, in a chunk of its own: `lazy: page(() =>
 * import('./routes/x-page'), (m) => m.XPage)`. The `import()` must be written out in each call
 * (the bundler splits on it), and nothing in the first load may import that module statically,
 * or it would join the login page's JavaScript (its size is printed by `npm run build`).
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/**
 * Only the login page and what it needs are in the main bundle (budget: 150 KB gzip of
 * JavaScript); every other page, public or behind the login, is loaded on demand, so that the
 * editor, the markdown renderer, the calendar and the charts load only where they are used.
 * A new page: a route module in `routes/` (or a feature's `pages/`), added here with `page()`.
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
            { path: paths.register, lazy: page(() => import('../features/auth/pages/register-page'), (m) => m.RegisterPage) },
            {
              path: paths.confirmRegistration,
              lazy: page(() => import('../features/auth/pages/confirm-registration-page'), (m) => m.ConfirmRegistrationPage),
            },
            {
              path: paths.confirmEmailUpdate,
              lazy: page(() => import('../features/auth/pages/confirm-email-update-page'), (m) => m.ConfirmEmailUpdatePage),
            },
          ],
        },
        {
          // The patient's form, with or without a session.
          lazy: page(() => import('./layouts/public-form-layout'), (m) => m.PublicFormLayout),
          children: [{ path: paths.publicForm, lazy: page(() => import('../features/forms/pages/public-form-page'), (m) => m.PublicFormPage) }],
        },
        { path: paths.afterLogout, loader: redirectToLogin },
        {
          loader: requireOnline,
          lazy: page(() => import('./layouts/authenticated-layout'), (m) => m.AuthenticatedLayout),
          children: [
            { path: paths.dashboard, lazy: page(() => import('./routes/dashboard-page'), (m) => m.DashboardPage) },
            { path: paths.account, lazy: page(() => import('./routes/account-page'), (m) => m.AccountPage) },
            { path: paths.billing, lazy: page(() => import('../features/billing/pages/billing-page'), (m) => m.BillingPage) },
            { path: paths.patients, lazy: page(() => import('../features/patients/pages/patients-page'), (m) => m.PatientsPage) },
            { path: paths.patientChatsPattern, lazy: page(() => import('./routes/patient-chats-page'), (m) => m.PatientChatsPage) },
            // Its own chunk, with the markdown renderer, loaded only when a session is opened.
            { path: paths.patientChatPattern, lazy: page(() => import('./routes/patient-chat-page'), (m) => m.PatientChatPage) },
            { path: paths.patientFormsPattern, lazy: page(() => import('./routes/patient-forms-page'), (m) => m.PatientFormsPage) },
            { path: paths.patientFormPattern, lazy: page(() => import('./routes/patient-form-page'), (m) => m.PatientFormPage) },
            { path: paths.patientRecordsPattern, lazy: page(() => import('./routes/patient-records-page'), (m) => m.PatientRecordsPage) },
            // Its own chunk, with the rich-text editor (Quill), loaded only when a record is opened.
            { path: paths.patientRecordPattern, lazy: page(() => import('./routes/patient-record-page'), (m) => m.PatientRecordPage) },
          ],
        },
        { path: '*', loader: redirectToLogin },
      ],
    },
  ]);
}
