// Documents (issue 29): the kinds of Resolução CFP 06/2019 and what each must hold, a declaration
// made from attended appointments (its PDF read back with poppler's pdftotext), issuing (immutable
// afterwards: 423), the PAdES signature with an A1 certificate made here with openssl (checked with
// poppler's pdfsig), a PDF signed elsewhere sent back, the e-mail, the export, and 404s.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { messages, type Appointment, type IssuedDocument } from '@consultorio/shared';
import { and, count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog, files, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { zipEntries } from './helpers/zip';
import { newPatient } from './factories/patients';
import { newRecord } from './factories/records';
import { newSignedInUser, signIn } from './factories/users';

const run = promisify(execFile);

let t: TestApp;
let certificates: string;
/** An A1-like certificate (self-signed, CN 'NAME:CPF' as an ICP-Brasil e-CPF) in a .p12, made once with openssl. */
let p12: Buffer;
let expiredP12: Buffer;
const P12_PASSWORD = 'segredo-do-certificado';

async function makeP12(name: string, days: number): Promise<Buffer> {
  const key = path.join(certificates, `${name}.key`);
  const cert = path.join(certificates, `${name}.crt`);
  const out = path.join(certificates, `${name}.p12`);
  const subject = '/C=BR/O=ICP-Brasil/OU=Certificado de teste/CN=MARIA DA SILVA:12345678909';
  await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', String(days), '-subj', subject]);
  await run('openssl', ['pkcs12', '-export', '-inkey', key, '-in', cert, '-out', out, '-passout', `pass:${P12_PASSWORD}`]);
  return readFile(out);
}

beforeAll(async () => {
  t = await createTestApp();
  certificates = await mkdtemp(path.join(tmpdir(), 'consultorio-certificates-'));
  p12 = await makeP12('valid', 30);
  // Valid for one day from now: 'expired' once the app's clock is moved two days on.
  expiredP12 = await makeP12('short', 1);
});
afterAll(async () => {
  await t.close();
  await rm(certificates, { recursive: true, force: true });
});

const d = messages.documents;
const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });
const HOUR = 3_600_000;
const RECORD_TEXT = 'Paciente relata crises de ansiedade intensas';

function call(method: InjectOptions['method'], url: string, cookie: string, payload?: unknown) {
  return t.request({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function setup(profile: { profession?: string | null; professionalRegistration?: string | null } = {}) {
  const { user, cookie } = await newSignedInUser(t, {
    title: 'Dra.',
    firstName: 'Ana',
    lastName: 'Souza',
    profession: 'Psicóloga',
    professionalRegistration: 'CRP 06/123456',
    city: 'São Paulo',
    timeZone: 'America/Sao_Paulo',
    ...profile,
  });
  const patient = await newPatient(t, { owner: user, firstName: 'Łukasz', lastName: 'Nguyễn Đặng', email: `lukasz.${user.username}@example.com` });
  await newRecord(t, { owner: user, patient, name: 'Sessão', content: `<p>${RECORD_TEXT}</p>` });
  return { user, cookie, patient };
}

/** An appointment of the patient that was held, `daysAgo` days ago at 14:00 in São Paulo. */
async function attended(cookie: string, patientId: string, daysAgo: number): Promise<Appointment> {
  const day = new Date(Date.now() - daysAgo * 24 * HOUR).toISOString().slice(0, 10);
  const booked = await call('POST', '/v1/users/me/appointments', cookie, { patientId, startsAt: `${day}T14:00:00-03:00`, allowOverlap: true });
  expect(booked.statusCode, booked.body).toBe(201);
  const id = (booked.json().data.appointment as Appointment).id;
  const marked = await call('PUT', `/v1/appointments/${id}`, cookie, { status: 'attended' });
  expect(marked.statusCode, marked.body).toBe(200);
  return marked.json().data.appointment as Appointment;
}

async function createDocument(cookie: string, patientId: string, body: Record<string, unknown>): Promise<IssuedDocument> {
  const response = await call('POST', `/v1/patients/${patientId}/documents`, cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.document as IssuedDocument;
}

async function issue(cookie: string, id: string): Promise<IssuedDocument> {
  const response = await call('POST', `/v1/documents/${id}/issue`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.document as IssuedDocument;
}

async function pdfOf(cookie: string, id: string): Promise<Buffer> {
  const response = await call('GET', `/v1/documents/${id}/pdf`, cookie);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}

/** The PDF's text as poppler's pdftotext reads it (UTF-8, any script), spaces collapsed. */
async function pdfText(pdf: Buffer): Promise<string> {
  const running = run('pdftotext', ['-enc', 'UTF-8', '-', '-'], { encoding: 'utf8' });
  running.child.stdin!.end(pdf);
  return (await running).stdout.replace(/\s+/g, ' ');
}

/** What poppler's pdfsig says of the PDF's signatures. */
async function pdfsig(pdf: Buffer): Promise<string> {
  const file = path.join(certificates, `signed-${Date.now()}.pdf`);
  await writeFile(file, pdf);
  // pdfsig exits non-zero when the certificate's issuer is not trusted (a test certificate); the report is still printed.
  const { stdout } = await run('pdfsig', [file]).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  return stdout;
}

function certificateForm(certificate: Buffer | null, password: string | null): FormData {
  const form = new FormData();
  if (password !== null) form.append('password', password);
  if (certificate) form.append('certificate', new File([certificate], 'certificado.pfx', { type: 'application/x-pkcs12' }));
  return form;
}

const sign = (cookie: string, id: string, certificate: Buffer | null, password: string | null) =>
  call('POST', `/v1/documents/${id}/sign`, cookie, certificateForm(certificate, password));

const brazilianDate = (instant: string) =>
  new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' }).format(new Date(instant));

async function filesOf(patientId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(files).where(eq(files.patientId, patientId));
  return row!.n;
}

describe('a declaration from attended appointments', () => {
  it('prints the sessions, the registration and Página 1 de 1, and none of the record’s text', async () => {
    const { cookie, patient } = await setup();
    const first = await attended(cookie, patient.id, 8);
    const second = await attended(cookie, patient.id, 1);
    const draft = await createDocument(cookie, patient.id, {
      kind: 'declaracao',
      purpose: 'Apresentação ao empregador',
      recipient: 'Empresa Exemplo Ltda.',
      appointmentIds: [second.id, first.id],
    });
    expect(draft).toMatchObject({ kind: 'declaracao', title: 'Declaração', issuedAt: null, signedAt: null });
    expect(draft.sessions.map((session) => session.appointmentId)).toEqual([first.id, second.id]);

    const issued = await issue(cookie, draft.id);
    expect(issued.issuedAt).not.toBeNull();
    const pdf = await pdfOf(cookie, draft.id);
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(issued.pdfSha256);
    const text = await pdfText(pdf);
    for (const session of [first, second]) expect(text).toContain(`${brazilianDate(session.startsAt)}, das 14:00 às 14:50 (50 minutos)`);
    expect(text).toContain('Declaração');
    expect(text).toContain('Łukasz Nguyễn Đặng');
    expect(text).toContain('CRP 06/123456');
    expect(text).toContain('Apresentação ao empregador');
    expect(text).toContain('São Paulo,');
    expect(text).toContain('Página 1 de 1');
    expect(text).not.toContain('Rubrica');
    expect(text).not.toContain(RECORD_TEXT);
    expect(text).not.toContain('ansiedade');
  });

  it('refuses text, an appointment not attended and one of another patient', async () => {
    const { cookie, user, patient } = await setup();
    const held = await attended(cookie, patient.id, 2);
    const base = { kind: 'declaracao', purpose: 'Escola', recipient: 'Escola Municipal' };
    const post = (body: Record<string, unknown>) => call('POST', `/v1/patients/${patient.id}/documents`, cookie, { ...base, ...body });
    expect((await post({ appointmentIds: [held.id], sections: { text: 'Ansiedade' } })).json()).toEqual(failure(400, d.errors.textNotAllowed));
    expect((await post({})).json()).toEqual(failure(400, d.errors.appointmentsRequired));
    const booked = await call('POST', '/v1/users/me/appointments', cookie, { patientId: patient.id, startsAt: new Date(Date.now() + 48 * HOUR).toISOString() });
    expect((await post({ appointmentIds: [held.id, booked.json().data.appointment.id] })).json()).toEqual(failure(400, d.errors.appointmentNotAttended));
    const other = await newPatient(t, { owner: user });
    const othersSession = await attended(cookie, other.id, 3);
    expect((await post({ appointmentIds: [othersSession.id] })).json()).toEqual(failure(404, messages.errors.appointmentNotFound));
    expect((await post({ appointmentIds: [held.id], purpose: ' ' })).json()).toEqual(failure(400, d.errors.purposeRequired));
  });
});

describe('issued documents', () => {
  it('are immutable: a change afterwards answers 423, and they stay in the patient’s file', async () => {
    const { cookie, patient } = await setup();
    const held = await attended(cookie, patient.id, 3);
    const draft = await createDocument(cookie, patient.id, { kind: 'declaracao', purpose: 'Trabalho', recipient: 'RH', appointmentIds: [held.id] });
    const edited = await call('PUT', `/v1/documents/${draft.id}`, cookie, { purpose: 'Faculdade', recipient: 'Secretaria' });
    expect(edited.json().data.document).toMatchObject({ purpose: 'Faculdade', recipient: 'Secretaria' });
    // A draft's PDF is a preview, shown in the browser and marked as such; the issued one is saved.
    const preview = await call('GET', `/v1/documents/${draft.id}/pdf`, cookie);
    expect(preview.headers['content-disposition']).toMatch(/^inline; /);
    expect(await pdfText(preview.rawPayload)).toContain(d.pdf.draft);
    await issue(cookie, draft.id);
    const issuedPdf = await call('GET', `/v1/documents/${draft.id}/pdf`, cookie);
    // ASCII, with the patient, and the time: two documents of one patient on one day get two names.
    expect(issuedPdf.headers['content-disposition']).toMatch(/^attachment; filename="declaracao-lukasz-nguyen-dang-\d{4}-\d{2}-\d{2}-\d{2}h\d{2}\.pdf"; filename\*=UTF-8''declaracao-lukasz-/);
    expect(await pdfText(issuedPdf.rawPayload)).not.toContain(d.pdf.draft);

    const locked = failure(423, 'Documento emitido: emita um novo documento.');
    expect((await call('PUT', `/v1/documents/${draft.id}`, cookie, { purpose: 'Outra', recipient: 'Outro' })).json()).toEqual(locked);
    expect((await call('POST', `/v1/documents/${draft.id}/issue`, cookie)).json()).toEqual(locked);
    expect((await call('DELETE', `/v1/documents/${draft.id}`, cookie)).json()).toEqual(locked);
    expect((await call('GET', `/v1/documents/${draft.id}`, cookie)).json().data.document).toMatchObject({ purpose: 'Faculdade' });
    expect(await filesOf(patient.id)).toBe(1);
    const logged = await t.database.db
      .select({ action: accessLog.action })
      .from(accessLog)
      .where(and(eq(accessLog.patientId, patient.id), eq(accessLog.entityType, 'document'), eq(accessLog.entityId, draft.id)));
    expect(logged.map((entry) => entry.action)).toEqual(expect.arrayContaining(['create', 'update', 'read']));
  });

  it('need their required sections and, for a psychologist, the registration; a long report numbers its pages with room for initials', async () => {
    const { cookie, user, patient } = await setup({ professionalRegistration: null });
    const draft = await createDocument(cookie, patient.id, {
      kind: 'relatorio',
      purpose: 'Encaminhamento ao psiquiatra',
      recipient: 'Dr. Paulo Lima',
      sections: { demand: 'Demanda.', procedure: 'Entrevistas semanais.' },
    });
    expect(draft.title).toBe('Relatório psicológico');
    expect((await call('POST', `/v1/documents/${draft.id}/issue`, cookie)).json()).toEqual(failure(409, d.errors.registrationMissing));
    await t.database.db.update(users).set({ professionalRegistration: 'CRP 06/654321' }).where(eq(users.id, user.id));
    expect((await call('POST', `/v1/documents/${draft.id}/issue`, cookie)).json()).toEqual(failure(400, d.errors.sectionRequired(d.sections.analysis)));
    const long = Array.from({ length: 40 }, (_, index) => `Parágrafo ${index + 1} da análise, com o raciocínio técnico que a sustenta.`).join('\n\n');
    await call('PUT', `/v1/documents/${draft.id}`, cookie, {
      purpose: 'Encaminhamento ao psiquiatra',
      recipient: 'Dr. Paulo Lima',
      sections: { demand: 'Demanda.', procedure: 'Entrevistas semanais.', analysis: long, conclusion: 'Conclusão.' },
    });
    await issue(cookie, draft.id);
    const text = await pdfText(await pdfOf(cookie, draft.id));
    expect(text).toContain('Solicitante: Dr. Paulo Lima');
    expect(text).toContain('Finalidade: Encaminhamento ao psiquiatra');
    expect(text).toMatch(/Página 1 de [2-9]/);
    expect(text).toContain('Rubrica');
    expect(text).toContain('CRP 06/654321');
    expect((await call('POST', `/v1/patients/${patient.id}/documents`, cookie, { kind: 'laudo', purpose: 'x', recipient: 'y', sections: { nope: 'z' } })).json()).toEqual(
      failure(400, d.errors.sectionUnknown),
    );
  });

  it('for another profession: an attendance declaration and a free certificate, never the psychological ones', async () => {
    const { cookie, patient } = await setup({ profession: 'Nutricionista', professionalRegistration: 'CRN-3 12345' });
    const refused = await call('POST', `/v1/patients/${patient.id}/documents`, cookie, { kind: 'laudo', purpose: 'x', recipient: 'y' });
    expect(refused.json()).toEqual(failure(400, d.errors.kindNotAllowed));
    const certificate = await createDocument(cookie, patient.id, { kind: 'atestado', purpose: 'Academia', recipient: 'Academia Central', sections: { text: 'Apta.' } });
    expect(certificate.title).toBe('Atestado');
    const held = await attended(cookie, patient.id, 1);
    expect((await createDocument(cookie, patient.id, { kind: 'declaracao', purpose: 'x', recipient: 'y', appointmentIds: [held.id] })).title).toBe(
      'Declaração de comparecimento',
    );
  });
});

describe('the digital signature', () => {
  it('signs the issued PDF with an A1 certificate: pdfsig finds the signature valid and names the signer', async () => {
    const { cookie, patient } = await setup();
    const held = await attended(cookie, patient.id, 2);
    const draft = await createDocument(cookie, patient.id, { kind: 'declaracao', purpose: 'Trabalho', recipient: 'RH', appointmentIds: [held.id] });
    expect((await sign(cookie, draft.id, p12, P12_PASSWORD)).json()).toEqual(failure(409, d.errors.notIssued));
    const issued = await issue(cookie, draft.id);

    const signed = await sign(cookie, draft.id, p12, P12_PASSWORD);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ data: { document: { signerName: 'MARIA DA SILVA', signedVia: 'certificate' } }, message: d.signed });
    const pdf = await pdfOf(cookie, draft.id);
    const report = await pdfsig(pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: MARIA DA SILVA:12345678909');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(createHash('sha256').update(pdf).digest('hex')).not.toBe(issued.pdfSha256);
    expect(await pdfText(pdf)).toContain('CRP 06/123456');
    expect((await sign(cookie, draft.id, p12, P12_PASSWORD)).json()).toEqual(failure(409, d.errors.alreadySigned));
  });

  it('answers 400 for a wrong password, an expired certificate or a file that is none, and changes nothing', async () => {
    const { cookie, patient, user } = await setup();
    const held = await attended(cookie, patient.id, 2);
    const draft = await createDocument(cookie, patient.id, { kind: 'declaracao', purpose: 'Trabalho', recipient: 'RH', appointmentIds: [held.id] });
    await issue(cookie, draft.id);
    const before = await pdfOf(cookie, draft.id);

    expect((await sign(cookie, draft.id, p12, 'senha-errada')).json()).toEqual(failure(400, 'Senha do certificado incorreta.'));
    expect((await sign(cookie, draft.id, Buffer.from('não é um certificado'), P12_PASSWORD)).json()).toEqual(failure(400, d.errors.certificateInvalid));
    expect((await sign(cookie, draft.id, null, P12_PASSWORD)).json()).toEqual(failure(400, d.errors.certificateMissing));
    expect((await sign(cookie, draft.id, p12, null)).json()).toEqual(failure(400, d.errors.certificatePasswordMissing));
    // Two days on, the one-day certificate has expired (and the session too: a new one is opened).
    t.clock.advance(2 * 24 * 3600);
    try {
      const expired = await sign(await signIn(t, user.username), draft.id, expiredP12, P12_PASSWORD);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toMatch(/^O certificado venceu em \d{2}\/\d{2}\/\d{4}\.$/);
    } finally {
      t.clock.advance(-2 * 24 * 3600);
    }

    expect((await call('GET', `/v1/documents/${draft.id}`, cookie)).json().data.document).toMatchObject({ signedAt: null, signerName: null });
    expect((await pdfOf(cookie, draft.id)).equals(before)).toBe(true);
    expect(await filesOf(patient.id)).toBe(1);
  });

  it('keeps a PDF signed elsewhere when it is the issued PDF with a signature added, and mails the signed version', async () => {
    const { cookie, patient, user } = await setup();
    const held = await attended(cookie, patient.id, 2);
    const make = async () => {
      const draft = await createDocument(cookie, patient.id, { kind: 'declaracao', purpose: 'Trabalho', recipient: 'RH', appointmentIds: [held.id] });
      await issue(cookie, draft.id);
      return draft;
    };
    const [signedHere, signedElsewhere] = [await make(), await make()];
    expect((await call('POST', `/v1/documents/${signedElsewhere.id}/email`, cookie, {})).json()).toEqual(failure(409, d.errors.notSigned));
    await sign(cookie, signedHere.id, p12, P12_PASSWORD);
    // The other application's signature: an incremental update after the issued bytes, with a real CMS in its /Contents.
    const cms = /\/Contents\s*<([0-9a-f]+)>/i.exec((await pdfOf(cookie, signedHere.id)).toString('latin1'))![1]!;
    const issuedBytes = await pdfOf(cookie, signedElsewhere.id);
    const update = `\n99 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange [0 0 0 0] /Contents <${cms}> >>\nendobj\n%%EOF\n`;
    const uploadSigned = (bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new File([bytes], 'assinado.pdf', { type: 'application/pdf' }));
      return call('POST', `/v1/documents/${signedElsewhere.id}/signed-pdf`, cookie, form);
    };
    const otherPdf = await pdfOf(cookie, signedHere.id);
    expect((await uploadSigned(otherPdf)).json()).toEqual(failure(400, d.errors.signedPdfInvalid));
    expect((await uploadSigned(issuedBytes)).json()).toEqual(failure(400, d.errors.signedPdfInvalid));
    const uploaded = Buffer.concat([issuedBytes, Buffer.from(update, 'latin1')]);
    const kept = await uploadSigned(uploaded);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.document).toMatchObject({ signedVia: 'upload', signerName: 'MARIA DA SILVA' });
    expect((await pdfOf(cookie, signedElsewhere.id)).equals(uploaded)).toBe(true);

    const since = t.smtp.received.length;
    const to = `lukasz.${user.username}@example.com`;
    const queued = await call('POST', `/v1/documents/${signedElsewhere.id}/email`, cookie, {});
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toEqual({ status: 202, data: { email: to }, message: d.emailQueued(to) });
    const mail = await t.smtp.waitFor(to, since);
    expect(mail.subject).toBe(messages.mail.documentSubject('Declaração', 'Dra. Ana Souza'));
    expect(mail.text).not.toContain('Trabalho');
    expect(mail.attachments).toHaveLength(1);
    expect(Buffer.from(mail.attachments[0]!.content).equals(uploaded)).toBe(true);
    await t.app.jobs.idle();
    expect((await call('GET', `/v1/documents/${signedElsewhere.id}`, cookie)).json().data.document).toMatchObject({ sentTo: to });
  });
});

describe('the patient’s file and ownership', () => {
  it('puts issued documents, not drafts, in the patient’s export with their PDFs', async () => {
    const { cookie, patient } = await setup();
    const held = await attended(cookie, patient.id, 2);
    const issued = await createDocument(cookie, patient.id, { kind: 'declaracao', purpose: 'Trabalho', recipient: 'RH', appointmentIds: [held.id] });
    await issue(cookie, issued.id);
    await createDocument(cookie, patient.id, { kind: 'atestado', purpose: 'Rascunho', recipient: 'RH' });
    const response = await call('GET', `/v1/patients/${patient.id}/export`, cookie);
    expect(response.statusCode).toBe(200);
    const entries = await zipEntries(response.rawPayload);
    const summary = JSON.parse(entries.get('paciente.json')!.toString('utf8')) as { documents: Array<IssuedDocument & { issuedPdf: string }> };
    expect(summary.documents).toHaveLength(1);
    expect(summary.documents[0]).toMatchObject({ id: issued.id, purpose: 'Trabalho', recipient: 'RH', issuedPdf: expect.stringMatching(/^anexos\/.+\.pdf$/) });
    expect(entries.get(summary.documents[0]!.issuedPdf)!.equals(await pdfOf(cookie, issued.id))).toBe(true);
  });

  it('answers 404 for another professional’s document or patient', async () => {
    const { cookie, patient } = await setup();
    const held = await attended(cookie, patient.id, 2);
    const document = await createDocument(cookie, patient.id, { kind: 'declaracao', purpose: 'Trabalho', recipient: 'RH', appointmentIds: [held.id] });
    const stranger = await setup();
    const notFound = failure(404, d.errors.notFound);
    expect((await call('GET', `/v1/documents/${document.id}`, stranger.cookie)).json()).toEqual(notFound);
    expect((await call('PUT', `/v1/documents/${document.id}`, stranger.cookie, { purpose: 'x', recipient: 'y' })).json()).toEqual(notFound);
    expect((await call('POST', `/v1/documents/${document.id}/issue`, stranger.cookie)).json()).toEqual(notFound);
    expect((await call('GET', `/v1/documents/${document.id}/pdf`, stranger.cookie)).json()).toEqual(notFound);
    expect((await sign(stranger.cookie, document.id, p12, P12_PASSWORD)).json()).toEqual(notFound);
    expect((await call('DELETE', `/v1/documents/${document.id}`, stranger.cookie)).json()).toEqual(notFound);
    expect((await call('POST', `/v1/documents/${document.id}/email`, stranger.cookie, {})).json()).toEqual(notFound);
    const patientNotFound = failure(404, messages.errors.patientNotFound);
    expect((await call('GET', `/v1/patients/${patient.id}/documents`, stranger.cookie)).json()).toEqual(patientNotFound);
    expect((await call('POST', `/v1/patients/${patient.id}/documents`, stranger.cookie, { kind: 'declaracao', purpose: 'x', recipient: 'y', appointmentIds: [held.id] })).json()).toEqual(
      patientNotFound,
    );
    expect((await call('GET', `/v1/patients/${patient.id}/documents`, cookie)).json().data.documents).toHaveLength(1);
  });
});

