import { patients } from '../modules/patients/patients.tables';
import { users } from '../modules/users/users.tables';

/** The professional as the mails to patients name and date them (several modules select it). */
export const mailProfessionalColumns = {
  title: users.title,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  timeZone: users.timeZone,
  profession: users.profession,
};

/** The columns of a patient that forms, records and chats name it by (id and names), for queries that join it. */
export const patientSummaryColumns = { id: patients.id, firstName: patients.firstName, lastName: patients.lastName };
