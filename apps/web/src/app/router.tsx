import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { LoginPage } from '../features/auth/pages/login-page';
import { paths } from '../lib/paths';
import { PublicLayout } from './layouts/public-layout';
import { pageModules } from './page-modules';
import { PageError, RootError } from './route-error';
import { redirectOnlineUser, redirectToLogin, requireOnline } from './route-guards';

/** The route of the patient's pages (a form, the booking page, the portal): no professional session is theirs to end (app.tsx). */
export const PATIENT_PAGES_ROUTE_ID = 'patient-pages';

/** A route's component loaded on demand, from its module in `page-modules.ts` (a chunk of its own): `lazy: page(pageModules.x, (m) => m.XPage)`. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/**
 * The router and this table are a chunk of their own (app.tsx, loaded by main.tsx); the main
 * bundle holds the login page and what it needs (budget: 120 KB gzip of JavaScript), shown on
 * its own to a visitor who has not signed in (app/standalone-login.tsx). Every other page, public or behind the login, is loaded on demand, so that the
 * editor, the markdown renderer, the calendar and the charts load only where they are used.
 * A new page: a route module in `routes/` (or a feature's `pages/`), listed in `page-modules.ts`
 * (and in `page-addresses.ts`, if it is a main page: its files are then named in its HTML), and added here with `page()`.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      HydrateFallback: PageLoader,
      // Instead of React Router's own screen (in English), for whatever no nearer boundary takes.
      ErrorBoundary: RootError,
      children: [
        {
          Component: PublicLayout,
          children: [
            { index: true, loader: redirectOnlineUser, Component: LoginPage },
            { path: paths.register, lazy: page(pageModules.register, (m) => m.RegisterPage) },
            {
              path: paths.confirmRegistration,
              lazy: page(pageModules.confirmRegistration, (m) => m.ConfirmRegistrationPage),
            },
            {
              path: paths.confirmEmailUpdate,
              lazy: page(pageModules.confirmEmailUpdate, (m) => m.ConfirmEmailUpdatePage),
            },
          ],
        },
        {
          // The patient's pages (the form, the reminder's link), with or without a session; loaded on demand like the pages behind the login.
          id: PATIENT_PAGES_ROUTE_ID,
          lazy: page(pageModules.publicFormLayout, (m) => m.PublicFormLayout),
          children: [
            {
              path: paths.publicForm,
              lazy: page(pageModules.publicForm, (m) => m.PublicFormPage),
            },
            {
              // The patient confirms or cancels an appointment from the reminder's link.
              path: paths.publicAppointment,
              lazy: page(pageModules.publicAppointment, (m) => m.PublicAppointmentPage),
            },
            {
              // The public booking page and the confirmation mail's link.
              path: paths.bookingPagePattern,
              lazy: page(pageModules.bookingPage, (m) => m.BookingPage),
            },
            {
              path: paths.portal,
              lazy: page(pageModules.portal, (m) => m.PortalPage),
            },
            {
              path: paths.confirmBooking,
              lazy: page(pageModules.confirmBooking, (m) => m.ConfirmBookingPage),
            },
            {
              // The patient's side of an online appointment's video room, from the reminder's link.
              path: paths.patientVideoRoom,
              lazy: page(pageModules.patientVideoRoom, (m) => m.PatientRoomPage),
            },
          ],
        },
        { path: paths.afterLogout, loader: redirectToLogin },
        {
          loader: requireOnline,
          lazy: page(pageModules.authenticatedLayout, (m) => m.AuthenticatedLayout),
          children: [
            {
              // A page that fails says so in its place, under the app's menu.
              ErrorBoundary: PageError,
              children: [
                {
                  path: paths.dashboard,
                  lazy: page(pageModules.dashboard, (m) => m.DashboardPage),
                },
                {
                  // Its own chunk; the calendar (FullCalendar) is a further one, which the page draws once it has come.
                  path: paths.agenda,
                  lazy: page(pageModules.agenda, (m) => m.AgendaPage),
                },
                {
                  path: paths.videoRoomPattern,
                  lazy: page(pageModules.videoRoom, (m) => m.VideoRoomPage),
                },
                {
                  path: paths.account,
                  lazy: page(pageModules.accountLayout, (m) => m.AccountLayout),
                  children: [
                    { index: true, lazy: page(pageModules.account, (m) => m.AccountPage) },
                    {
                      path: paths.qaTemplates,
                      lazy: page(pageModules.qaTemplates, (m) => m.QaTemplatesPage),
                    },
                    {
                      path: paths.newQaTemplate,
                      lazy: page(pageModules.qaTemplate, (m) => m.QaTemplatePage),
                    },
                    {
                      path: paths.qaTemplatePattern,
                      lazy: page(pageModules.qaTemplate, (m) => m.QaTemplatePage),
                    },
                    {
                      path: paths.noteTemplates,
                      lazy: page(pageModules.noteTemplates, (m) => m.NoteTemplatesPage),
                    },
                    {
                      path: paths.aiAssistants,
                      lazy: page(pageModules.aiAssistants, (m) => m.AiAssistantsPage),
                    },
                  ],
                },
                {
                  path: paths.billing,
                  lazy: page(pageModules.billing, (m) => m.BillingPage),
                },
                {
                  path: paths.finance,
                  lazy: page(pageModules.finance, (m) => m.FinancePage),
                },
                {
                  path: paths.patients,
                  lazy: page(pageModules.patients, (m) => m.PatientsPage),
                },
                {
                  path: paths.patientChatsPattern,
                  lazy: page(pageModules.patientChats, (m) => m.PatientChatsPage),
                },
                {
                  // Its own chunk, with the markdown renderer, loaded only when a session is opened.
                  path: paths.patientChatPattern,
                  lazy: page(pageModules.patientChat, (m) => m.PatientChatPage),
                },
                {
                  path: paths.patientFormsPattern,
                  lazy: page(pageModules.patientForms, (m) => m.PatientFormsPage),
                },
                {
                  path: paths.patientFormPattern,
                  lazy: page(pageModules.patientForm, (m) => m.PatientFormPage),
                },
                {
                  // Its own chunk; the charts (Recharts) are a further chunk loaded when one is drawn.
                  path: paths.patientMeasurementPattern,
                  lazy: page(pageModules.patientMeasurement, (m) => m.PatientMeasurementPage),
                },
                {
                  path: paths.patientRecordsPattern,
                  lazy: page(pageModules.patientRecords, (m) => m.PatientRecordsPage),
                },
                {
                  path: paths.patientDocumentsPattern,
                  lazy: page(pageModules.patientDocuments, (m) => m.PatientDocumentsPage),
                },
                {
                  // Its own chunk, with the rich-text editor (Quill), loaded only when a record is opened.
                  path: paths.patientRecordPattern,
                  lazy: page(pageModules.patientRecord, (m) => m.PatientRecordPage),
                },
              ],
            },
          ],
        },
        { path: '*', loader: redirectToLogin },
      ],
    },
  ]);
}
