import { limits, messages, occupationForProfession, parsePixKey, type ProfileUpdate, type User } from '@consultorio/shared';
import type { Tx } from '../../db/client';
import { addSeconds } from '../../platform/clock';
import type { Context } from '../../platform/context';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { once } from '../../platform/jobs/once';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { replaceStoredAvatar } from '../../platform/stored-files';
import { hashToken, newRandomPassword, newToken } from '../../platform/tokens';
import type { Upload } from '../../platform/uploads';
import { forgetStoredFiles, recordStoredFile } from '../files/files.service';
import { endOtherSessions, forgetUserSessions } from '../sessions/sessions.service';
import { countAttemptInWindow, resetCounter } from '../throttling/throttling.service';
import { sendEmailChangedNotice, sendEmailUpdateMail, sendPasswordChangedNotice } from './users.mails';
import * as repo from './users.repository';
import type { NewUser, UserRow } from './users.repository';

export type { NewUser, UserRow };

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    gender: row.gender,
    title: row.title,
    birthdate: row.birthdate,
    document: row.document,
    cc: row.cc,
    phone: row.phone,
    country: row.country,
    profession: row.profession,
    avatarExternalKey: row.avatarExternalKey,
    mustChangePassword: row.passwordChangeRequired,
    timeZone: row.timeZone,
    professionalRegistration: row.professionalRegistration,
    emailReminderLeadHours: row.emailReminderLeadHours,
    whatsappReminderLeadHours: row.whatsappReminderLeadHours,
    pixKey: row.pixKey,
    pixKeyType: row.pixKey ? (parsePixKey(row.pixKey)?.type ?? null) : null,
    city: row.city,
    officeAddress: row.officeAddress,
    taxpayerType: row.taxpayerType,
    cnpj: row.cnpj,
    occupationCode: occupationCodeOf(row),
    bookingSlug: row.bookingSlug,
    bookingEnabled: row.bookingEnabled,
  };
}

/** The Carnê-Leão occupation of a professional: the one chosen, else the one the profession suggests. */
export function occupationCodeOf(row: Pick<UserRow, 'occupationCode' | 'profession'>): string | null {
  return row.occupationCode ?? occupationForProfession(row.profession);
}

type DbContext = Pick<Context, 'db'>;

export async function findUserByUsername(ctx: DbContext, username: string): Promise<UserRow | undefined> {
  return repo.findUserByUsername(ctx.db, username);
}

export async function findUserByEmail(ctx: DbContext, email: string): Promise<UserRow | undefined> {
  return repo.findUserByEmail(ctx.db, email);
}

/** The user by username or e-mail, as an administrator names them. */
export async function findUserByUsernameOrEmail(ctx: DbContext, who: string): Promise<UserRow | undefined> {
  return (await repo.findUserByUsername(ctx.db, who)) ?? repo.findUserByEmail(ctx.db, who.toLowerCase());
}

/**
 * Saves the profile. The booking page needs an address to be on: clearing the address turns it
 * off, and turning it on without one is refused; an address another professional has is 409.
 */
export async function updateProfile(ctx: Context, user: UserRow, profile: ProfileUpdate): Promise<User> {
  const working = profile.taxpayerType ?? user.taxpayerType;
  const cnpj = profile.cnpj === undefined ? user.cnpj : profile.cnpj;
  if (working === 'company' && !cnpj) throw new AppError('VALIDATION', messages.tax.validation.cnpjRequired);
  const slug = profile.bookingSlug === undefined ? user.bookingSlug : profile.bookingSlug;
  if (profile.bookingEnabled === true && !slug) throw new AppError('VALIDATION', messages.booking.errors.slugInvalid);
  const bookingEnabled = slug ? (profile.bookingEnabled ?? user.bookingEnabled) : false;
  let updated: UserRow | undefined;
  try {
    updated = await repo.updateProfile(ctx.db, user.id, { ...profile, bookingEnabled }, ctx.clock.now());
  } catch (error) {
    if (isUniqueViolation(error, 'users_booking_slug_key')) throw new AppError('BOOKING_SLUG_TAKEN');
    throw error;
  }
  if (!updated) throw new AppError('UNAUTHORIZED');
  return toUser(updated);
}

/** The professional whose booking page is at `slug`, while the page is on. */
export async function findBookingProfessional(ctx: DbContext, slug: string): Promise<UserRow | undefined> {
  return repo.findUserByBookingSlug(ctx.db, slug.toLowerCase());
}

/**
 * Checks the current password a change asks for. Wrong guesses count like failed logins: past
 * the limit the check answers 429 for a while, right password or not.
 */
async function checkCurrentPassword(ctx: Context, user: UserRow, password: string): Promise<void> {
  const key = `current-password:${user.id}`;
  const counted = await countAttemptInWindow(ctx, key, ctx.loginThrottle.windowSeconds);
  if (counted.attempts > ctx.loginThrottle.currentPasswordRefuseAfter) {
    throw new AppError('TOO_MANY_PASSWORD_CHECKS', messages.errors.tooManyPasswordChecks(counted.minutesLeft));
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('PASSWORD_UPDATE_FAILED');
  await resetCounter(ctx, key);
}

/**
 * Changes the password (which ends a required change), ends every other session of the user and
 * tells the account's e-mail, so that a change the professional did not make is noticed.
 */
export async function changePassword(
  ctx: Context,
  user: UserRow,
  change: { userPassword: string; password: string },
  currentTokenHash: string,
): Promise<User> {
  await checkCurrentPassword(ctx, user, change.userPassword);
  const updated = await repo.setPasswordHash(ctx.db, user.id, { passwordHash: await hashPassword(change.password), required: false }, ctx.clock.now());
  if (!updated) throw new AppError('UNAUTHORIZED');
  await endOtherSessions(ctx, user.id, currentTokenHash);
  await repo.deletePasswordResets(ctx.db, user.id);
  const notice: SecurityNotice = { email: updated.email, firstName: updated.firstName, at: ctx.clock.now().toISOString(), timeZone: updated.timeZone };
  await ctx.jobs.send(PASSWORD_CHANGED_NOTICE_JOB, notice);
  return toUser(updated);
}

/**
 * Whether `password` opens the account: its own password, or a recovery password that has not
 * expired. Using either one retires the recovery passwords; a recovery password becomes the
 * account's password, to be replaced before anything else. Answers the user as it now is.
 */
export async function checkLoginPassword(
  ctx: Context,
  user: UserRow,
  password: string,
): Promise<{ kind: 'account' | 'recovery'; user: UserRow } | null> {
  if (await verifyPassword(user.passwordHash, password)) {
    await repo.deletePasswordResets(ctx.db, user.id);
    return { kind: 'account', user };
  }
  const resets = await repo.findActivePasswordResets(ctx.db, user.id, ctx.clock.now());
  for (const reset of resets) {
    if (await verifyPassword(reset.passwordHash, password)) {
      const updated = await repo.setPasswordHash(ctx.db, user.id, { passwordHash: reset.passwordHash, required: true }, ctx.clock.now());
      await repo.deletePasswordResets(ctx.db, user.id);
      return updated ? { kind: 'recovery', user: updated } : null;
    }
  }
  return null;
}

/** A new temporary password for the user, valid for a while beside the current one (a new one replaces it). */
export async function issueRecoveryPassword(ctx: Context, user: UserRow): Promise<string> {
  const password = newRandomPassword();
  await repo.replacePasswordReset(ctx.db, {
    userId: user.id,
    passwordHash: await hashPassword(password),
    expiresAt: addSeconds(ctx.clock.now(), limits.recoveryPasswordMinutes * 60),
  });
  return password;
}

/** Asks for an e-mail change: the current password is required, and the new address gets a link. */
export async function requestEmailUpdate(ctx: Context, user: UserRow, request: { email: string; userPassword: string }): Promise<void> {
  await checkCurrentPassword(ctx, user, request.userPassword);
  const { email } = request;
  if (email === user.email) throw new AppError('EMAIL_UNCHANGED');
  if (await repo.findUserByEmail(ctx.db, email)) throw new AppError('EMAIL_TAKEN');
  await repo.insertEmailUpdate(ctx.db, {
    userId: user.id,
    email,
    // No link works until the mail job gives the change its own.
    tokenHash: hashToken(newToken()),
    expiresAt: addSeconds(ctx.clock.now(), limits.emailUpdateTokenHours * 3600),
  });
  await ctx.jobs.send(EMAIL_UPDATE_LINK_JOB, { userId: user.id });
}

/** Applies the change the link confirms, and tells the old address, with the time and who to contact. */
export async function confirmEmailUpdate(ctx: Context, token: string): Promise<void> {
  let applied: Awaited<ReturnType<typeof repo.applyEmailUpdate>>;
  try {
    applied = await repo.applyEmailUpdate(ctx.db, hashToken(token), ctx.clock.now());
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  if (!applied) throw new AppError('CONFIRMATION_INVALID');
  const { user, previousEmail } = applied;
  forgetUserSessions(ctx, user.id);
  const notice: EmailChangedNotice = { email: previousEmail, firstName: user.firstName, newEmail: user.email, at: ctx.clock.now().toISOString(), timeZone: user.timeZone };
  await ctx.jobs.send(EMAIL_CHANGED_NOTICE_JOB, notice);
}

// ---- the jobs that send this module's mail ----

const EMAIL_UPDATE_LINK_JOB = 'mail.email-update-link';
const EMAIL_CHANGED_NOTICE_JOB = 'mail.email-changed-notice';
const PASSWORD_CHANGED_NOTICE_JOB = 'mail.password-changed-notice';

/** A notice to the account's address that its credentials changed, and when. */
interface SecurityNotice {
  email: string;
  firstName: string;
  at: string;
  /** The professional's zone, for the time the notice shows (absent in jobs queued before it existed). */
  timeZone?: string;
}

interface EmailChangedNotice extends SecurityNotice {
  newEmail: string;
}

/** The jobs of this module; each sends its mail once, even when retried after its worker died. */
export function defineUsersJobs(ctx: Context): void {
  ctx.jobs.define<{ userId: string }>(EMAIL_UPDATE_LINK_JOB, {
    handle: ({ id, data }) =>
      once(ctx.db, id, async () => {
        const token = newToken();
        const pending = await repo.setEmailUpdateToken(ctx.db, data.userId, { tokenHash: hashToken(token), now: ctx.clock.now() });
        const user = pending ? await repo.findUserById(ctx.db, data.userId) : undefined;
        if (pending && user) await sendEmailUpdateMail(ctx, { email: pending.email, firstName: user.firstName }, token);
      }),
  });
  ctx.jobs.define<EmailChangedNotice>(EMAIL_CHANGED_NOTICE_JOB, {
    handle: ({ id, data }) => once(ctx.db, id, () => sendEmailChangedNotice(ctx, data, new Date(data.at))),
  });
  ctx.jobs.define<SecurityNotice>(PASSWORD_CHANGED_NOTICE_JOB, {
    handle: ({ id, data }) => once(ctx.db, id, () => sendPasswordChangedNotice(ctx, data, new Date(data.at))),
  });
}

/** Stores the upload as the user's avatar; the file row and the user's pointer to it change together. */
export async function replaceAvatar(ctx: Context, user: UserRow, upload: Upload): Promise<User> {
  const result = await replaceStoredAvatar(ctx, upload, (file) =>
    ctx.db.transaction(async (tx) => {
      const changed = await repo.setAvatar(tx, user.id, file.key, ctx.clock.now());
      if (!changed) return undefined;
      await recordStoredFile(tx, { ownerId: user.id }, file);
      if (changed.previousKey) await forgetStoredFiles(tx, user.id, [changed.previousKey]);
      return changed;
    }),
  );
  if (!result) throw new AppError('UNAUTHORIZED');
  return toUser(result.user);
}

/** A new account (a registration confirmed), in the caller's transaction; answers its id. */
export async function createUser(tx: Tx, values: NewUser): Promise<string> {
  return repo.insertUser(tx, values);
}

export async function purgeExpiredRecoveries(ctx: Context): Promise<void> {
  await repo.deleteExpiredRecoveries(ctx.db, ctx.clock.now());
}

export async function findUserById(ctx: DbContext, id: string): Promise<UserRow | undefined> {
  return repo.findUserById(ctx.db, id);
}
