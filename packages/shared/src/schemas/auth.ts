import { z } from 'zod';
import { limits } from '../constants/limits';
import { messages } from '../messages';
import { USERNAME_PATTERN, isValidPassword } from '../rules/validators';
import { emailSchema, envelope, idSchema, optionalText, tokenSchema } from './common';

const v = messages.validation;

export const usernameSchema = z
  .string({ error: messages.credentials.usernameRequired })
  .trim()
  .min(1, { error: messages.credentials.usernameRequired })
  .regex(USERNAME_PATTERN, { error: v.usernameRule });

export const passwordSchema = z
  .string({ error: messages.credentials.passwordRequired })
  .min(1, { error: messages.credentials.passwordRequired })
  .refine(isValidPassword, { error: v.passwordRule });

export const firstNameSchema = z
  .string({ error: v.firstNameRequired })
  .trim()
  .min(limits.nameMin, { error: v.firstNameRequired })
  .max(limits.nameMax, { error: v.tooLong(limits.nameMax) });

export const lastNameSchema = z
  .string({ error: v.lastNameRequired })
  .trim()
  .min(limits.nameMin, { error: v.lastNameRequired })
  .max(limits.nameMax, { error: v.tooLong(limits.nameMax) });

export const registrationRequest = z.object({
  username: usernameSchema,
  email: emailSchema,
  firstName: firstNameSchema,
  lastName: optionalText(limits.nameMax),
  password: passwordSchema,
});
export type RegistrationRequest = z.input<typeof registrationRequest>;

/** The registration form: the request plus the password confirmation. */
export const registrationForm = registrationRequest
  .extend({ passwordConfirmation: z.string().min(1, { error: v.passwordConfirmationRequired }) })
  .refine((form) => form.password === form.passwordConfirmation, {
    error: v.passwordsMismatch,
    path: ['passwordConfirmation'],
  });
export type RegistrationForm = z.input<typeof registrationForm>;

export const registrationResponse = envelope(z.object({ userRegistration: z.object({ id: idSchema }) }));

export const resendRegistrationRequest = z.object({ id: idSchema });

export const confirmTokenRequest = z.object({ confirmationToken: tokenSchema });

export const loginRequest = z.object({
  username: z.string({ error: messages.credentials.usernameRequired }).trim().min(1, { error: messages.credentials.usernameRequired }).max(64),
  password: z.string({ error: messages.credentials.passwordRequired }).min(1, { error: messages.credentials.passwordRequired }).max(128),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const emailRequest = z.object({ email: emailSchema });
export type EmailRequest = z.input<typeof emailRequest>;

/** The current password a change of password or e-mail asks for. */
export const currentPasswordSchema = z
  .string({ error: v.currentPasswordRequired })
  .min(1, { error: v.currentPasswordRequired })
  .max(128, { error: messages.errors.passwordUpdateFailed });

export const passwordChangeRequest = z.object({
  userPassword: currentPasswordSchema,
  password: passwordSchema,
});

/** An e-mail change: the new address, and the current password (a stolen session alone cannot move the account). */
export const emailUpdateRequest = z.object({ email: emailSchema, userPassword: currentPasswordSchema });
export type EmailUpdateRequest = z.input<typeof emailUpdateRequest>;

export const passwordChangeForm = passwordChangeRequest
  .extend({ passwordConfirmation: z.string().min(1, { error: v.passwordConfirmationRequired }) })
  .refine((form) => form.password === form.passwordConfirmation, {
    error: v.passwordsMismatch,
    path: ['passwordConfirmation'],
  });
export type PasswordChangeForm = z.input<typeof passwordChangeForm>;
