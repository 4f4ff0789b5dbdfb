import { defaults, formatCpf, type Gender, type Patient } from '@consultorio/shared';

/** What the patient inputs hold: text everywhere, '' for "not given". */
export interface PatientFormValues {
  firstName: string;
  lastName: string;
  gender: Gender | '';
  /** YYYY-MM-DD or ''. */
  birthdate: string;
  /** ISO code of the country, e.g. BR. */
  country: string;
  cc: string;
  phone: string;
  email: string;
  /** The patient's CPF, as typed. */
  document: string;
  /** The session fee in cents (the input shows reais), or '' when none is set. */
  sessionFeeCents: number | '';
  /** 'Responsável financeiro'. */
  payerName: string;
  payerDocument: string;
  payerEmail: string;
  /** The patient asked not to get appointment reminders by e-mail. */
  remindersOptOut: boolean;
  /** 'Lembretes por WhatsApp': the patient agreed to reminders on the phone's WhatsApp. */
  whatsappOptIn: boolean;
}

/** A blank new patient: Brasil and +55. */
export function newPatientFormValues(): PatientFormValues {
  return {
    firstName: '',
    lastName: '',
    gender: '',
    birthdate: '',
    country: defaults.country,
    cc: defaults.cc,
    phone: '',
    email: '',
    document: '',
    sessionFeeCents: '',
    payerName: '',
    payerDocument: '',
    payerEmail: '',
    remindersOptOut: false,
    whatsappOptIn: false,
  };
}

/** The edit form of a patient; the birthdate is cut to year-month-day. */
export function patientFormValues(patient: Patient): PatientFormValues {
  return {
    firstName: patient.firstName,
    lastName: patient.lastName ?? '',
    gender: patient.gender ?? '',
    birthdate: patient.birthdate?.slice(0, 10) ?? '',
    country: patient.country || defaults.country,
    cc: patient.cc || defaults.cc,
    phone: patient.phone ?? '',
    email: patient.email ?? '',
    document: patient.document ? formatCpf(patient.document) : '',
    sessionFeeCents: patient.sessionFeeCents ?? '',
    payerName: patient.payerName ?? '',
    payerDocument: patient.payerDocument ? formatCpf(patient.payerDocument) : '',
    payerEmail: patient.payerEmail ?? '',
    remindersOptOut: patient.remindersOptOut,
    whatsappOptIn: patient.whatsappOptIn,
  };
}
