import { z } from 'zod';
import { genders } from '../constants/limits';
import { messages } from '../messages';

/**
 * A person's gender, as a profile, a patient and a questionnaire's answers carry it. A module of its
 * own so that a schema needing only it (schemas/forms.ts) does not bring the users' schemas, whose
 * contact rules need libphonenumber (issue 34).
 */
export const genderSchema = z.enum(genders, { error: messages.validation.genderInvalid });
