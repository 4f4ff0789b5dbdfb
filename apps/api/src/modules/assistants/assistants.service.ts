import type { AiAssistant, AiAssistantWriteRequest } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './assistants.repository';
import type { AssistantRow } from './assistants.repository';

export type { AssistantRow };

export function toAssistant(row: AssistantRow): AiAssistant {
  return {
    id: row.id,
    externalId: row.externalId,
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    isOwn: row.ownerId !== null,
  };
}

/** The library's assistants and the professional's own ones. */
export async function listAssistants(ctx: Context, ownerId: string): Promise<AiAssistant[]> {
  return (await repo.listVisibleAssistants(ctx.db, ownerId)).map(toAssistant);
}

/** An assistant the professional may use (the library's or their own); 404 otherwise. */
export async function usableAssistant(ctx: Context, ownerId: string, id: string): Promise<AssistantRow> {
  const assistant = await repo.findVisibleAssistant(ctx.db, ownerId, id);
  if (!assistant) throw new AppError('ASSISTANT_NOT_FOUND');
  return assistant;
}

type AssistantWrite = Required<Pick<AiAssistantWriteRequest, 'name' | 'instructions'>> & { description: string };

export async function createAssistant(ctx: Context, ownerId: string, write: AssistantWrite): Promise<AiAssistant> {
  return toAssistant(await repo.insertOwnAssistant(ctx.db, ownerId, write));
}

/** Changes an own assistant: its sessions' next answers follow the new instructions. */
export async function updateAssistant(ctx: Context, ownerId: string, id: string, write: AssistantWrite): Promise<AiAssistant> {
  const updated = await repo.updateOwnAssistant(ctx.db, ownerId, id, write);
  if (updated === 'library') throw new AppError('LIBRARY_ASSISTANT_READ_ONLY');
  if (!updated) throw new AppError('ASSISTANT_NOT_FOUND');
  return toAssistant(updated);
}

export async function deleteAssistant(ctx: Context, ownerId: string, id: string): Promise<void> {
  const result = await repo.deleteOwnAssistant(ctx.db, ownerId, id);
  if (result === 'library') throw new AppError('LIBRARY_ASSISTANT_READ_ONLY');
  if (result === 'in-use') throw new AppError('ASSISTANT_IN_USE');
  if (!result) throw new AppError('ASSISTANT_NOT_FOUND');
}
