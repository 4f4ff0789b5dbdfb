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
 * The router and this table are a chunk of their own (app.tsx, loaded by main.tsx); the main
 * bundle holds the login page and what it needs (budget: 120 KB gzip of JavaScript), shown on
 * its own to a visitor who has not signed in (app/standalone-login.tsx). Every other page, public or behind the login, is loaded on demand, so that the
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
            {
              // The public booking page and the confirmation mail's link.
              path: paths.bookingPagePattern,
              lazy: async () => ({ Component: (await import('../features/booking/pages/booking-page')).BookingPage }),
            },
            {
              path: paths.portal,
              lazy: async () => ({ Component: (await import('../features/portal/pages/portal-page')).PortalPage }),
            },
            {
              path: paths.confirmBooking,
              lazy: async () => ({ Component: (await import('../features/booking/pages/confirm-booking-page')).ConfirmBookingPage }),
            },
            {
              // The patient's side of an online appointment's video room, from the reminder's link.
              path: paths.patientVideoRoom,
              lazy: async () => ({ Component: (await import('../features/video/pages/patient-room-page')).PatientRoomPage }),
            },
          ],
        },
        { path: paths.afterLogout, loader: redirectToLogin },
        {
          loader: requireOnline,
          lazy: page(() => import('./layouts/authenticated-layout'), (m) => m.AuthenticatedLayout),
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
              path: paths.videoRoomPattern,
              lazy: async () => ({ Component: (await import('./routes/video-room-page')).VideoRoomPage }),
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
                  path: paths.noteTemplates,
                  lazy: async () => ({ Component: (await import('../features/records/pages/note-templates-page')).NoteTemplatesPage }),
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
              path: paths.patientDocumentsPattern,
              lazy: async () => ({ Component: (await import('./routes/patient-documents-page')).PatientDocumentsPage }),
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
