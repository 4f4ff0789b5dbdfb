import { messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { renderMail } from '../../platform/mail/render';

const m = messages.mail;

function link(ctx: Context, path: string, token?: string): string {
  const url = new URL(path, `${ctx.config.publicUrl}/`);
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

export async function sendRegistrationMail(ctx: Context, to: { email: string; firstName: string }, token: string) {
  const url = link(ctx, 'confirm-user-registration', token);
  await ctx.mailer.send({
    to: to.email,
    subject: m.registrationSubject,
    ...renderMail({ greetingName: to.firstName, paragraphs: [m.registrationBody], action: { label: m.registrationButton, url } }),
    links: [url],
  });
}

export async function sendEmailUpdateMail(ctx: Context, to: { email: string; firstName: string }, token: string) {
  const url = link(ctx, 'confirm-user-email-update', token);
  await ctx.mailer.send({
    to: to.email,
    subject: m.emailUpdateSubject,
    ...renderMail({ greetingName: to.firstName, paragraphs: [m.emailUpdateBody], action: { label: m.emailUpdateButton, url } }),
    links: [url],
  });
}

export async function sendUsernameMail(ctx: Context, to: { email: string; firstName: string; username: string }) {
  const url = link(ctx, '');
  await ctx.mailer.send({
    to: to.email,
    subject: m.usernameSubject,
    ...renderMail({ greetingName: to.firstName, paragraphs: [m.usernameBody(to.username)], action: { label: m.loginLink, url } }),
    links: [url],
  });
}

export async function sendNewPasswordMail(ctx: Context, to: { email: string; firstName: string }, password: string) {
  const url = link(ctx, '');
  await ctx.mailer.send({
    to: to.email,
    subject: m.passwordSubject,
    ...renderMail({ greetingName: to.firstName, paragraphs: [m.passwordBody(password)], action: { label: m.loginLink, url } }),
    links: [url],
  });
}
