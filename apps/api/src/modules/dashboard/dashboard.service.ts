import type { SupportContacts, UserStats } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { countOwnedItems } from './dashboard.repository';

export async function getUserStats(ctx: Context, ownerId: string): Promise<UserStats> {
  return countOwnedItems(ctx.db, ownerId);
}

export function getSupportContacts(ctx: Context): SupportContacts {
  return ctx.config.supportContacts;
}
