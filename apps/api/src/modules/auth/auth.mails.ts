import { messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { sendActionMail } from '../../platform/mail/send';

const m = messages.mail;

export async function sendRegistrationMail(ctx: Context, to: { email: string; firstName: string }, token: string) {
  await sendActionMail(ctx, to, {
    subject: m.registrationSubject,
    paragraphs: [m.registrationBody],
    button: m.registrationButton,
    path: 'confirm-user-registration',
    token,
  });
}

export async function sendUsernameMail(ctx: Context, to: { email: string; firstName: string; username: string }) {
  await sendActionMail(ctx, to, { subject: m.usernameSubject, paragraphs: [m.usernameBody(to.username)], button: m.loginLink, path: '' });
}

export async function sendNewPasswordMail(ctx: Context, to: { email: string; firstName: string }, password: string) {
  await sendActionMail(ctx, to, { subject: m.passwordSubject, paragraphs: [m.passwordBody(password)], button: m.loginLink, path: '' });
}

/** To the owner of an account whose e-mail someone typed into a new registration: no link, and how to get in if it was them. */
export async function sendRegistrationAttemptNotice(ctx: Context, to: { email: string; firstName: string }) {
  await sendActionMail(ctx, to, {
    subject: m.registrationAttemptSubject,
    paragraphs: [m.registrationAttemptBody, m.registrationAttemptHelp(messages.login.forgotUsername, messages.login.forgotPassword)],
    button: m.loginLink,
    path: '',
    footer: [m.registrationAttemptFooter],
  });
}
