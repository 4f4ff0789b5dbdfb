import type { AiAssistant, QaTemplate } from '@consultorio/shared';
import { expect, type APIRequestContext, type Browser, type BrowserContextOptions } from '@playwright/test';
import { waitForMailLink } from './mail';
import { registerConfirmedProfessional, type Professional } from './professional';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** A practice with something on every screen, made through the real API in a few seconds. */
export interface Practice {
  professional: Professional;
  /** Cookies and the signed-in flag of a browser that signed in: contexts made with it open the app's pages directly. */
  storageState: StorageState;
  /** Has an e-mail, sessions today and within a day, a PHQ-9 sent back with an alert, two records, two forms and a chat. */
  carla: { id: string; name: string };
  /** Has a session owed this month and no e-mail. */
  bruno: { id: string; name: string };
  recordId: string;
  finalizedRecordId: string;
  attachmentName: string;
  phq9FormId: string;
  openFormId: string;
  openFormToken: string;
  submittedFormToken: string;
  chatId: string;
  ownTemplateId: string;
  appointmentLink: string;
}

const HOUR = 3_600_000;
const ZONE = 'America/Sao_Paulo';

/** Answers `data` of a JSON call, after checking its status. */
async function call<T>(request: APIRequestContext, method: 'get' | 'post' | 'put', url: string, status: number, data?: unknown): Promise<T> {
  const response = await request[method](url, data === undefined ? {} : { data });
  expect(response.status(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

/** Today in São Paulo (YYYY-MM-DD). */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: ZONE }).format(new Date());
}

/** The hour (0-23) of an instant in São Paulo. */
function hourInZone(instant: string): number {
  return Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: ZONE }).format(new Date(instant)));
}

/** Day `day` of this month at `time`, in São Paulo (no daylight saving since 2019), as an ISO instant. */
function thisMonthAt(day: string, time = '10:00'): string {
  return `${today().slice(0, 7)}-${day}T${time}:00-03:00`;
}

async function createPatient(request: APIRequestContext, fields: Record<string, unknown>): Promise<{ id: string; name: string }> {
  const { patient } = await call<{ patient: { id: string; fullName: string } }>(request, 'post', '/v1/users/me/patients', 201, fields);
  await call(request, 'put', `/v1/patients/${patient.id}`, 200, { ...fields, sessionFeeCents: 15000 });
  return { id: patient.id, name: patient.fullName };
}

async function book(request: APIRequestContext, patientId: string, startsAt: string): Promise<void> {
  await call(request, 'post', '/v1/users/me/appointments', 201, { patientId, startsAt, allowOverlap: true });
}

/** A record with formatted text in two versions and an attachment, and one finalized with an addendum. */
async function seedRecords(request: APIRequestContext, patientId: string, attachmentName: string) {
  type Record = { record: { id: string; version: number } };
  const { record } = await call<Record>(request, 'post', `/v1/patients/${patientId}/records`, 201, { name: 'Sessão inicial' });
  const first = '<h2>Queixa</h2><p>Relata <strong>ansiedade</strong> no trabalho.</p>';
  const saved = await call<Record>(request, 'put', `/v1/records/${record.id}/content`, 200, { content: first, version: record.version });
  const second = `${first}<ol><li>Dorme mal</li><li>Evita reuniões</li></ol><p>Ver <a href="https://www.gov.br/saude">orientações</a>.</p>`;
  await call(request, 'put', `/v1/records/${record.id}/content`, 200, { content: second, version: saved.record.version });
  const upload = await request.post(`/v1/records/${record.id}/attachments`, {
    multipart: { files: { name: attachmentName, mimeType: 'text/plain', buffer: Buffer.from('Hemoglobina 13,5 g/dL\n') } },
  });
  expect(upload.status()).toBe(201);

  const finalized = await call<Record>(request, 'post', `/v1/patients/${patientId}/records`, 201, { name: 'Sessão finalizada' });
  await call(request, 'put', `/v1/records/${finalized.record.id}/content`, 200, { content: '<p>Sessão de acolhimento.</p>', version: finalized.record.version });
  await call(request, 'post', `/v1/records/${finalized.record.id}/finalize`, 200);
  await call(request, 'post', `/v1/records/${finalized.record.id}/addenda`, 201, { content: '<p>Correção: a queixa é também familiar.</p>' });
  return { recordId: record.id, finalizedRecordId: finalized.record.id };
}

type Form = { form: { id: string; publicToken: string } };

/** A PHQ-9 the patient sent back with item 9 above 0 (an alert, a score on 'Evolução'), and an open 'Anamnese geral'. */
async function seedForms(request: APIRequestContext, patientId: string) {
  const { qaTemplates } = await call<{ qaTemplates: QaTemplate[] }>(request, 'get', '/v1/users/me/qa-templates', 200);
  const byName = (prefix: string) => qaTemplates.find((template) => template.name.startsWith(prefix))!;
  const phq9 = byName('PHQ-9');
  const sent = await call<Form>(request, 'post', `/v1/patients/${patientId}/forms`, 201, { name: 'PHQ-9 inicial', qaTemplateId: phq9.id });
  const answers = Object.fromEntries(phq9.content.flatMap((section) => section.fields).map((field) => [String(field.number), field.options?.[1]?.value ?? '']));
  await call(request, 'post', '/v1/forms/public/submit', 200, { publicToken: sent.form.publicToken, content: answers });
  const open = await call<Form>(request, 'post', `/v1/patients/${patientId}/forms`, 201, { name: 'Primeira consulta', qaTemplateId: byName('Anamnese geral').id });
  return { phq9FormId: sent.form.id, submittedFormToken: sent.form.publicToken, openFormId: open.form.id, openFormToken: open.form.publicToken };
}

/** A chat with one answered message, an own assistant and an own scored template. */
async function seedAssistantAndTemplate(request: APIRequestContext, patientId: string) {
  const { aiAssistants } = await call<{ aiAssistants: AiAssistant[] }>(request, 'get', '/v1/users/me/ai-assistants', 200);
  const { chat } = await call<{ chat: { id: string } }>(request, 'post', `/v1/patients/${patientId}/chats`, 201, { name: 'Supervisão', aiAssistantId: aiAssistants[0]!.id });
  await call(request, 'post', `/v1/chats/${chat.id}/send-text`, 201, { userText: 'Como **organizar** a rotina de sono?' });
  await call(request, 'post', '/v1/users/me/ai-assistants', 201, {
    name: 'Assistente de TCC',
    description: 'Terapia cognitivo-comportamental',
    instructions: 'Responda como um supervisor de TCC, em português do Brasil.',
  });
  const { qaTemplate } = await call<{ qaTemplate: { id: string } }>(request, 'post', '/v1/users/me/qa-templates', 201, {
    name: 'Triagem de sono',
    description: 'Responda pensando na última semana.',
    content: [
      {
        title: 'Sono',
        fields: [
          { label: 'Quantas horas dorme por noite?', type: 'number' },
          { label: 'Acorda cansado?', type: 'radio', options: [{ label: 'Nunca', points: 0 }, { label: 'Às vezes', points: 1 }, { label: 'Sempre', points: 3 }] },
          { label: 'A que horas deita?', type: 'time' },
        ],
      },
    ],
  });
  return { chatId: chat.id, ownTemplateId: qaTemplate.id };
}

/** A draft 'Atestado psicológico' for the documents page. */
async function seedDocument(request: APIRequestContext, patientId: string): Promise<void> {
  await call(request, 'post', `/v1/patients/${patientId}/documents`, 201, {
    kind: 'atestado',
    purpose: 'Justificar ausência no trabalho',
    recipient: 'Empresa Exemplo',
    sections: { conditions: 'Em acompanhamento psicológico semanal.' },
  });
}

/** Registers a professional and fills the practice; the browser's context is only used for its cookies. */
export async function seedPractice(browser: Browser, baseURL: string): Promise<Practice> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const professional = await registerConfirmedProfessional(page, 'Livia');
  const request = page.request;
  await call(request, 'post', '/v1/users/users-sessions', 200, { username: professional.username, password: professional.password });
  await call(request, 'put', '/v1/users/me', 200, {
    firstName: professional.firstName,
    lastName: professional.lastName,
    gender: 'female',
    title: 'Dra.',
    profession: 'Psicóloga',
    pixKey: professional.email,
    city: 'São Paulo',
  });

  const attachmentName = 'exame de sangue.txt';
  const carlaEmail = `carla.${professional.username}@example.com`;
  const [carla, bruno] = await Promise.all([
    createPatient(request, { firstName: 'Carla', lastName: 'Mendes', email: carlaEmail, birthdate: '1990-05-10' }),
    createPatient(request, { firstName: 'Bruno', lastName: 'Lima' }),
  ]);
  // Inside the 24-hour lead: its reminder, with the patient's link, is mailed at once (it may be tomorrow).
  const soon = new Date(Math.ceil((Date.now() + 2 * HOUR) / (30 * 60_000)) * 30 * 60_000).toISOString();
  const [records, forms, assistant, , appointmentLink] = await Promise.all([
    seedRecords(request, carla.id, attachmentName),
    seedForms(request, carla.id),
    seedAssistantAndTemplate(request, carla.id),
    seedDocument(request, carla.id),
    (async () => {
      await book(request, carla.id, soon);
      // Today whatever the hour, for the dashboard's list and the agenda's day and week; clear of
      // `soon` (run at 9:30 to 11:30 in São Paulo, both fell at noon: side by side, their narrow
      // boxes clip their text, which axe's contrast check then measures against the day behind).
      await book(request, carla.id, thisMonthAt(today().slice(8), Math.abs(hourInZone(soon) - 12) <= 1 ? '16:00' : '12:00'));
      await book(request, carla.id, thisMonthAt('02'));
      await book(request, bruno.id, thisMonthAt('01'));
      return waitForMailLink(carlaEmail, '/appointment');
    })(),
  ]);

  const state = await context.storageState();
  const origin = new URL(baseURL).origin;
  await context.close();
  return {
    professional,
    storageState: { ...state, origins: [{ origin, localStorage: [{ name: 'consultorio:signed-in', value: '1' }] }] },
    carla,
    bruno,
    attachmentName,
    appointmentLink,
    ...records,
    ...forms,
    ...assistant,
  };
}
