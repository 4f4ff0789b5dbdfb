// Session notes (issue 29): a record written from an appointment ('Registrar evolução'), named,
// dated and linked by it, its text from the professional's note template; the library and own
// templates with a default; and the 404s of another patient's or professional's appointment.
import { messages, noteTemplateHtml, type Appointment, type ClinicalRecord, type NoteTemplate } from '@consultorio/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { newPatient } from './factories/patients';
import { newSignedInUser } from './factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const e = messages.errors;
const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });
const HOUR = 3_600_000;

function call(method: InjectOptions['method'], url: string, cookie: string, payload?: unknown) {
  return t.request({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function setup() {
  const { user, cookie } = await newSignedInUser(t, { profession: 'Psicóloga', timeZone: 'America/Sao_Paulo' });
  const patient = await newPatient(t, { owner: user, firstName: 'Carla', lastName: 'Mendes' });
  return { user, cookie, patient };
}

/** Books an appointment starting `hoursFromNow` hours from now (negative: it has started). */
async function book(cookie: string, patientId: string, hoursFromNow: number): Promise<Appointment> {
  const startsAt = new Date(Math.floor((Date.now() + hoursFromNow * HOUR) / 60_000) * 60_000).toISOString();
  const response = await call('POST', '/v1/users/me/appointments', cookie, { patientId, startsAt, allowOverlap: true });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.appointment as Appointment;
}

async function writeNote(cookie: string, patientId: string, body: Record<string, unknown>): Promise<ClinicalRecord> {
  const response = await call('POST', `/v1/patients/${patientId}/records`, cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  // A session's note is announced as such; a free record as a record.
  expect(response.json().message).toBe(body['appointmentId'] ? messages.records.sessionNoteCreated : messages.records.created);
  return response.json().data.record as ClinicalRecord;
}

async function appointment(cookie: string, id: string): Promise<Appointment> {
  return (await call('GET', `/v1/appointments/${id}`, cookie)).json().data.appointment as Appointment;
}

async function templates(cookie: string): Promise<{ noteTemplates: NoteTemplate[]; defaultNoteTemplateId: string }> {
  const response = await call('GET', '/v1/users/me/note-templates', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { noteTemplates: NoteTemplate[]; defaultNoteTemplateId: string } }>().data;
}

const sessionWhen = (instant: string) =>
  new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' }).format(
    new Date(instant),
  );

/** A template's text as a record stores it (sanitized: `<br />`). */
const stored = (headings: string[]) => noteTemplateHtml(headings).replaceAll('<br>', '<br />');

const cfpHeadings = ['Demanda e objetivos do trabalho', 'Procedimentos técnico-científicos adotados', 'Evolução', 'Encaminhamento ou encerramento'];

describe('a note from an appointment', () => {
  it('is named and dated by its session, starts from the Evolução template, marks the session attended and shows on the appointment', async () => {
    const { cookie, patient } = await setup();
    const held = await book(cookie, patient.id, -2);
    const note = await writeNote(cookie, patient.id, { appointmentId: held.id });
    expect(note).toMatchObject({
      name: messages.records.sessionNoteName(sessionWhen(held.startsAt)),
      appointmentId: held.id,
      sessionDate: held.startsAt,
      content: stored(cfpHeadings),
    });
    expect(await appointment(cookie, held.id)).toMatchObject({ recordId: note.id, status: 'attended' });
    const logged = await t.database.db.select({ action: accessLog.action, entityType: accessLog.entityType, entityId: accessLog.entityId }).from(accessLog).where(eq(accessLog.patientId, patient.id));
    expect(logged).toEqual(
      expect.arrayContaining([
        { action: 'create', entityType: 'record', entityId: note.id },
        { action: 'update', entityType: 'appointment', entityId: held.id },
      ]),
    );

    const listed = (await call('GET', `/v1/patients/${patient.id}/records`, cookie)).json().data.records as ClinicalRecord[];
    expect(listed.find((record) => record.id === note.id)).toMatchObject({ sessionDate: held.startsAt, appointmentId: held.id });
    const sessions = (await call('GET', `/v1/patients/${patient.id}/appointments`, cookie)).json().data.appointments as Appointment[];
    expect(sessions.map((session) => [session.id, session.recordId])).toEqual([[held.id, note.id]]);

    const again = await call('POST', `/v1/patients/${patient.id}/records`, cookie, { appointmentId: held.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(failure(409, e.recordAppointmentTaken));
  });

  it('keeps a name given, and leaves a session that has not started as it was', async () => {
    const { cookie, patient } = await setup();
    const upcoming = await book(cookie, patient.id, 24);
    const note = await writeNote(cookie, patient.id, { appointmentId: upcoming.id, name: 'Preparação' });
    expect(note).toMatchObject({ name: 'Preparação', sessionDate: upcoming.startsAt });
    expect(await appointment(cookie, upcoming.id)).toMatchObject({ recordId: note.id, status: 'scheduled' });
    // Not a session yet: the patient's sessions list only those that have started.
    expect((await call('GET', `/v1/patients/${patient.id}/appointments`, cookie)).json().data.appointments).toEqual([]);
  });

  it('answers 404 for an appointment of another patient or another professional, and asks a free record for its name', async () => {
    const { cookie, user, patient } = await setup();
    const other = await newPatient(t, { owner: user });
    const othersAppointment = await book(cookie, other.id, -1);
    const stranger = await setup();
    const strangersAppointment = await book(stranger.cookie, stranger.patient.id, -1);
    for (const appointmentId of [othersAppointment.id, strangersAppointment.id]) {
      const response = await call('POST', `/v1/patients/${patient.id}/records`, cookie, { appointmentId });
      expect(response.json()).toEqual(failure(404, e.appointmentNotFound));
    }
    expect((await call('POST', `/v1/patients/${stranger.patient.id}/records`, cookie, { appointmentId: strangersAppointment.id })).json()).toEqual(
      failure(404, e.patientNotFound),
    );
    expect((await call('GET', `/v1/patients/${stranger.patient.id}/appointments`, cookie)).statusCode).toBe(404);
    expect((await call('POST', `/v1/patients/${patient.id}/records`, cookie, {})).json()).toEqual(failure(400, messages.validation.nameRequired));
    expect(await appointment(stranger.cookie, strangersAppointment.id)).toMatchObject({ recordId: null, status: 'scheduled' });
    // A cancelled appointment was no session: no note for it.
    const cancelled = await book(cookie, patient.id, -3);
    expect((await call('PUT', `/v1/appointments/${cancelled.id}`, cookie, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await call('POST', `/v1/patients/${patient.id}/records`, cookie, { appointmentId: cancelled.id })).json()).toEqual(failure(409, e.recordAppointmentClosed));
  });
});

describe('note templates', () => {
  it('offers the library with Evolução as the default, and fills a new record with a chosen template’s headings', async () => {
    const { cookie, patient } = await setup();
    const { noteTemplates, defaultNoteTemplateId } = await templates(cookie);
    expect(noteTemplates.map(({ name, isLibrary }) => [name, isLibrary])).toEqual([
      ['Evolução (CFP 001/2009)', true],
      ['SOAP', true],
      ['DAP', true],
    ]);
    expect(defaultNoteTemplateId).toBe(noteTemplates[0]!.id);
    const soap = noteTemplates[1]!;
    const free = await writeNote(cookie, patient.id, { name: 'Notas', noteTemplateId: soap.id });
    expect(free).toMatchObject({ appointmentId: null, sessionDate: null, content: stored(['S — Subjetivo', 'O — Objetivo', 'A — Avaliação', 'P — Plano']) });
    expect((await writeNote(cookie, patient.id, { name: 'Livre' })).content).toBe('');
  });

  it('keeps the professional’s own templates, one of them the default, beside the read-only library', async () => {
    const { cookie, patient } = await setup();
    const created = await call('POST', '/v1/users/me/note-templates', cookie, { name: 'Meu modelo', headings: [' Queixa <principal> ', 'Conduta'] });
    expect(created.statusCode, created.body).toBe(201);
    const own = created.json().data.noteTemplate as NoteTemplate;
    expect(own).toMatchObject({ name: 'Meu modelo', headings: ['Queixa <principal>', 'Conduta'], isLibrary: false });

    const chosen = await call('PUT', '/v1/users/me/note-templates/default', cookie, { noteTemplateId: own.id });
    expect(chosen.json()).toMatchObject({ data: { defaultNoteTemplateId: own.id }, message: messages.records.noteTemplateDefaultSet('Meu modelo') });
    const held = await book(cookie, patient.id, -3);
    expect((await writeNote(cookie, patient.id, { appointmentId: held.id })).content).toBe('<h2>Queixa &lt;principal&gt;</h2><p><br /></p><h2>Conduta</h2><p><br /></p>');

    const renamed = await call('PUT', `/v1/note-templates/${own.id}`, cookie, { name: 'Modelo breve', headings: ['Conduta'] });
    expect(renamed.json().data.noteTemplate).toMatchObject({ name: 'Modelo breve', headings: ['Conduta'] });
    const library = (await templates(cookie)).noteTemplates[0]!;
    expect((await call('PUT', `/v1/note-templates/${library.id}`, cookie, { name: 'X', headings: ['Y'] })).json()).toEqual(failure(403, e.noteTemplateReadOnly));
    expect((await call('DELETE', `/v1/note-templates/${library.id}`, cookie)).statusCode).toBe(403);
    expect((await call('POST', '/v1/users/me/note-templates', cookie, { name: 'Vazio', headings: [] })).json()).toEqual(
      failure(400, messages.validation.noteTemplateHeadingsRequired),
    );

    expect((await call('DELETE', `/v1/note-templates/${own.id}`, cookie)).statusCode).toBe(200);
    expect((await templates(cookie)).defaultNoteTemplateId).toBe(library.id);
  });

  it('answers 404 for another professional’s template wherever it is named', async () => {
    const { cookie, patient } = await setup();
    const stranger = await setup();
    const theirs = (await call('POST', '/v1/users/me/note-templates', stranger.cookie, { name: 'Deles', headings: ['A'] })).json().data.noteTemplate as NoteTemplate;
    const notFound = failure(404, e.noteTemplateNotFound);
    expect((await call('POST', `/v1/patients/${patient.id}/records`, cookie, { name: 'N', noteTemplateId: theirs.id })).json()).toEqual(notFound);
    expect((await call('PUT', '/v1/users/me/note-templates/default', cookie, { noteTemplateId: theirs.id })).json()).toEqual(notFound);
    expect((await call('PUT', `/v1/note-templates/${theirs.id}`, cookie, { name: 'Meu', headings: ['B'] })).json()).toEqual(notFound);
    expect((await call('DELETE', `/v1/note-templates/${theirs.id}`, cookie)).json()).toEqual(notFound);
    expect((await templates(cookie)).noteTemplates.map((template) => template.name)).not.toContain('Deles');
  });
});
