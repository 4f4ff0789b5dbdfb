import { limits, type ProfileUpdate } from '@consultorio/shared';
import { addSeconds } from '../../platform/clock';
import type { Context } from '../../platform/context';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { replaceStoredAvatar } from '../../platform/stored-files';
import { hashToken, newToken } from '../../platform/tokens';
import type { Upload } from '../../platform/uploads';
import { deleteOtherSessions, deletePasswordResets } from '../auth/auth.repository';
import { sendEmailUpdateMail } from '../auth/auth.mails';
import * as repo from './users.repository';
import type { UserRow } from './users.repository';

export async function updateProfile(ctx: Context, user: UserRow, profile: ProfileUpdate): Promise<UserRow> {
  const updated = await repo.updateProfile(ctx.db, user.id, profile, ctx.clock.now());
  if (!updated) throw new AppError('UNAUTHORIZED');
  return updated;
}

/** Changes the password and ends every other session of the user. */
export async function changePassword(
  ctx: Context,
  user: UserRow,
  change: { userPassword: string; password: string },
  currentTokenHash: string,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, change.userPassword))) throw new AppError('PASSWORD_UPDATE_FAILED');
  await repo.setPasswordHash(ctx.db, user.id, await hashPassword(change.password), ctx.clock.now());
  await deleteOtherSessions(ctx.db, user.id, currentTokenHash);
  await deletePasswordResets(ctx.db, user.id);
}

export async function requestEmailUpdate(ctx: Context, user: UserRow, email: string): Promise<void> {
  if (email === user.email) throw new AppError('EMAIL_UNCHANGED');
  if (await repo.findUserByEmail(ctx.db, email)) throw new AppError('EMAIL_TAKEN');
  const token = newToken();
  await repo.insertEmailUpdate(ctx.db, {
    userId: user.id,
    email,
    tokenHash: hashToken(token),
    expiresAt: addSeconds(ctx.clock.now(), limits.emailUpdateTokenHours * 3600),
  });
  try {
    await sendEmailUpdateMail(ctx, { email, firstName: user.firstName }, token);
  } catch (error) {
    ctx.log.error({ err: error }, 'mail delivery failed');
    throw new AppError('SERVICE_UNAVAILABLE');
  }
}

export async function confirmEmailUpdate(ctx: Context, token: string): Promise<void> {
  try {
    const user = await repo.applyEmailUpdate(ctx.db, hashToken(token), ctx.clock.now());
    if (!user) throw new AppError('CONFIRMATION_INVALID');
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

export async function replaceAvatar(ctx: Context, user: UserRow, upload: Upload): Promise<UserRow> {
  const result = await replaceStoredAvatar(ctx, upload, (file) => repo.replaceAvatar(ctx.db, user.id, file, ctx.clock.now()));
  if (!result) throw new AppError('UNAUTHORIZED');
  return result.user;
}
