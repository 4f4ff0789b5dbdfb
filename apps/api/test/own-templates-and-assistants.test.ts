// The professional's own questionnaire templates and AI assistants, beside the library's.
import { computeScore, messages, type QaTemplate } from '@consultorio/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeChatModel, type FakeChatModel } from '../../../scripts/fake-chat-model.mjs';
import { qaTemplates } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { libraryAssistant } from './factories/chats';
import { libraryTemplate } from './factories/forms';
import { newPatient } from './factories/patients';
import { newSignedInUser } from './factories/users';

let t: TestApp;
let model: FakeChatModel;
beforeAll(async () => {
  model = await startFakeChatModel();
  t = await createTestApp({ env: { AI_BASE_URL: model.url, AI_MODEL: 'fake-model' } });
});
afterAll(async () => {
  await t.close();
  await model.close();
});
beforeEach(() => model.reset());

const e = messages.errors;
const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });

function call(method: InjectOptions['method'], url: string, cookie: string, payload?: unknown) {
  return t.request({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const builderTemplate = {
  name: 'Triagem de sono',
  description: 'Perguntas rápidas.\n\nResponda pensando na última semana.',
  content: [
    {
      title: 'Sono',
      fields: [
        { label: 'Quantas horas dorme por noite?', type: 'number' },
        { label: 'Acorda cansado?', type: 'radio', options: [{ label: 'Nunca', points: 0 }, { label: 'Às vezes', points: 1 }, { label: 'Sempre', points: 3 }] },
      ],
    },
    { title: 'Rotina', fields: [{ label: 'A que horas deita?', type: 'time' }, { label: 'Observações', type: 'textarea' }] },
  ],
};

describe('own questionnaire templates', () => {
  it('creates one from the builder: fields and options numbered in order, scored by its points, listed beside the library', async () => {
    const { cookie } = await newSignedInUser(t);
    const created = await call('POST', '/v1/users/me/qa-templates', cookie, builderTemplate);
    expect(created.statusCode).toBe(201);
    const template = created.json().data.qaTemplate as QaTemplate;
    expect(created.json().message).toBe(messages.qaTemplates.created);
    expect(template).toMatchObject({ name: 'Triagem de sono', isOwn: true });
    expect(template.description).toBe('<p>Perguntas rápidas.</p><p>Responda pensando na última semana.</p>');
    expect(template.content.flatMap((section) => section.fields.map((field) => field.number))).toEqual([1, 2, 3, 4]);
    expect(template.content[0]!.fields[1]!.options).toEqual([
      { value: '1', label: 'Nunca', points: 0 },
      { value: '2', label: 'Às vezes', points: 1 },
      { value: '3', label: 'Sempre', points: 3 },
    ]);
    expect(template.scoring).toMatchObject({ label: messages.qaTemplates.scoreLabel, fields: [2] });
    expect(computeScore({ content: template.content, scoring: template.scoring! }, { 2: '3' })).toMatchObject({ total: 3, max: 3 });
    const list = (await call('GET', '/v1/users/me/qa-templates', cookie)).json().data.qaTemplates as QaTemplate[];
    expect(list.filter((item) => item.isOwn).map((item) => item.id)).toEqual([template.id]);
    expect(list.filter((item) => !item.isOwn)).toHaveLength(6);
  });

  it('refuses a builder content that is not a questionnaire, in Portuguese', async () => {
    const { cookie } = await newSignedInUser(t);
    const cases: Array<[unknown, string]> = [
      [{ ...builderTemplate, content: [] }, messages.validation.templateContentRequired],
      [{ ...builderTemplate, content: [{ title: 'A', fields: [] }] }, messages.validation.sectionFieldsRequired],
      [{ ...builderTemplate, content: [{ title: 'A', fields: [{ label: 'Escolha', type: 'radio', options: [{ label: 'Só uma' }] }] }] }, messages.validation.optionsRequired],
      [{ ...builderTemplate, content: [{ title: 'A', fields: [{ label: 'X', type: 'script' }] }] }, messages.validation.fieldTypeInvalid],
      [{ ...builderTemplate, name: ' ' }, messages.validation.nameRequired],
    ];
    for (const [payload, message] of cases) expect((await call('POST', '/v1/users/me/qa-templates', cookie, payload)).json()).toEqual(failure(400, message));
  });

  it('makes forms from an own template and fills them; editing the template never changes an existing form', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: user });
    const template = (await call('POST', '/v1/users/me/qa-templates', cookie, builderTemplate)).json().data.qaTemplate as QaTemplate;
    const form = (await call('POST', `/v1/patients/${patient.id}/forms`, cookie, { name: 'Sono de maio', qaTemplateId: template.id })).json().data.form;
    const filled = await call('PUT', `/v1/forms/${form.id}/content`, cookie, { content: { 1: 6, 2: '3', 3: '23:30', 4: 'Acorda à noite' } });
    expect(filled.statusCode).toBe(200);

    const edited = { ...builderTemplate, name: 'Triagem de sono (v2)', content: [{ title: 'Sono', fields: [{ label: 'Dorme bem?', type: 'text' }] }] };
    const updated = await call('PUT', `/v1/qa-templates/${template.id}`, cookie, edited);
    expect(updated.json()).toMatchObject({ status: 200, data: { qaTemplate: { id: template.id, name: 'Triagem de sono (v2)', scoring: null } } });

    const read = (await call('GET', `/v1/forms/${form.id}`, cookie)).json().data;
    expect(read.qaTemplate.name).toBe('Triagem de sono');
    expect(read.qaTemplate.content).toEqual(template.content);
    expect(read.form.content).toEqual({ 1: 6, 2: '3', 3: '23:30', 4: 'Acorda à noite' });
    // New forms get the new version; the list shows only the current one.
    const newer = (await call('POST', `/v1/patients/${patient.id}/forms`, cookie, { name: 'Sono de junho', qaTemplateId: template.id })).json().data;
    expect(newer.qaTemplate.content[0].fields).toHaveLength(1);
    const own = ((await call('GET', '/v1/users/me/qa-templates', cookie)).json().data.qaTemplates as QaTemplate[]).filter((item) => item.isOwn);
    expect(own.map((item) => item.name)).toEqual(['Triagem de sono (v2)']);
  });

  it('deletes an own template only when no form uses any of its versions (409 otherwise)', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: user });
    const template = (await call('POST', '/v1/users/me/qa-templates', cookie, builderTemplate)).json().data.qaTemplate as QaTemplate;
    const form = (await call('POST', `/v1/patients/${patient.id}/forms`, cookie, { name: 'F', qaTemplateId: template.id })).json().data.form;
    await call('PUT', `/v1/qa-templates/${template.id}`, cookie, { ...builderTemplate, name: 'Outra versão' });
    expect((await call('DELETE', `/v1/qa-templates/${template.id}`, cookie)).json()).toEqual(failure(409, e.templateInUse));
    expect((await call('DELETE', `/v1/forms/${form.id}`, cookie)).statusCode).toBe(200);
    const deleted = await call('DELETE', `/v1/qa-templates/${template.id}`, cookie);
    expect(deleted.json()).toEqual({ status: 200, data: null, message: messages.qaTemplates.deleted });
    expect(await t.database.db.select().from(qaTemplates).where(eq(qaTemplates.ownerId, user.id))).toEqual([]);
  });

  it('protects the library (403 with a message) and hides one professional’s templates from another (404)', async () => {
    const { cookie } = await newSignedInUser(t);
    const phq9 = await libraryTemplate(t, 'phq-9');
    expect((await call('PUT', `/v1/qa-templates/${phq9.id}`, cookie, builderTemplate)).json()).toEqual(failure(403, e.libraryTemplateReadOnly));
    expect((await call('DELETE', `/v1/qa-templates/${phq9.id}`, cookie)).json()).toEqual(failure(403, e.libraryTemplateReadOnly));
    const template = (await call('POST', '/v1/users/me/qa-templates', cookie, builderTemplate)).json().data.qaTemplate as QaTemplate;
    const other = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: other.user });
    expect((await call('PUT', `/v1/qa-templates/${template.id}`, other.cookie, builderTemplate)).json()).toEqual(failure(404, e.templateNotFound));
    expect((await call('DELETE', `/v1/qa-templates/${template.id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/v1/patients/${patient.id}/forms`, other.cookie, { name: 'F', qaTemplateId: template.id })).statusCode).toBe(404);
    const theirs = (await call('GET', '/v1/users/me/qa-templates', other.cookie)).json().data.qaTemplates as QaTemplate[];
    expect(theirs.some((item) => item.id === template.id)).toBe(false);
  });
});

describe('own AI assistants', () => {
  const own = { name: 'Assistente de TCC', description: 'Terapia cognitivo-comportamental', instructions: 'Responda como um supervisor de TCC, em português do Brasil, citando técnicas.' };

  it('creates, lists, edits and deletes one; its instructions reach the model', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const created = await call('POST', '/v1/users/me/ai-assistants', cookie, own);
    expect(created.statusCode).toBe(201);
    const assistant = created.json().data.aiAssistant;
    expect(assistant).toMatchObject({ ...own, isOwn: true });
    const listed = (await call('GET', '/v1/users/me/ai-assistants', cookie)).json().data.aiAssistants as Array<{ id: string; isOwn: boolean }>;
    expect(listed.at(-1)).toMatchObject({ id: assistant.id, isOwn: true });

    const patient = await newPatient(t, { owner: user });
    const chat = (await call('POST', `/v1/patients/${patient.id}/chats`, cookie, { name: 'Supervisão', aiAssistantId: assistant.id })).json().data.chat;
    const edited = { ...own, instructions: 'Responda sempre com três perguntas socráticas, em português do Brasil.' };
    expect((await call('PUT', `/v1/ai-assistants/${assistant.id}`, cookie, edited)).statusCode).toBe(200);
    expect((await call('POST', `/v1/chats/${chat.id}/send-text`, cookie, { userText: 'Paciente evita sair de casa.' })).statusCode).toBe(201);
    const system = (model.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'system');
    expect(system?.content).toContain('três perguntas socráticas');

    expect((await call('DELETE', `/v1/ai-assistants/${assistant.id}`, cookie)).json()).toEqual(failure(409, e.assistantInUse));
    await call('DELETE', `/v1/chats/${chat.id}`, cookie);
    expect((await call('DELETE', `/v1/ai-assistants/${assistant.id}`, cookie)).json()).toEqual({ status: 200, data: null, message: messages.aiAssistants.deleted });
  });

  it('protects the library (403) and another professional’s assistants (404), and refuses bad input', async () => {
    const { cookie } = await newSignedInUser(t);
    const library = await libraryAssistant(t, 'apoio-clinico');
    expect((await call('PUT', `/v1/ai-assistants/${library.id}`, cookie, own)).json()).toEqual(failure(403, e.libraryAssistantReadOnly));
    expect((await call('DELETE', `/v1/ai-assistants/${library.id}`, cookie)).json()).toEqual(failure(403, e.libraryAssistantReadOnly));
    const mine = (await call('POST', '/v1/users/me/ai-assistants', cookie, own)).json().data.aiAssistant;
    const other = await newSignedInUser(t);
    expect((await call('PUT', `/v1/ai-assistants/${mine.id}`, other.cookie, own)).json()).toEqual(failure(404, e.assistantNotFound));
    expect((await call('DELETE', `/v1/ai-assistants/${mine.id}`, other.cookie)).statusCode).toBe(404);
    const otherPatient = await newPatient(t, { owner: other.user });
    expect((await call('POST', `/v1/patients/${otherPatient.id}/chats`, other.cookie, { name: 'X', aiAssistantId: mine.id })).statusCode).toBe(404);
    expect((await call('POST', '/v1/users/me/ai-assistants', cookie, { ...own, instructions: 'curto' })).json()).toEqual(
      failure(400, messages.validation.instructionsRequired),
    );
  });
});
