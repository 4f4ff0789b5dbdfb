import { formatCnpj, formatCpf, type Gender, type TaxpayerType, type Title, type User } from '@consultorio/shared';

/** What the profile inputs hold: text everywhere, '' for "not given". */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  gender: Gender | '';
  title: Title | '';
  birthdate: string;
  document: string;
  country: string;
  cc: string;
  phone: string;
  profession: string;
  professionalRegistration: string;
  city: string;
  officeAddress: string;
  pixKey: string;
  /** IANA name of the zone the agenda, the e-mails and the assistant read times in. */
  timeZone: string;
  /** Up to three lead times (hours) per channel; none: no reminders on it. */
  emailReminderLeadHours: number[];
  whatsappReminderLeadHours: number[];
  taxpayerType: TaxpayerType;
  cnpj: string;
  /** The Carnê-Leão occupation ('255'), '' for none. */
  occupationCode: string;
}

export function profileFormValues(user: User): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName ?? '',
    gender: user.gender ?? '',
    title: user.title ?? '',
    birthdate: user.birthdate?.slice(0, 10) ?? '',
    document: user.document ? formatCpf(user.document) : '',
    country: user.country,
    cc: user.cc,
    phone: user.phone ?? '',
    profession: user.profession ?? '',
    professionalRegistration: user.professionalRegistration ?? '',
    city: user.city ?? '',
    officeAddress: user.officeAddress ?? '',
    pixKey: user.pixKey ?? '',
    timeZone: user.timeZone,
    emailReminderLeadHours: user.emailReminderLeadHours,
    whatsappReminderLeadHours: user.whatsappReminderLeadHours,
    taxpayerType: user.taxpayerType,
    cnpj: user.cnpj ? formatCnpj(user.cnpj) : '',
    occupationCode: user.occupationCode ?? '',
  };
}
