/** Every route of the app, so that links and redirects never spell a path twice. */
export const paths = {
  login: '/',
  /** Where logout lands; it redirects to the login page. */
  afterLogout: '/login',
  register: '/register',
  confirmRegistration: '/confirm-user-registration',
  confirmEmailUpdate: '/confirm-user-email-update',
  /** The form a patient fills through the link the professional shares (?token=). */
  publicForm: '/form-public-view',
  dashboard: '/dashboard',
  agenda: '/agenda',
  /** The page of an appointment reminder's link (?token=&action=confirm|cancel), without a session. */
  publicAppointment: '/appointment',
  /** The patient's side of an online appointment's video room (?token=), without a session. */
  patientVideoRoom: '/sala',
  /** The professional's side of the room (signed in). */
  videoRoomPattern: '/sala/:appointmentId',
  videoRoom: (appointmentId: string) => `/sala/${encodeURIComponent(appointmentId)}`,
  /** The public booking page of a professional (no session). */
  bookingPagePattern: '/agendar/:slug',
  bookingPage: (slug: string) => `/agendar/${encodeURIComponent(slug)}`,
  /** The confirmation mail's link of a booking (?token=), without a session. */
  confirmBooking: '/confirmar-agendamento',
  /** The patient portal (?token= from the sign-in mail). */
  portal: '/portal',
  account: '/user',
  /** The account area's questionnaire templates and AI assistants. */
  qaTemplates: '/user/qa-templates',
  newQaTemplate: '/user/qa-templates/new',
  qaTemplatePattern: '/user/qa-templates/:templateId',
  aiAssistants: '/user/ai-assistants',
  /** The account area's note templates ('Modelos de evolução'). */
  noteTemplates: '/user/note-templates',
  billing: '/billing',
  finance: '/finance',
  patients: '/patients',
  /** Route patterns of a patient's areas; links use the functions below. */
  patientChatsPattern: '/patients/:patientId/chats',
  patientFormsPattern: '/patients/:patientId/forms',
  patientRecordsPattern: '/patients/:patientId/records',
  /** The documents issued to the patient (declarations, certificates, reports). */
  patientDocumentsPattern: '/patients/:patientId/documents',
  /** The patient's score trends, safety alerts and measurement plans. */
  patientMeasurementPattern: '/patients/:patientId/measurement',
  patientFormPattern: '/patients/:patientId/forms/:formId',
  patientRecordPattern: '/patients/:patientId/records/:recordId',
  patientChatPattern: '/patients/:patientId/chats/:chatId',
  patientChats: (patientId: string) => `/patients/${encodeURIComponent(patientId)}/chats`,
  patientForms: (patientId: string) => `/patients/${encodeURIComponent(patientId)}/forms`,
  patientRecords: (patientId: string) => `/patients/${encodeURIComponent(patientId)}/records`,
  patientMeasurement: (patientId: string) => `/patients/${encodeURIComponent(patientId)}/measurement`,
  patientDocuments: (patientId: string) => `/patients/${encodeURIComponent(patientId)}/documents`,
  patientForm: (patientId: string, formId: string) =>
    `/patients/${encodeURIComponent(patientId)}/forms/${encodeURIComponent(formId)}`,
  patientRecord: (patientId: string, recordId: string) =>
    `/patients/${encodeURIComponent(patientId)}/records/${encodeURIComponent(recordId)}`,
  patientChat: (patientId: string, chatId: string) =>
    `/patients/${encodeURIComponent(patientId)}/chats/${encodeURIComponent(chatId)}`,
  qaTemplate: (templateId: string) => `/user/qa-templates/${encodeURIComponent(templateId)}`,
  /** A new template that starts as a copy of another (the library's or an own one). */
  duplicateQaTemplate: (templateId: string) => `/user/qa-templates/new?from=${encodeURIComponent(templateId)}`,
  publicFormLink: (publicToken: string) => `/form-public-view?token=${encodeURIComponent(publicToken)}`,
} as const;
