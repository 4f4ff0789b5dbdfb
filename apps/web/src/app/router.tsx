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
 * The public pages are in the main bundle; everything behind the login, and the patient's
 * public form, is loaded on demand so that the login page stays small.
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
        {
          // The patient's pages (the form, the reminder's link), with or without a session; loaded on demand like the pages behind the login.
          lazy: async () => ({ Component: (await import('./layouts/public-form-layout')).PublicFormLayout }),
          children: [
            {
              path: paths.publicForm,
              lazy: async () => ({
                Component: (await import('../features/forms/pages/public-form-page')).PublicFormPage,
              }),
            },
            {
              // The patient confirms or cancels an appointment from the reminder's link.
              path: paths.publicAppointment,
              lazy: async () => ({
                Component: (await import('../features/agenda/pages/public-appointment-page')).PublicAppointmentPage,
              }),
            },
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
              // Its own chunk, with the calendar library (FullCalendar), loaded only when the agenda is opened.
              path: paths.agenda,
              lazy: async () => ({ Component: (await import('../features/agenda/pages/agenda-page')).AgendaPage }),
            },
            {
              path: paths.account,
              lazy: async () => ({ Component: (await import('./routes/account-layout')).AccountLayout }),
              children: [
                { index: true, lazy: async () => ({ Component: (await import('./routes/account-page')).AccountPage }) },
                {
                  path: paths.qaTemplates,
                  lazy: async () => ({ Component: (await import('../features/forms/pages/qa-templates-page')).QaTemplatesPage }),
                },
                {
                  path: paths.newQaTemplate,
                  lazy: async () => ({ Component: (await import('./routes/qa-template-page')).QaTemplatePage }),
                },
                {
                  path: paths.qaTemplatePattern,
                  lazy: async () => ({ Component: (await import('./routes/qa-template-page')).QaTemplatePage }),
                },
                {
                  path: paths.aiAssistants,
                  lazy: async () => ({ Component: (await import('../features/chats/pages/ai-assistants-page')).AiAssistantsPage }),
                },
              ],
            },
            {
              path: paths.billing,
              lazy: async () => ({ Component: (await import('../features/billing/pages/billing-page')).BillingPage }),
            },
            {
              path: paths.finance,
              lazy: async () => ({ Component: (await import('../features/finance/pages/finance-page')).FinancePage }),
            },
            {
              path: paths.patients,
              lazy: async () => ({ Component: (await import('./routes/patients-page')).PatientsPage }),
            },
            {
              path: paths.patientChatsPattern,
              lazy: async () => ({ Component: (await import('./routes/patient-chats-page')).PatientChatsPage }),
            },
            {
              // Its own chunk, with the markdown renderer, loaded only when a session is opened.
              path: paths.patientChatPattern,
              lazy: async () => ({ Component: (await import('./routes/patient-chat-page')).PatientChatPage }),
            },
            {
              path: paths.patientFormsPattern,
              lazy: async () => ({ Component: (await import('./routes/patient-forms-page')).PatientFormsPage }),
            },
            {
              path: paths.patientFormPattern,
              lazy: async () => ({ Component: (await import('./routes/patient-form-page')).PatientFormPage }),
            },
            {
              // Its own chunk; the charts (Recharts) are a further chunk loaded when one is drawn.
              path: paths.patientMeasurementPattern,
              lazy: async () => ({ Component: (await import('./routes/patient-measurement-page')).PatientMeasurementPage }),
            },
            {
              path: paths.patientRecordsPattern,
              lazy: async () => ({ Component: (await import('./routes/patient-records-page')).PatientRecordsPage }),
            },
            {
              // Its own chunk, with the rich-text editor (Quill), loaded only when a record is opened.
              path: paths.patientRecordPattern,
              lazy: async () => ({ Component: (await import('./routes/patient-record-page')).PatientRecordPage }),
            },
          ],
        },
        { path: '*', loader: redirectToLogin },
      ],
    },
  ]);
}
