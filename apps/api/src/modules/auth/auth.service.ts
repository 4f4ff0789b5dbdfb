import { setTimeout as sleep } from 'node:timers/promises';
import { limits, messages, todayIsoDate, type User } from '@consultorio/shared';
import type { z } from 'zod';
import type { loginRequest, registrationRequest } from '@consultorio/shared';
import { addSeconds } from '../../platform/clock';
import type { Context } from '../../platform/context';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { once } from '../../platform/jobs/once';
import { hashPassword, verifyDecoyPassword, verifyPassword } from '../../platform/passwords';
import { hashToken, newToken } from '../../platform/tokens';
import { addDaysIso, startTrial } from '../billing/billing.service';
import { endOtherSessions, endSession, resolveSession, startSession, type Client } from '../sessions/sessions.service';
import { countAttempt, countAttemptInWindow, resetCounter, uncountAttempt } from '../throttling/throttling.service';
import { checkLoginPassword, createUser, findUserByEmail, findUserByUsername, issueRecoveryPassword, toUser } from '../users/users.service';
import * as repo from './auth.repository';
import { sendNewPasswordMail, sendRegistrationAttemptNotice, sendRegistrationMail, sendUsernameMail } from './auth.mails';

const HOUR = 3600;
const e = messages.errors;

/** Registration mails (links, or notices to an account's owner) one e-mail may get in an hour; beyond it, 429. */
export const REGISTRATION_MAILS_PER_HOUR = 5;

/** How often a login with the password of a registration waiting for its link mails a new link. */
const LOGIN_RESEND_SECONDS = 60;

/**
 * A pending registration keeps its username and e-mail until its link expires: another one with
 * the same username answers 409, and another one with the same e-mail resends that one's link
 * (at most once per resend interval) without changing what it holds. An e-mail that already has
 * an account is registered like any other, so the answer does not tell who is registered; its
 * mail job tells the owner instead of sending a link. The link goes out through the job queue.
 * Registrations are limited per client address, and their mails per e-mail.
 */
export async function register(ctx: Context, input: z.output<typeof registrationRequest>, client: Pick<Client, 'ip'>) {
  await throttleRegistrations(ctx, client.ip);
  const taken = await repo.findTakenIdentity(ctx.db, input.username, input.email);
  if (taken.usernameTaken) throw new AppError('USERNAME_TAKEN');
  const now = ctx.clock.now();
  const pending = await repo.findPendingRegistrations(ctx.db, input.username, input.email, now);
  const sameEmail = pending.find((registration) => registration.email === input.email);
  if (sameEmail) {
    await resendIfDue(ctx, sameEmail, { intervalSeconds: limits.resendRegistrationSeconds, beyondAllowance: 'refuse' });
    return { id: sameEmail.id };
  }
  if (pending.length > 0) throw new AppError('USERNAME_TAKEN');
  await spendRegistrationMail(ctx, input.email, 'refuse');
  const registration = await repo.insertRegistration(
    ctx.db,
    {
      username: input.username,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      // No link works until the mail job gives the registration its own.
      tokenHash: hashToken(newToken()),
      expiresAt: addSeconds(now, limits.registrationTokenHours * HOUR),
      lastSentAt: now,
    },
    now,
  );
  await ctx.jobs.send(REGISTRATION_LINK_JOB, { registrationId: registration.id });
  return { id: registration.id };
}

async function throttleRegistrations(ctx: Context, ip: string): Promise<void> {
  const counted = await countAttemptInWindow(ctx, `registration:${ip}`, HOUR);
  if (counted.attempts > ctx.config.registrationsPerHour) throw new AppError('TOO_MANY_REGISTRATIONS', e.tooManyRegistrations(counted.minutesLeft));
}

/**
 * Counts a registration mail to `email`; whether it may go. Beyond the hourly allowance the
 * mail is not sent, and with 'refuse' the request answers 429.
 */
async function spendRegistrationMail(ctx: Context, email: string, beyondAllowance: 'refuse' | 'skip'): Promise<boolean> {
  const counted = await countAttemptInWindow(ctx, `registration-mail:${email}`, HOUR);
  if (counted.attempts <= REGISTRATION_MAILS_PER_HOUR) return true;
  if (beyondAllowance === 'refuse') throw new AppError('TOO_MANY_REGISTRATIONS', e.tooManyRegistrations(counted.minutesLeft));
  return false;
}

/** Queues a new link for the registration when its last mail is older than `intervalSeconds` and its e-mail's allowance lasts; whether one was queued. */
async function resendIfDue(
  ctx: Context,
  registration: repo.RegistrationRow,
  { intervalSeconds, beyondAllowance }: { intervalSeconds: number; beyondAllowance: 'refuse' | 'skip' },
): Promise<boolean> {
  const now = ctx.clock.now();
  const claimed = await repo.claimResend(ctx.db, registration.id, { now, sentBefore: addSeconds(now, -intervalSeconds) });
  if (!claimed || !(await spendRegistrationMail(ctx, registration.email, beyondAllowance))) return false;
  await ctx.jobs.send(REGISTRATION_LINK_JOB, { registrationId: registration.id });
  return true;
}

export async function resendRegistrationMail(ctx: Context, id: string): Promise<void> {
  const registration = await repo.findPendingRegistration(ctx.db, id, ctx.clock.now());
  if (!registration) throw new AppError('REGISTRATION_NOT_FOUND');
  const queued = await resendIfDue(ctx, registration, { intervalSeconds: limits.resendRegistrationSeconds, beyondAllowance: 'refuse' });
  if (!queued) throw new AppError('RESEND_TOO_SOON');
}

/** Turns the registration into a professional on a trial of the default plan. */
export async function confirmRegistration(ctx: Context, token: string): Promise<void> {
  try {
    const now = ctx.clock.now();
    const trialDueDate = addDaysIso(todayIsoDate(now), ctx.config.trialDays);
    const confirmed = await ctx.db.transaction(async (tx) => {
      const registration = await repo.takeRegistration(tx, hashToken(token), now);
      if (!registration) return false;
      const { username, email, passwordHash, firstName, lastName } = registration;
      const userId = await createUser(tx, { username, email, passwordHash, firstName, lastName });
      await repo.deleteRegistrationsLike(tx, registration);
      await startTrial(tx, userId, trialDueDate);
      return true;
    });
    if (!confirmed) throw new AppError('CONFIRMATION_INVALID');
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_key')) throw new AppError('USERNAME_TAKEN');
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

// ---- login ----

/** The counters' keys: the username as the login finds it (the schema trimmed it; any case), with the address. */
function throttleKeys(username: string, ip: string) {
  const account = username.toLowerCase();
  return { accountAtAddress: `login:${account}:${ip}`, address: `ip:${ip}`, account: `user:${account}` };
}

type ThrottleKeys = ReturnType<typeof throttleKeys>;

/**
 * Counts the attempt for its account at its address, its address and its account (from any
 * address), then refuses it (429, saying how many minutes are left) or slows it according to the
 * counts. Counting comes before the password check so that concurrent guesses cannot all pass on
 * the same old count; a successful attempt is taken back afterwards.
 */
async function applyLoginThrottle(ctx: Context, keys: ThrottleKeys): Promise<void> {
  const policy = ctx.loginThrottle;
  const [atAddress, fromAddress, forAccount] = await Promise.all([
    countAttemptInWindow(ctx, keys.accountAtAddress, policy.windowSeconds),
    countAttemptInWindow(ctx, keys.address, policy.windowSeconds),
    countAttemptInWindow(ctx, keys.account, policy.windowSeconds),
  ]);
  const refusing = [
    atAddress.attempts > policy.accountAtAddressRefuseAfter ? atAddress : null,
    fromAddress.attempts > policy.addressRefuseAfter ? fromAddress : null,
    forAccount.attempts > policy.accountRefuseAfter ? forAccount : null,
  ].filter((counted) => counted !== null);
  if (refusing.length > 0) throw new AppError('TOO_MANY_LOGINS', e.tooManyLogins(Math.max(...refusing.map((counted) => counted.minutesLeft))));
  const excess = forAccount.attempts - policy.accountSlowAfter;
  if (excess > 0) await sleep(Math.min(excess * policy.delayStepMs, policy.maxDelayMs));
}

async function forgiveLoginAttempt(ctx: Context, keys: ThrottleKeys): Promise<void> {
  await Promise.all([resetCounter(ctx, keys.accountAtAddress), resetCounter(ctx, keys.account), uncountAttempt(ctx, keys.address)]);
}

export interface LoggedIn {
  token: string;
  maxAgeSeconds: number;
  user: User;
}

/**
 * Opens a session. A login with a recovery password ends every other session of the account
 * and leaves this one able to do nothing but set a new password.
 */
export async function login(ctx: Context, input: z.output<typeof loginRequest>, client: Client): Promise<LoggedIn> {
  const username = input.username.toLowerCase();
  const keys = throttleKeys(username, client.ip);
  await applyLoginThrottle(ctx, keys);
  const user = await findUserByUsername(ctx, username);
  if (!user) {
    await refuseUnconfirmedRegistration(ctx, username, input.password, keys);
    throw new AppError('INVALID_CREDENTIALS');
  }
  const used = await checkLoginPassword(ctx, user, input.password);
  if (!used) throw new AppError('INVALID_CREDENTIALS');
  await forgiveLoginAttempt(ctx, keys);
  const session = await startSession(ctx, used.user, client);
  if (used.kind === 'recovery') await endOtherSessions(ctx, user.id, session.tokenHash);
  return { token: session.token, maxAgeSeconds: session.maxAgeSeconds, user: toUser(used.user) };
}

/**
 * A username that is a registration still waiting for its link, with that registration's
 * password: 403 saying so, and a new link (at most one a minute). Anything else returns, having
 * paid what a password check costs, to be answered as an unknown username.
 */
async function refuseUnconfirmedRegistration(ctx: Context, username: string, password: string, keys: ThrottleKeys): Promise<void> {
  const pending = await repo.findPendingRegistrationByUsername(ctx.db, username, ctx.clock.now());
  if (!pending) return verifyDecoyPassword(password);
  if (!(await verifyPassword(pending.passwordHash, password))) return;
  await forgiveLoginAttempt(ctx, keys);
  await resendIfDue(ctx, pending, { intervalSeconds: LOGIN_RESEND_SECONDS, beyondAllowance: 'skip' });
  throw new AppError('EMAIL_NOT_CONFIRMED');
}

/** The user of a session cookie (renewing the session as any use does), or null when it is not valid. */
export async function currentSession(ctx: Context, token: string, ip: string): Promise<{ user: User; cookieMaxAge: number | null } | null> {
  const session = await resolveSession(ctx, token, ip);
  return session ? { user: toUser(session.user), cookieMaxAge: session.cookieMaxAge } : null;
}

export async function logout(ctx: Context, token: string | undefined): Promise<void> {
  await endSession(ctx, token);
}

// ---- recovery ----
// Both answer the same way whether or not the e-mail exists, and at once: the work is a job, so
// the answer's timing does not tell either.

/** Recovery mails per address and kind within an hour; beyond it requests are silently dropped. */
export const RECOVERY_MAILS_PER_HOUR = 3;

export async function recoverUsername(ctx: Context, email: string): Promise<string> {
  await ctx.jobs.send(RECOVER_USERNAME_JOB, { email });
  return messages.recovery.sent;
}

export async function recoverPassword(ctx: Context, email: string): Promise<string> {
  await ctx.jobs.send(RECOVER_PASSWORD_JOB, { email });
  return messages.recovery.sent;
}

// ---- the jobs that send this module's mail ----

const REGISTRATION_LINK_JOB = 'mail.registration-link';
const RECOVER_USERNAME_JOB = 'mail.recover-username';
const RECOVER_PASSWORD_JOB = 'mail.recover-password';

/** Counts a recovery request for the address; false once the hourly allowance is used up. */
async function withinRecoveryAllowance(ctx: Context, kind: string, email: string): Promise<boolean> {
  return (await countAttempt(ctx, `${kind}:${email}`, HOUR)) <= RECOVERY_MAILS_PER_HOUR;
}

/**
 * Mails a registration its link, which replaces any earlier one; when its e-mail already has an
 * account, mails that account's owner that someone tried instead, and no link ever works.
 */
async function mailRegistration(ctx: Context, registrationId: string): Promise<void> {
  const now = ctx.clock.now();
  const pending = await repo.findPendingRegistration(ctx.db, registrationId, now);
  if (!pending) return;
  const owner = await findUserByEmail(ctx, pending.email);
  if (owner) return sendRegistrationAttemptNotice(ctx, owner);
  const token = newToken();
  const registration = await repo.setRegistrationToken(ctx.db, registrationId, {
    tokenHash: hashToken(token),
    expiresAt: addSeconds(now, limits.registrationTokenHours * HOUR),
    now,
  });
  if (registration) await sendRegistrationMail(ctx, registration, token);
}

/** The jobs of this module; each sends its mail once, even when retried after its worker died. */
export function defineAuthJobs(ctx: Context): void {
  ctx.jobs.define<{ registrationId: string }>(REGISTRATION_LINK_JOB, {
    handle: ({ id, data }) => once(ctx.db, id, () => mailRegistration(ctx, data.registrationId)),
  });
  ctx.jobs.define<{ email: string }>(RECOVER_USERNAME_JOB, {
    handle: ({ id, data }) =>
      once(ctx.db, id, async () => {
        if (!(await withinRecoveryAllowance(ctx, 'recover-username', data.email))) return;
        const user = await findUserByEmail(ctx, data.email);
        if (user) await sendUsernameMail(ctx, user);
      }),
  });
  ctx.jobs.define<{ email: string }>(RECOVER_PASSWORD_JOB, {
    handle: ({ id, data }) =>
      once(ctx.db, id, async () => {
        if (!(await withinRecoveryAllowance(ctx, 'recover-password', data.email))) return;
        const user = await findUserByEmail(ctx, data.email);
        if (user) await sendNewPasswordMail(ctx, user, await issueRecoveryPassword(ctx, user));
      }),
  });
}

export async function purgeExpiredRegistrations(ctx: Context): Promise<void> {
  await repo.deleteExpiredRegistrations(ctx.db, ctx.clock.now());
}
