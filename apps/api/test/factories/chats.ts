import type { ChatMessage } from '@consultorio/shared';
import { asc, eq } from 'drizzle-orm';
import { aiAssistants, chats } from '../../src/db/schema';
import type { AssistantRow } from '../../src/modules/assistants/assistants.repository';
import type { ChatRow } from '../../src/modules/chats/chats.repository';
import type { TestApp } from '../helpers/build-app';

/** The library's assistants, in the order the API lists them. */
export async function libraryAssistants(t: TestApp): Promise<AssistantRow[]> {
  return t.database.db.select().from(aiAssistants).orderBy(asc(aiAssistants.position));
}

export async function libraryAssistant(t: Pick<TestApp, 'database'>, key: string): Promise<AssistantRow> {
  const [row] = await t.database.db.select().from(aiAssistants).where(eq(aiAssistants.key, key));
  if (!row) throw new Error(`no assistant ${key}`);
  return row;
}

/** Inserts a chat of `owner` for `patient` straight into the database. */
export async function newChat(
  t: Pick<TestApp, 'database'>,
  { owner, patient, assistant, name = 'Sessão' }: { owner: { id: string }; patient: { id: string }; assistant: { id: string }; name?: string },
): Promise<ChatRow> {
  const [row] = await t.database.db
    .insert(chats)
    .values({ ownerId: owner.id, patientId: patient.id, aiAssistantId: assistant.id, name })
    .returning();
  return row!;
}

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** The events of a whole server-sent-events body. */
export function parseEvents(body: string): StreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as unknown };
    });
}

export const deltasOf = (events: StreamEvent[]) =>
  events.filter((event) => event.event === 'delta').map((event) => (event.data as { text: string }).text);

export const doneOf = (events: StreamEvent[]) =>
  (events.find((event) => event.event === 'done')?.data as { chatsMessages: ChatMessage[] } | undefined)?.chatsMessages;
