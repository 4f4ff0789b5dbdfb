import { readdir } from 'node:fs/promises';
import { limits, messages, type Chat, type ChatMessage, type ClinicalRecord } from '@consultorio/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeChatModel, type FakeChatModel } from '../../../scripts/fake-chat-model.mjs';
import { chatAttachments, chatMessages, files, users } from '../src/db/schema';
import { formatDateTime } from '../src/modules/chats/chat-prompts';
import { createTestApp, type TestApp } from './helpers/build-app';
import { rowsReferencing, tablesWithPatientId } from './helpers/orphans';
import { deltasOf, doneOf, libraryAssistant, libraryAssistants, newChat, parseEvents } from './factories/chats';
import { makeDocx, makePdf } from './factories/documents';
import { libraryTemplate, newForm } from './factories/forms';
import { newPatient } from './factories/patients';
import { newRecord } from './factories/records';
import { newSignedInUser } from './factories/users';

let t: TestApp;
let model: FakeChatModel;
beforeAll(async () => {
  model = await startFakeChatModel();
  t = await createTestApp({ env: { AI_BASE_URL: model.url, AI_MODEL: 'fake-model', AI_API_KEY: 'sk-test', AI_TIMEOUT_SECONDS: '1' } });
});
afterAll(async () => {
  await t.close();
  await model.close();
});
beforeEach(() => model.reset());

const v = messages.validation;
const e = messages.errors;
const c = messages.chats;
const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });

function call(app: TestApp, method: InjectOptions['method'], url: string, cookie: string | undefined, payload?: unknown) {
  return app.request({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const sendText = (cookie: string, chatId: string, payload: unknown, app = t) => call(app, 'POST', `/v1/chats/${chatId}/send-text`, cookie, payload);
const readChat = (cookie: string, chatId: string, app = t) => call(app, 'GET', `/v1/chats/${chatId}`, cookie);

let address: Promise<string> | undefined;
/** The app on a real loopback port (once), for what inject cannot show: timing and disconnects. */
function listening(): Promise<string> {
  address ??= t.app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

/** The text of a chat-completions message, whether sent as a string or as parts. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return (content as Array<{ text?: string }>).map((part) => part.text ?? '').join('');
}

/** What the model was sent in its n-th request: the system message and the turns. */
function modelSaw(index = -1) {
  const request = model.requests.at(index);
  if (!request) throw new Error('the model received no request');
  const sent = request.body.messages as Array<{ role: string; content: unknown }>;
  return {
    system: sent.filter((message) => message.role === 'system').map((message) => textOf(message.content)),
    turns: sent.filter((message) => message.role !== 'system').map((message) => ({ role: message.role, text: textOf(message.content) })),
    body: request.body as { model: string; stream?: boolean },
    headers: request.headers,
  };
}

/** A signed-in professional with a patient and a chat with the clinical support assistant. */
async function setup(app = t) {
  const { user, cookie } = await newSignedInUser(app);
  const patient = await newPatient(app, { owner: user, firstName: 'Maria', lastName: 'Oliveira' });
  const assistant = await libraryAssistant(app, 'apoio-clinico');
  const chat = await newChat(app, { owner: user, patient, assistant, name: 'Primeira sessão' });
  return { user, cookie, patient, assistant, chat };
}

async function storedFiles(app = t): Promise<string[]> {
  return (await readdir(app.filesDir).catch(() => [])).sort();
}

type Part = [bytes: Buffer | string, filename: string, type?: string];
function filesForm(parts: Part[], fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [bytes, filename, type] of parts) body.append('files', new File([bytes], filename, { type: type ?? 'application/octet-stream' }));
  return body;
}

// ---------------------------------------------------------------------------------------------

describe('GET /v1/users/me/ai-assistants', () => {
  it('lists the library assistants every professional starts with, read-only, with their instructions', async () => {
    const { cookie } = await newSignedInUser(t);
    const response = await call(t, 'GET', '/v1/users/me/ai-assistants', cookie);
    expect(response.statusCode).toBe(200);
    const listed = response.json().data.aiAssistants as Array<Record<string, string>>;
    expect(listed.map((assistant) => assistant.name)).toEqual([
      'Assistente de Apoio Clínico',
      'Supervisor Clínico em Psicoterapia',
      'Redator de Prontuários',
      'Assistente de Nutrição Clínica',
    ]);
    const rows = await libraryAssistants(t);
    for (const assistant of listed) {
      expect(Object.keys(assistant).sort()).toEqual(['description', 'externalId', 'id', 'instructions', 'isOwn', 'name']);
      expect(assistant.isOwn).toBe(false);
      expect(assistant.instructions).toBe(rows.find((row) => row.id === assistant.id)!.instructions);
    }
    expect(rows.every((row) => row.instructions.length > 200 && row.instructions.includes('português'))).toBe(true);
  });

  it('answers 401 without a session', async () => {
    expect((await call(t, 'GET', '/v1/users/me/ai-assistants', undefined)).json()).toEqual(failure(401, e.unauthorized));
  });
});

describe('chat sessions: create, list, read, update, delete', () => {
  it('creates a session with an assistant and lists it newest first with the assistant name', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: user });
    const [clinical, supervisor] = await libraryAssistants(t);
    const first = await call(t, 'POST', `/v1/patients/${patient.id}/chats`, cookie, { name: '  Caso Maria ', aiAssistantId: clinical!.id });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(c.created);
    const chat = first.json().data.chat as Chat;
    expect(chat).toMatchObject({ name: 'Caso Maria', aiAssistantId: clinical!.id, aiAssistantName: clinical!.name, patientId: patient.id, lastUpdateDate: null });
    expect(first.json().data.aiAssistant).toEqual({
      id: clinical!.id,
      externalId: clinical!.externalId,
      name: clinical!.name,
      description: clinical!.description,
      instructions: clinical!.instructions,
      isOwn: false,
    });
    t.clock.advance(1);
    await call(t, 'POST', `/v1/patients/${patient.id}/chats`, cookie, { name: 'Supervisão', aiAssistantId: supervisor!.id });

    const listed = await call(t, 'GET', `/v1/patients/${patient.id}/chats`, cookie);
    expect(listed.statusCode).toBe(200);
    expect((listed.json().data.chats as Chat[]).map((item) => [item.name, item.aiAssistantName])).toEqual([
      ['Supervisão', supervisor!.name],
      ['Caso Maria', clinical!.name],
    ]);
    expect(listed.json().data.patient.id).toBe(patient.id);
  });

  it('requires a name and an assistant, with Portuguese messages, and refuses unknown assistants', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: user });
    const [assistant] = await libraryAssistants(t);
    const url = `/v1/patients/${patient.id}/chats`;
    expect((await call(t, 'POST', url, cookie, { aiAssistantId: assistant!.id })).json()).toEqual(failure(400, v.nameRequired));
    expect((await call(t, 'POST', url, cookie, { name: '   ', aiAssistantId: assistant!.id })).json()).toEqual(failure(400, v.nameRequired));
    expect((await call(t, 'POST', url, cookie, { name: 'Sessão' })).json()).toEqual(failure(400, v.assistantRequired));
    expect((await call(t, 'POST', url, cookie, { name: 'Sessão', aiAssistantId: 42 })).json()).toEqual(failure(400, v.assistantRequired));
    expect((await call(t, 'POST', url, cookie, { name: 'x'.repeat(201), aiAssistantId: assistant!.id })).statusCode).toBe(400);
    const { user: stranger } = await newSignedInUser(t);
    const strangersPatient = await newPatient(t, { owner: stranger });
    const foreign = await call(t, 'POST', `/v1/patients/${strangersPatient.id}/chats`, cookie, { name: 'Sessão', aiAssistantId: assistant!.id });
    expect(foreign.json()).toEqual(failure(404, e.patientNotFound));
    expect(await rowsReferencing(t.database.db, 'chats', strangersPatient.id)).toBe(0);
    const unknown = await call(t, 'POST', url, cookie, { name: 'Sessão', aiAssistantId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.json()).toEqual(failure(404, e.assistantNotFound));
    expect((await call(t, 'GET', url, cookie)).json().data.chats).toEqual([]);
  });

  it('reads the session with its assistant, patient and messages oldest first, and renames it', async () => {
    const { cookie, chat, patient, assistant } = await setup();
    await sendText(cookie, chat.id, { userText: 'Primeira' });
    await sendText(cookie, chat.id, { userText: 'Segunda' });
    const read = await readChat(cookie, chat.id);
    expect(read.statusCode).toBe(200);
    const data = read.json().data;
    expect(data.chat.id).toBe(chat.id);
    expect(data.aiAssistant.name).toBe(assistant.name);
    expect(data.patient.id).toBe(patient.id);
    expect((data.chatsMessages as ChatMessage[]).map((message) => [message.sender, message.content.text])).toEqual([
      ['user', 'Primeira'],
      ['other', 'Resposta do modelo: Primeira'],
      ['user', 'Segunda'],
      ['other', 'Resposta do modelo: Segunda'],
    ]);
    expect(data.chat.lastUpdateDate).not.toBeNull();

    const supervisor = await libraryAssistant(t, 'supervisor-psicoterapia');
    const updated = await call(t, 'PUT', `/v1/chats/${chat.id}`, cookie, { name: 'Renomeada', aiAssistantId: supervisor.id });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe(c.updated);
    expect(updated.json().data.chat).toMatchObject({ name: 'Renomeada', aiAssistantId: supervisor.id, aiAssistantName: supervisor.name });
    expect((await call(t, 'PUT', `/v1/chats/${chat.id}`, cookie, { name: '' })).json()).toEqual(failure(400, v.nameRequired));
  });

  it("answers 404 for another professional's session on every call, and changes nothing", async () => {
    const { chat, patient, assistant } = await setup();
    const { cookie: intruder } = await newSignedInUser(t);
    const notFound = failure(404, e.chatNotFound);
    expect((await readChat(intruder, chat.id)).json()).toEqual(notFound);
    expect((await call(t, 'PUT', `/v1/chats/${chat.id}`, intruder, { name: 'X', aiAssistantId: assistant.id })).json()).toEqual(notFound);
    expect((await call(t, 'DELETE', `/v1/chats/${chat.id}`, intruder)).json()).toEqual(notFound);
    expect((await sendText(intruder, chat.id, { userText: 'oi' })).json()).toEqual(notFound);
    expect((await call(t, 'POST', `/v1/chats/${chat.id}/send-text/stream`, intruder, { userText: 'oi' })).json()).toEqual(notFound);
    expect((await call(t, 'POST', `/v1/chats/${chat.id}/retry`, intruder)).json()).toEqual(notFound);
    const upload = await call(t, 'POST', `/v1/chats/${chat.id}/send-attachments`, intruder, filesForm([['texto', 'a.txt', 'text/plain']]));
    expect(upload.json()).toEqual(notFound);
    expect((await call(t, 'GET', `/v1/patients/${patient.id}/chats`, intruder)).json()).toEqual(failure(404, e.patientNotFound));
    const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    expect(row).toBeUndefined();
    expect(model.requests).toHaveLength(0);
    expect((await readChat(intruder, 'nao-e-um-id')).json()).toEqual(failure(400, v.idInvalid));
  });

  it('deletes the session with its messages and the files sent in it, and counts sessions in the stats', async () => {
    const { cookie, chat } = await setup();
    expect((await call(t, 'GET', '/v1/users/me/stats', cookie)).json().data.stats.chats).toBe(1);
    const sent = await call(t, 'POST', `/v1/chats/${chat.id}/send-attachments`, cookie, filesForm([['conteúdo', 'notas.txt', 'text/plain']]));
    expect(sent.statusCode).toBe(201);
    const [attachment] = await t.database.db.select().from(chatAttachments);
    expect(await storedFiles()).toContain(attachment!.fileKey);

    const removed = await call(t, 'DELETE', `/v1/chats/${chat.id}`, cookie);
    expect(removed.json()).toEqual({ status: 200, data: null, message: c.deleted });
    expect(await storedFiles()).not.toContain(attachment!.fileKey);
    expect(await t.database.db.select().from(files).where(eq(files.key, attachment!.fileKey))).toEqual([]);
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toEqual([]);
    expect((await readChat(cookie, chat.id)).json()).toEqual(failure(404, e.chatNotFound));
    expect((await call(t, 'GET', '/v1/users/me/stats', cookie)).json().data.stats.chats).toBe(0);
  });

  it('deleting the patient removes their sessions, messages and sent files, leaving no orphan', async () => {
    const { cookie, chat, patient } = await setup();
    await call(t, 'POST', `/v1/chats/${chat.id}/send-attachments`, cookie, filesForm([['x', 'a.txt', 'text/plain']]));
    const tables = await tablesWithPatientId(t.database.db);
    expect(tables).toContain('chats');
    expect(await rowsReferencing(t.database.db, 'chats', patient.id)).toBe(1);
    expect((await call(t, 'DELETE', `/v1/patients/${patient.id}`, cookie)).statusCode).toBe(200);
    for (const table of tables) expect(await rowsReferencing(t.database.db, table, patient.id), table).toBe(0);
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toEqual([]);
  });
});

describe('sending to the model', () => {
  it('sends text with the assistant instructions and the whole history, and stores the answer', async () => {
    const { cookie, chat, assistant } = await setup();
    const first = await sendText(cookie, chat.id, { userText: '  Paciente relata insônia há 3 semanas.  ' });
    expect(first.statusCode).toBe(201);
    const thread = first.json().data.chatsMessages as ChatMessage[];
    expect(thread.map((message) => [message.sender, message.content])).toEqual([
      ['user', { text: 'Paciente relata insônia há 3 semanas.' }],
      ['other', { text: 'Resposta do modelo: Paciente relata insônia há 3 semanas.' }],
    ]);
    expect(thread[0]!.createdAt).toBe(thread[0]!.creationDate);

    model.behave({ reply: 'Segunda resposta' });
    await sendText(cookie, chat.id, { userText: 'E a alimentação?' });
    const seen = modelSaw();
    expect(seen.body.model).toBe('fake-model');
    expect(seen.body.stream).toBeFalsy();
    expect(seen.headers.authorization).toBe('Bearer sk-test');
    expect(seen.system).toEqual([assistant.instructions]);
    expect(seen.turns).toEqual([
      { role: 'user', text: 'Paciente relata insônia há 3 semanas.' },
      { role: 'assistant', text: 'Resposta do modelo: Paciente relata insônia há 3 semanas.' },
      { role: 'user', text: 'E a alimentação?' },
    ]);
  });

  it('refuses blank, over-long and mistyped messages without calling the model', async () => {
    const { cookie, chat } = await setup();
    expect((await sendText(cookie, chat.id, { userText: '   ' })).json()).toEqual(failure(400, v.messageRequired));
    expect((await sendText(cookie, chat.id, {})).json()).toEqual(failure(400, v.messageRequired));
    expect((await sendText(cookie, chat.id, { userText: 12 })).json()).toEqual(failure(400, v.messageRequired));
    const tooLong = await sendText(cookie, chat.id, { userText: 'a'.repeat(limits.chatTextMax + 1) });
    expect(tooLong.json()).toEqual(failure(400, v.tooLong(limits.chatTextMax)));
    expect((await call(t, 'POST', `/v1/chats/${chat.id}/send-form`, cookie, { formId: 'x' })).json()).toEqual(failure(400, v.formRequired));
    expect((await call(t, 'POST', `/v1/chats/${chat.id}/send-record`, cookie, {})).json()).toEqual(failure(400, v.recordRequired));
    expect(model.requests).toHaveLength(0);
    expect((await readChat(cookie, chat.id)).json().data.chatsMessages).toEqual([]);
    // Text the database cannot store is bad input too, never a 500.
    expect((await sendText(cookie, chat.id, { userText: 'a\u0000b' })).statusCode).toBe(400);
    expect((await call(t, 'PUT', `/v1/chats/${chat.id}`, cookie, { name: 'a\u0000b', aiAssistantId: chat.aiAssistantId })).statusCode).toBe(400);
    expect(model.requests).toHaveLength(0);
  });

  it("ignores client-sent external ids: the chat and its assistant come from the chat's id and the session", async () => {
    const { user, cookie, chat, patient, assistant } = await setup();
    const supervisor = await libraryAssistant(t, 'supervisor-psicoterapia');
    const otherChat = await newChat(t, { owner: user, patient, assistant: supervisor, name: 'Outra' });
    const response = await sendText(cookie, chat.id, {
      userText: 'Olá',
      chatExternalId: otherChat.externalId,
      aiAssistantExternalId: supervisor.externalId,
    });
    expect(response.statusCode).toBe(201);
    expect(modelSaw().system).toEqual([assistant.instructions]);
    expect((await readChat(cookie, otherChat.id)).json().data.chatsMessages).toEqual([]);
    expect((await readChat(cookie, chat.id)).json().data.chatsMessages).toHaveLength(2);
  });

  it("sends a form as its questions and answers, with the score, and only the chat's patient's forms", async () => {
    const { user, cookie, chat, patient } = await setup();
    const template = await libraryTemplate(t, 'phq-9');
    const form = await newForm(t, { owner: user, patient, template, name: 'PHQ-9 inicial', content: { '1': '2', '2': '3', '9': '1' } });
    const response = await call(t, 'POST', `/v1/chats/${chat.id}/send-form`, cookie, { formId: form.id, chatExternalId: 'x' });
    expect(response.statusCode).toBe(201);
    expect((response.json().data.chatsMessages as ChatMessage[])[0]!.content).toEqual({ form: 'PHQ-9 inicial' });
    const prompt = modelSaw().turns.at(-1)!.text;
    expect(prompt).toContain('Formulário "PHQ-9 inicial"');
    expect(prompt).toContain('1. Pouco interesse ou pouco prazer em fazer as coisas: Mais da metade dos dias (2)');
    expect(prompt).toContain('Quase todos os dias (3)');
    expect(prompt).toContain('(sem resposta)');
    expect(prompt).toMatch(/6 de 27/);
    expect(prompt).toContain('Alerta:');

    const otherPatient = await newPatient(t, { owner: user });
    const foreign = await newForm(t, { owner: user, patient: otherPatient, template });
    expect((await call(t, 'POST', `/v1/chats/${chat.id}/send-form`, cookie, { formId: foreign.id })).json()).toEqual(failure(404, e.formNotFound));
    const { user: stranger } = await newSignedInUser(t);
    const strangerPatient = await newPatient(t, { owner: stranger });
    const strangers = await newForm(t, { owner: stranger, patient: strangerPatient, template });
    expect((await call(t, 'POST', `/v1/chats/${chat.id}/send-form`, cookie, { formId: strangers.id })).json()).toEqual(failure(404, e.formNotFound));
  });

  it("sends a record as its text, without HTML or images, and only the chat's patient's records", async () => {
    const { user, cookie, chat, patient } = await setup();
    const record = await newRecord(t, {
      owner: user,
      patient,
      name: 'Evolução 12/03',
      content:
        '<h2>Queixa</h2><p>Ansiedade <strong>intensa</strong> &amp; insônia.</p><ol><li data-list="bullet">Dorme 4 h</li></ol><p><img src="data:image/png;base64,AAAA"></p>',
    });
    const response = await call(t, 'POST', `/v1/chats/${chat.id}/send-record`, cookie, { recordId: record.id });
    expect(response.statusCode).toBe(201);
    expect((response.json().data.chatsMessages as ChatMessage[])[0]!.content).toEqual({ record: 'Evolução 12/03' });
    const prompt = modelSaw().turns.at(-1)!.text;
    expect(prompt).toContain('Prontuário "Evolução 12/03"');
    expect(prompt).toMatch(/Queixa/i);
    expect(prompt).toContain('Ansiedade intensa & insônia.');
    expect(prompt).toContain('Dorme 4 h');
    expect(prompt).not.toMatch(/<|base64/);

    const otherPatient = await newPatient(t, { owner: user });
    const foreign = await newRecord(t, { owner: user, patient: otherPatient });
    expect((await call(t, 'POST', `/v1/chats/${chat.id}/send-record`, cookie, { recordId: foreign.id })).json()).toEqual(
      failure(404, e.recordNotFound),
    );
  });

  it('sends files: the text of a PDF and a DOCX made here reaches the model, other types are named only', async () => {
    const { cookie, chat } = await setup();
    const pdf = await makePdf(['Laudo: paciente relata ansiedade e insônia', 'Pressão arterial 12 por 8']);
    const docx = await makeDocx(['Encaminhamento do Dr. Souza', 'Suspeita de transtorno de ansiedade generalizada']);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } }).png().toBuffer();
    const body = filesForm(
      [
        [pdf, 'laudo.pdf', 'application/pdf'],
        [docx, 'encaminhamento.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        ['nome;idade\nMaria;34\n', 'dados.csv', 'text/csv'],
        [png, 'foto da pele.png', 'image/png'],
      ],
      { userText: 'Veja os exames', chatExternalId: 'ignorado' },
    );
    const response = await call(t, 'POST', `/v1/chats/${chat.id}/send-attachments`, cookie, body);
    expect(response.statusCode, response.body).toBe(201);
    const [sent] = response.json().data.chatsMessages as ChatMessage[];
    expect(sent!.content).toEqual({ text: 'Veja os exames', attachments: ['laudo.pdf', 'encaminhamento.docx', 'dados.csv', 'foto da pele.png'] });
    const prompt = modelSaw().turns.at(-1)!.text;
    expect(prompt).toContain('Laudo: paciente relata ansiedade e insônia');
    expect(prompt).toContain('Pressão arterial 12 por 8');
    expect(prompt).toContain('Suspeita de transtorno de ansiedade generalizada');
    expect(prompt).toContain('Maria;34');
    expect(prompt).toContain('--- foto da pele.png ---');
    expect(prompt).toContain('não é lido pelo assistente');
    expect(prompt).toContain('Mensagem do profissional: Veja os exames');
    expect(prompt).not.toContain('PNG');

    // Each file can be downloaded by its owner from the thread, with its name.
    expect(sent!.files!.map((file) => file.name).sort()).toEqual(['dados.csv', 'encaminhamento.docx', 'foto da pele.png', 'laudo.pdf']);
    const laudo = sent!.files!.find((file) => file.name === 'laudo.pdf')!;
    const download = await call(t, 'GET', `/v1/files/${laudo.externalKey}`, cookie);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-disposition']).toContain('laudo.pdf');
    const { cookie: intruder } = await newSignedInUser(t);
    expect((await call(t, 'GET', `/v1/files/${laudo.externalKey}`, intruder)).statusCode).toBe(404);
    const thread = (await readChat(cookie, chat.id)).json().data.chatsMessages as ChatMessage[];
    expect(thread[0]!.files).toEqual(sent!.files);
    expect(thread[1]!.files).toEqual([]);

    const rows = await t.database.db.select().from(chatAttachments);
    const keys = rows.filter((row) => row.basename === 'laudo.pdf' || row.basename === 'foto da pele.png').map((row) => row.fileKey);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await storedFiles()).toContain(key);
    const fileRows = await t.database.db.select().from(files).where(eq(files.key, keys[0]!));
    expect(fileRows[0]!.patientId).toBe(chat.patientId);
  });

  it('refuses empty, oversized and over-numerous uploads and stores nothing', async () => {
    const { cookie, chat } = await setup();
    const before = await storedFiles();
    const url = `/v1/chats/${chat.id}/send-attachments`;
    expect((await call(t, 'POST', url, cookie, filesForm([], { userText: 'só texto' }))).json()).toEqual(failure(400, e.attachmentsMissing));
    expect((await call(t, 'POST', url, cookie, { userText: 'json' })).json()).toEqual(failure(400, e.attachmentsMissing));
    const eleven = filesForm(Array.from({ length: 11 }, (_, index): Part => [`arquivo ${index}`, `a${index}.txt`, 'text/plain']));
    expect((await call(t, 'POST', url, cookie, eleven)).json()).toEqual(failure(413, e.tooManyAttachments));
    const big = filesForm([['ok', 'a.txt', 'text/plain'], [Buffer.alloc(limits.attachmentMaxBytes + 1), 'grande.bin']]);
    expect((await call(t, 'POST', url, cookie, big)).json()).toEqual(failure(413, e.attachmentTooLarge));
    const longText = filesForm([['ok', 'a.txt', 'text/plain']], { userText: 'a'.repeat(limits.chatTextMax + 1) });
    expect((await call(t, 'POST', url, cookie, longText)).json()).toEqual(failure(400, v.tooLong(limits.chatTextMax)));
    expect(await storedFiles()).toEqual(before);
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toEqual([]);
    expect(model.requests).toHaveLength(0);
  });

  it('trims a long history to the context window, oldest first, keeping the instructions and the newest message', async () => {
    const { cookie, chat, assistant } = await setup();
    model.behave({ reply: 'ok' });
    const long = (tag: string) => `${tag} ${'palavra '.repeat(2400)}`;
    for (const tag of ['PRIMEIRA', 'SEGUNDA', 'TERCEIRA']) expect((await sendText(cookie, chat.id, { userText: long(tag) })).statusCode).toBe(201);
    const seen = modelSaw();
    expect(seen.system).toEqual([assistant.instructions]);
    const texts = seen.turns.map((turn) => turn.text.slice(0, 9));
    expect(texts).not.toContain('PRIMEIRA ');
    expect(texts.at(-1)).toBe('TERCEIRA ');
    expect(seen.turns.at(-1)!.role).toBe('user');
  });
});

describe('when the model fails', () => {
  it('retries once on a transient error', async () => {
    const { cookie, chat } = await setup();
    model.behave({ failTimes: 1, failStatus: 500, retryAfterMs: 10 });
    const response = await sendText(cookie, chat.id, { userText: 'Olá' });
    expect(response.statusCode).toBe(201);
    expect(model.requests).toHaveLength(2);
  });

  it('keeps the message, says the assistant is unavailable, and answers when retried', async () => {
    const { cookie, chat } = await setup();
    model.behave({ failTimes: 2, failStatus: 503, retryAfterMs: 10 });
    const failed = await sendText(cookie, chat.id, { userText: 'Minha pergunta importante' });
    expect(failed.json()).toEqual(failure(503, e.aiUnavailable));
    const kept = (await readChat(cookie, chat.id)).json().data.chatsMessages as ChatMessage[];
    expect(kept.map((message) => [message.sender, message.content.text])).toEqual([['user', 'Minha pergunta importante']]);

    model.behave({});
    const retried = await call(t, 'POST', `/v1/chats/${chat.id}/retry`, cookie);
    expect(retried.statusCode).toBe(201);
    expect((retried.json().data.chatsMessages as ChatMessage[]).map((message) => message.sender)).toEqual(['user', 'other']);
    expect(modelSaw().turns).toEqual([{ role: 'user', text: 'Minha pergunta importante' }]);
    expect((await call(t, 'POST', `/v1/chats/${chat.id}/retry`, cookie)).json()).toEqual(failure(409, e.nothingToAnswer));
  });

  it('gives up after the timeout with a clear message, keeping the message', async () => {
    const { cookie, chat } = await setup();
    model.behave({ hang: true });
    const started = Date.now();
    const response = await sendText(cookie, chat.id, { userText: 'Você está aí?' });
    expect(response.json()).toEqual(failure(504, e.aiTimeout));
    expect(Date.now() - started).toBeLessThan(5000);
    const kept = (await readChat(cookie, chat.id)).json().data.chatsMessages as ChatMessage[];
    expect(kept.map((message) => message.content.text)).toEqual(['Você está aí?']);
  });

  it('streams the failure as an error event, keeping the message', async () => {
    const { cookie, chat } = await setup();
    model.behave({ failTimes: 2, retryAfterMs: 10 });
    const response = await call(t, 'POST', `/v1/chats/${chat.id}/send-text/stream`, cookie, { userText: 'Oi' });
    expect(response.statusCode).toBe(200);
    expect(parseEvents(response.body)).toEqual([{ event: 'error', data: { status: 503, message: e.aiUnavailable, code: expect.any(String), requestId: expect.any(String) } }]);
    expect((await readChat(cookie, chat.id)).json().data.chatsMessages).toHaveLength(1);
  });
});

describe('streaming', () => {
  it('streams the answer in pieces and ends with the same thread the plain call returns', async () => {
    const { cookie, chat, assistant } = await setup();
    model.behave({ reply: 'Uma resposta em várias palavras para o profissional.' });
    const response = await call(t, 'POST', `/v1/chats/${chat.id}/send-text/stream`, cookie, { userText: 'Olá', aiAssistantExternalId: 'x' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const events = parseEvents(response.body);
    expect(deltasOf(events).length).toBeGreaterThan(3);
    expect(deltasOf(events).join('')).toBe('Uma resposta em várias palavras para o profissional.');
    expect(events.at(-1)!.event).toBe('done');
    expect(doneOf(events)).toEqual((await readChat(cookie, chat.id)).json().data.chatsMessages);
    expect(modelSaw().body.stream).toBe(true);
    expect(modelSaw().system).toEqual([assistant.instructions]);
  });

  it('renews the session cookie on a streamed answer too', async () => {
    const { cookie, chat } = await setup();
    // More than half of the 12-hour idle limit has passed.
    t.clock.advance(7 * 3600);
    const response = await call(t, 'POST', `/v1/chats/${chat.id}/send-text/stream`, cookie, { userText: 'Olá' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`^${cookie}; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Lax$`));
  });

  it('streams the form, record, attachment and retry sends too', async () => {
    const { user, cookie, chat, patient } = await setup();
    const template = await libraryTemplate(t, 'gad-7');
    const form = await newForm(t, { owner: user, patient, template, name: 'GAD-7' });
    const record = await newRecord(t, { owner: user, patient, name: 'Evolução', content: '<p>Texto</p>' });
    const sends: Array<[string, unknown]> = [
      ['send-form', { formId: form.id }],
      ['send-record', { recordId: record.id }],
      ['send-attachments', filesForm([['linha', 'nota.md', 'text/markdown']])],
    ];
    for (const [path, payload] of sends) {
      const response = await call(t, 'POST', `/v1/chats/${chat.id}/${path}/stream`, cookie, payload);
      expect(response.statusCode, path).toBe(200);
      expect(doneOf(parseEvents(response.body))!.at(-1)!.sender, path).toBe('other');
    }
    model.behave({ failTimes: 2, retryAfterMs: 10 });
    await call(t, 'POST', `/v1/chats/${chat.id}/send-text/stream`, cookie, { userText: 'falha' });
    model.behave({});
    const retried = await call(t, 'POST', `/v1/chats/${chat.id}/retry/stream`, cookie);
    expect(doneOf(parseEvents(retried.body))).toHaveLength(8);
    expect((await call(t, 'POST', `/v1/chats/${chat.id}/retry/stream`, cookie)).json()).toEqual(failure(409, e.nothingToAnswer));
    expect((await call(t, 'POST', `/v1/chats/${chat.id}/send-text/stream`, cookie, { userText: '' })).json()).toEqual(
      failure(400, v.messageRequired),
    );
  });

  it('a stream the model drops half-way ends in an error event; no partial answer is stored', async () => {
    const { cookie, chat } = await setup();
    model.behave({ reply: 'uma resposta que não vai chegar ao fim', dropAfterChunks: 3 });
    const response = await call(t, 'POST', `/v1/chats/${chat.id}/send-text/stream`, cookie, { userText: 'Olá' });
    const events = parseEvents(response.body);
    expect(events.at(-1)).toEqual({ event: 'error', data: { status: 503, message: e.aiUnavailable, code: expect.any(String), requestId: expect.any(String) } });
    const kept = (await readChat(cookie, chat.id)).json().data.chatsMessages as ChatMessage[];
    expect(kept.map((message) => message.sender)).toEqual(['user']);
  });

  it('a professional who leaves mid-answer still finds the whole answer stored', async () => {
    const { cookie, chat } = await setup();
    model.behave({ reply: 'um dois três quatro cinco seis', chunkDelayMs: 40 });
    const address = await listening();
    const leaving = new AbortController();
    const response = await fetch(`${address}/v1/chats/${chat.id}/send-text/stream`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ userText: 'Conte até seis' }),
      signal: leaving.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    leaving.abort();
    await expect.poll(async () => ((await readChat(cookie, chat.id)).json().data.chatsMessages as ChatMessage[]).length, { timeout: 5000 }).toBe(2);
    const [, stored] = (await readChat(cookie, chat.id)).json().data.chatsMessages as ChatMessage[];
    expect(stored!.content.text).toBe('um dois três quatro cinco seis');
  });

  it('over real HTTP, the first words arrive before the answer is complete', async () => {
    const { cookie, chat } = await setup();
    model.behave({ reply: 'um dois três quatro cinco seis sete oito', chunkDelayMs: 60 });
    const address = await listening();
    const response = await fetch(`${address}/v1/chats/${chat.id}/send-text/stream`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ userText: 'Conte até oito' }),
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    let firstDeltaAt = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
      if (!firstDeltaAt && received.includes('event: delta')) firstDeltaAt = Date.now();
    }
    const doneAt = Date.now();
    expect(doneAt - firstDeltaAt).toBeGreaterThan(250);
    expect(deltasOf(parseEvents(received)).join('')).toBe('um dois três quatro cinco seis sete oito');
  });
});

describe('POST /v1/patients/:id/records/from-chat', () => {
  it('asks the model for a structured clinical note, sanitizes it and stores it with the assistant name', async () => {
    const { cookie, chat, patient, assistant } = await setup();
    await sendText(cookie, chat.id, { userText: 'Paciente de 34 anos com insônia e ansiedade.' });
    model.behave({
      reply:
        '## Identificação\nMaria Oliveira, 34 anos.\n\n## Queixa principal\nInsônia.\n\n## Observações\n- Ansiedade\n\n## Plano\nReavaliar.<script>alert(1)</script><img src=x onerror=alert(1)>',
    });
    const response = await call(t, 'POST', `/v1/patients/${patient.id}/records/from-chat`, cookie, { name: 'Nota da sessão', chatId: chat.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(c.recordGenerated);
    const record = response.json().data.record as ClinicalRecord;
    expect(record).toMatchObject({ name: 'Nota da sessão', patientId: patient.id, aiAssistantName: assistant.name });
    expect(record.content).toContain('<h2>Identificação</h2>');
    expect(record.content).toContain('<h2>Plano</h2>');
    expect(record.content).toContain('<li>Ansiedade</li>');
    expect(record.content).not.toMatch(/script|onerror/);

    const seen = modelSaw();
    expect(seen.system[0]).toContain('## Queixa principal');
    expect(seen.turns).toHaveLength(1);
    expect(seen.turns[0]!.text).toContain('Paciente de 34 anos com insônia e ansiedade.');
    expect(seen.turns[0]!.text).toContain('Maria Oliveira');
    expect((await call(t, 'GET', `/v1/records/${record.id}`, cookie)).statusCode).toBe(200);
  });

  it('needs a name and a chat of this patient with messages', async () => {
    const { user, cookie, chat, patient, assistant } = await setup();
    const url = `/v1/patients/${patient.id}/records/from-chat`;
    expect((await call(t, 'POST', url, cookie, { chatId: chat.id })).json()).toEqual(failure(400, v.nameRequired));
    expect((await call(t, 'POST', url, cookie, { name: 'Nota' })).json()).toEqual(failure(400, v.chatRequired));
    expect((await call(t, 'POST', url, cookie, { name: 'Nota', chatId: chat.id })).json()).toEqual(failure(400, e.chatEmpty));
    const otherPatient = await newPatient(t, { owner: user });
    const otherChat = await newChat(t, { owner: user, patient: otherPatient, assistant });
    expect((await call(t, 'POST', url, cookie, { name: 'Nota', chatId: otherChat.id })).json()).toEqual(failure(404, e.chatNotFound));
    const { cookie: intruder } = await newSignedInUser(t);
    expect((await call(t, 'POST', url, intruder, { name: 'Nota', chatId: chat.id })).json()).toEqual(failure(404, e.patientNotFound));
    expect(model.requests).toHaveLength(0);
    expect((await call(t, 'GET', `/v1/patients/${patient.id}/records`, cookie)).json().data.records).toEqual([]);
  });

  it('keeps nothing when the model fails', async () => {
    const { cookie, chat, patient } = await setup();
    await sendText(cookie, chat.id, { userText: 'Texto' });
    model.behave({ failTimes: 2, retryAfterMs: 10 });
    const response = await call(t, 'POST', `/v1/patients/${patient.id}/records/from-chat`, cookie, { name: 'Nota', chatId: chat.id });
    expect(response.json()).toEqual(failure(503, e.aiUnavailable));
    expect((await call(t, 'GET', `/v1/patients/${patient.id}/records`, cookie)).json().data.records).toEqual([]);
  });
});

describe('the offline assistant (no AI_MODEL)', () => {
  let offline: TestApp;
  beforeAll(async () => {
    offline = await createTestApp();
  });
  afterAll(async () => {
    await offline.close();
  });

  it('says plainly that no model is configured and what to set, streamed or not, and never invents content', async () => {
    const { cookie, chat } = await setup(offline);
    const response = await sendText(cookie, chat.id, { userText: 'Qual o diagnóstico provável?' }, offline);
    expect(response.statusCode).toBe(201);
    const answer = (response.json().data.chatsMessages as ChatMessage[])[1]!.content.text!;
    expect(answer).toContain('Nenhum modelo de IA está configurado');
    expect(answer).toContain('AI_MODEL');
    expect(answer).toContain('AI_BASE_URL');
    expect(answer).not.toContain('diagnóstico');

    const streamed = await call(offline, 'POST', `/v1/chats/${chat.id}/send-text/stream`, cookie, { userText: 'De novo' });
    const events = parseEvents(streamed.body);
    expect(deltasOf(events).length).toBeGreaterThan(10);
    expect(deltasOf(events).join('')).toBe(answer);
    expect(model.requests).toHaveLength(0);
  });

  it('makes the record from a chat a dated transcript, marked as such', async () => {
    const { cookie, chat, patient, assistant } = await setup(offline);
    await sendText(cookie, chat.id, { userText: 'Paciente relata <melhora> do sono.' }, offline);
    const response = await call(offline, 'POST', `/v1/patients/${patient.id}/records/from-chat`, cookie, { name: 'Transcrição', chatId: chat.id });
    expect(response.statusCode).toBe(201);
    const record = response.json().data.record as ClinicalRecord;
    expect(record.aiAssistantName).toBe(assistant.name);
    expect(record.content).toContain('Transcrição da sessão "Primeira sessão"');
    expect(record.content).toContain('Não é uma nota clínica');
    expect(record.content).toContain('Paciente relata &lt;melhora&gt; do sono.');
    expect(record.content).toContain('Maria Oliveira');
    expect(record.content).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(record.content).not.toContain('Nenhum modelo de IA está configurado');
    expect(record.content).toContain('foram omitidas');
  });
});

describe('times the assistant reads', () => {
  it('are in the professional’s time zone, not the server’s', async () => {
    const { user, cookie, patient, chat } = await setup();
    await t.database.db.update(users).set({ timeZone: 'Asia/Tokyo' }).where(eq(users.id, user.id));
    const record = await newRecord(t, { owner: user, patient, name: 'Evolução', content: '<p>Texto</p>' });
    expect((await call(t, 'POST', `/v1/chats/${chat.id}/send-record`, cookie, { recordId: record.id })).statusCode).toBe(201);
    const sent = modelSaw().turns.at(-1)!.text;
    expect(sent).toContain(formatDateTime(record.createdAt, 'Asia/Tokyo'));
    expect(formatDateTime(record.createdAt, 'Asia/Tokyo')).not.toBe(formatDateTime(record.createdAt, 'UTC'));
  });
});
