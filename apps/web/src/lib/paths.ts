/** Every route of the app, so that links and redirects never spell a path twice. */
export const paths = {
  login: '/',
  /** Where logout lands; it redirects to the login page. */
  afterLogout: '/login',
  register: '/register',
  confirmRegistration: '/confirm-user-registration',
  confirmEmailUpdate: '/confirm-user-email-update',
  dashboard: '/dashboard',
  account: '/user',
  billing: '/billing',
  patients: '/patients',
  /** Route patterns of a patient's areas; links use the functions below. */
  patientChatsPattern: '/patients/:patientId/chats',
  patientFormsPattern: '/patients/:patientId/forms',
  patientRecordsPattern: '/patients/:patientId/records',
  patientChats: (patientId: string) => `/patients/${encodeURIComponent(patientId)}/chats`,
  patientForms: (patientId: string) => `/patients/${encodeURIComponent(patientId)}/forms`,
  patientRecords: (patientId: string) => `/patients/${encodeURIComponent(patientId)}/records`,
} as const;
