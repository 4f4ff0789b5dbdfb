export const limits = {
  usernameMin: 6,
  usernameMax: 32,
  passwordMin: 8,
  /** ASVS 2.1.2: passwords of 64 characters at least are allowed, of more than 128 refused. */
  passwordMax: 128,
  nameMin: 2,
  nameMax: 100,
  professionMin: 3,
  professionMax: 100,
  emailMax: 254,
  avatarMaxBytes: 5 * 1024 * 1024,
  avatarSizePx: 512,
  resendRegistrationSeconds: 30,
  confirmationRedirectSeconds: 10,
  registrationTokenHours: 24,
  emailUpdateTokenHours: 24,
  recoveryPasswordMinutes: 60,
  toastDurationMs: 4000,
  toastsVisible: 3,
  sidePanelMaxWidthPx: 400,
  searchMax: 100,
  pageSizeDefault: 50,
  pageSizeMax: 100,
  phoneMax: 30,
  itemNameMax: 200,
  shortTextMax: 500,
  longTextMax: 10_000,
  numberMax: 1_000_000,
  copiedFormLinkMs: 1200,
  publicFormCallsPerMinute: 60,
  attachmentMaxBytes: 25 * 1024 * 1024,
  attachmentsPerRequest: 10,
  recordContentMaxChars: 5_000_000,
  recordContentBodyBytes: 8 * 1024 * 1024,
  editorMinHeightPx: 220,
  /** The longest message a professional can type in a chat. */
  chatTextMax: 20_000,
  /** Appointments: length in minutes, the default one, a series' count, a list's span, how far ahead an open series is booked. */
  appointmentMinutesMin: 5,
  appointmentMinutesMax: 720,
  appointmentMinutesDefault: 50,
  recurrenceCountMax: 260,
  appointmentRangeDaysMax: 62,
  /** The patients one call of the agenda summaries takes (the patient cards ask in batches of this many). */
  appointmentSummaryPatientsMax: 100,
  openSeriesHorizonDays: 183,
  /** An appointment's place, and the profile's office address it defaults to. */
  locationMax: 200,
  /** The longest instructions an own assistant may give its model. */
  assistantInstructionsMax: 20_000,
  copiedMessageMs: 3000,
  /** Measurement-based care: how long a form's public link lasts, how long before an appointment a plan mails its form, the longest interval. */
  publicFormLinkDays: 14,
  measurementLeadHours: 24,
  measurementIntervalWeeksMax: 52,
  /**
   * The first and last days of every date and instant the API takes (birthdates, appointments,
   * payments, months, a series' end): nobody alive was born earlier, no practice plans later, and
   * outside them years below 100 are read as 19xx by JavaScript's own date parsing.
   */
  dateMin: '1900-01-01',
  dateMax: '2100-12-31',
} as const;

/** The pictures an avatar may be made from, told by the file's bytes (it is stored re-encoded as WebP). */
export const avatarImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic', 'image/bmp', 'image/tiff'] as const;

export const defaults = {
  cc: '+55',
  country: 'BR',
  /** The practice's time zone until the professional chooses another. */
  timeZone: 'America/Sao_Paulo',
} as const;

/** 'other' and 'undisclosed' ('Prefiro não informar') are addressed in the neutral form, as is a gender not given. */
export const genders = ['male', 'female', 'other', 'undisclosed'] as const;
export type Gender = (typeof genders)[number];

/** The title that fits every gender. */
export const neutralTitle = 'Dr(a).';
export const titles = ['Sr.', 'Dr.', 'Sra.', 'Dra.', neutralTitle] as const;
export type Title = (typeof titles)[number];
