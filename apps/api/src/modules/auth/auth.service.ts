import { setTimeout as sleep } from 'node:timers/promises';
import { limits, messages, todayIsoDate } from '@consultorio/shared';
import type { z } from 'zod';
import type { loginRequest, registrationRequest } from '@consultorio/shared';
import { addSeconds } from '../../platform/clock';
import type { Context } from '../../platform/context';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { hashPassword, verifyDecoyPassword, verifyPassword } from '../../platform/passwords';
import { hashToken, newRandomPassword, newToken } from '../../platform/tokens';
import { findUserByEmail, findUserByUsername, setPasswordHash, type UserRow } from '../users/users.repository';
import { addDaysIso } from '../billing/billing.service';
import * as repo from './auth.repository';
import { sendNewPasswordMail, sendRegistrationMail, sendUsernameMail } from './auth.mails';

const HOUR = 3600;

export async function register(ctx: Context, input: z.output<typeof registrationRequest>) {
  const taken = await repo.findTakenIdentity(ctx.db, input.username, input.email);
  if (taken.usernameTaken) throw new AppError('USERNAME_TAKEN');
  if (taken.emailTaken) throw new AppError('EMAIL_TAKEN');
  const token = newToken();
  const now = ctx.clock.now();
  const registration = await repo.insertRegistration(ctx.db, {
    username: input.username,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    tokenHash: hashToken(token),
    expiresAt: addSeconds(now, limits.registrationTokenHours * HOUR),
    lastSentAt: now,
  });
  await sendMailOrUnavailable(ctx, () => sendRegistrationMail(ctx, registration, token));
  return { id: registration.id };
}

export async function resendRegistrationMail(ctx: Context, id: string): Promise<void> {
  const now = ctx.clock.now();
  const token = newToken();
  const renewed = await repo.renewRegistrationToken(ctx.db, id, {
    tokenHash: hashToken(token),
    expiresAt: addSeconds(now, limits.registrationTokenHours * HOUR),
    now,
    sentBefore: addSeconds(now, -limits.resendRegistrationSeconds),
  });
  if (!renewed) {
    const exists = await repo.registrationExists(ctx.db, id, now);
    throw new AppError(exists ? 'RESEND_TOO_SOON' : 'REGISTRATION_NOT_FOUND');
  }
  await sendMailOrUnavailable(ctx, () => sendRegistrationMail(ctx, renewed, token));
}

export async function confirmRegistration(ctx: Context, token: string): Promise<void> {
  try {
    const now = ctx.clock.now();
    const trialDueDate = addDaysIso(todayIsoDate(now), ctx.config.trialDays);
    const user = await repo.confirmRegistration(ctx.db, hashToken(token), now, trialDueDate);
    if (!user) throw new AppError('CONFIRMATION_INVALID');
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_key')) throw new AppError('USERNAME_TAKEN');
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

async function sendMailOrUnavailable(ctx: Context, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    ctx.log.error({ err: error }, 'mail delivery failed');
    throw new AppError('SERVICE_UNAVAILABLE');
  }
}

// ---- sessions ----

export interface NewSession {
  token: string;
  user: UserRow;
  maxAgeSeconds: number;
}

function throttleKeys(username: string, ip: string) {
  return { user: `user:${username.toLowerCase()}`, ip: `ip:${ip}` };
}

/**
 * Counts the attempt for its username and IP, then refuses it (429) or slows it according to
 * the counts. Counting comes before the password check so that concurrent guesses cannot all
 * pass on the same old count; a successful attempt is taken back afterwards.
 */
async function applyLoginThrottle(ctx: Context, keys: { user: string; ip: string }): Promise<void> {
  const policy = ctx.loginThrottle;
  const now = ctx.clock.now();
  const windowStart = addSeconds(now, -policy.windowSeconds);
  const userAttempts = await repo.countAttempt(ctx.db, keys.user, now, windowStart);
  const ipAttempts = await repo.countAttempt(ctx.db, keys.ip, now, windowStart);
  if (userAttempts > policy.userRefuseAfter || ipAttempts > policy.ipRefuseAfter) {
    throw new AppError('TOO_MANY_LOGINS');
  }
  const excess = Math.max(userAttempts - policy.userSlowAfter, ipAttempts - policy.ipSlowAfter, 0);
  if (excess > 0) await sleep(Math.min(excess * policy.delayStepMs, policy.maxDelayMs));
}

/**
 * The account's password or a recovery password that has not expired. Using either one
 * retires the recovery passwords; using a recovery password makes it the account's password.
 */
async function checkPassword(ctx: Context, user: UserRow, password: string): Promise<boolean> {
  if (await verifyPassword(user.passwordHash, password)) {
    await repo.deletePasswordResets(ctx.db, user.id);
    return true;
  }
  const resets = await repo.findActivePasswordResets(ctx.db, user.id, ctx.clock.now());
  for (const reset of resets) {
    if (await verifyPassword(reset.passwordHash, password)) {
      await setPasswordHash(ctx.db, user.id, reset.passwordHash, ctx.clock.now());
      await repo.deletePasswordResets(ctx.db, user.id);
      return true;
    }
  }
  return false;
}

export async function login(ctx: Context, input: z.output<typeof loginRequest>, ip: string): Promise<NewSession> {
  const keys = throttleKeys(input.username, ip);
  await applyLoginThrottle(ctx, keys);
  const user = await findUserByUsername(ctx.db, input.username.toLowerCase());
  if (!user) {
    await verifyDecoyPassword(input.password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await checkPassword(ctx, user, input.password))) throw new AppError('INVALID_CREDENTIALS');
  await repo.resetCounter(ctx.db, keys.user);
  await repo.uncountAttempt(ctx.db, keys.ip);
  return startSession(ctx, user);
}

export async function startSession(ctx: Context, user: UserRow): Promise<NewSession> {
  const token = newToken();
  const maxAgeSeconds = ctx.config.sessionTtlSeconds;
  await repo.insertSession(ctx.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: addSeconds(ctx.clock.now(), maxAgeSeconds),
  });
  return { token, user, maxAgeSeconds };
}

/**
 * The user of a session cookie, extending the session when less than half of its time is left;
 * `extended` tells the caller to renew the cookie too, or the browser would drop it on the old date.
 */
export async function resolveSession(
  ctx: Context,
  token: string,
): Promise<{ user: UserRow; tokenHash: string; extended: boolean } | null> {
  const tokenHash = hashToken(token);
  const now = ctx.clock.now();
  const found = await repo.findSessionUser(ctx.db, tokenHash, now);
  if (!found) return null;
  const ttl = ctx.config.sessionTtlSeconds;
  const extended = found.expiresAt.getTime() - now.getTime() < (ttl * 1000) / 2;
  if (extended) await repo.extendSession(ctx.db, tokenHash, addSeconds(now, ttl));
  return { user: found.user, tokenHash, extended };
}

export async function logout(ctx: Context, token: string | undefined): Promise<void> {
  if (token) await repo.deleteSession(ctx.db, hashToken(token));
}

// ---- recovery ----
// Both answer the same way whether or not the e-mail exists; the work runs in the background
// so the answer's timing does not tell either.

/** Recovery mails per address and kind within an hour; beyond it requests are silently dropped. */
export const RECOVERY_MAILS_PER_HOUR = 3;

/** Counts a recovery request for the address; false once the hourly allowance is used up. */
async function withinRecoveryAllowance(ctx: Context, kind: string, email: string): Promise<boolean> {
  const now = ctx.clock.now();
  const count = await repo.countAttempt(ctx.db, `${kind}:${email}`, now, addSeconds(now, -HOUR));
  return count <= RECOVERY_MAILS_PER_HOUR;
}

export function recoverUsername(ctx: Context, email: string): string {
  ctx.tasks.run('recover-username', async () => {
    if (!(await withinRecoveryAllowance(ctx, 'recover-username', email))) return;
    const user = await findUserByEmail(ctx.db, email);
    if (user) await sendUsernameMail(ctx, user);
  });
  return messages.recovery.sent;
}

export function recoverPassword(ctx: Context, email: string): string {
  ctx.tasks.run('recover-password', async () => {
    if (!(await withinRecoveryAllowance(ctx, 'recover-password', email))) return;
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return;
    const password = newRandomPassword();
    await repo.replacePasswordReset(ctx.db, {
      userId: user.id,
      passwordHash: await hashPassword(password),
      expiresAt: addSeconds(ctx.clock.now(), limits.recoveryPasswordMinutes * 60),
    });
    await sendNewPasswordMail(ctx, user, password);
  });
  return messages.recovery.sent;
}
