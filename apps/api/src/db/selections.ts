import { users } from './schema';

/** The professional as the mails to patients name and date them (several modules select it). */
export const mailProfessionalColumns = {
  title: users.title,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  timeZone: users.timeZone,
  profession: users.profession,
};
