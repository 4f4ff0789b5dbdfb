import { z } from 'zod';
import { envelope } from './common';

export const userStatsSchema = z.object({
  patients: z.number().int(),
  forms: z.number().int(),
  records: z.number().int(),
  chats: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;
export const userStatsResponse = envelope(z.object({ stats: userStatsSchema }));

export const supportContactsSchema = z.object({
  technical: z.string(),
  account: z.string(),
  billing: z.string(),
});
export type SupportContacts = z.infer<typeof supportContactsSchema>;
export const supportContactsResponse = envelope(z.object({ supportContacts: supportContactsSchema }));
