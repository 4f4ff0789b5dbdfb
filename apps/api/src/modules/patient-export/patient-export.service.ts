import { Readable } from 'node:stream';
import { fullNameOf, searchKey } from '@consultorio/shared';
import yazl from 'yazl';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { exportAppointments } from '../agenda/agenda.service';
import { accessLogCsv } from '../audit/audit.service';
import { exportChats } from '../chats/chats.service';
import { exportDocuments } from '../documents/documents.service';
import { openStoredObject, patientFiles } from '../files/files.service';
import { exportPayments } from '../finance/finance.service';
import { exportForms } from '../forms/forms.service';
import { exportMeasurement } from '../measurement/measurement.service';
import { ownedPatient, toPatient } from '../patients/patients.service';
import { exportRecordings } from '../recordings/recordings.service';
import { exportRecords } from '../records/records.service';
import type { SessionUser } from '../sessions/sessions.service';
import { recordDocument } from './record-document';

/** A file name from any text: lower case, no accents, letters, digits and dashes only. */
function slug(text: string): string {
  return searchKey(text).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'sem-nome';
}

/** Gives each path once: a repeated one gets -2, -3… before its extension. */
function uniquePaths() {
  const used = new Set<string>();
  return (wanted: string): string => {
    let candidate = wanted;
    const dot = wanted.lastIndexOf('.');
    const [stem, extension] = dot > wanted.lastIndexOf('/') ? [wanted.slice(0, dot), wanted.slice(dot)] : [wanted, ''];
    for (let n = 2; used.has(candidate); n++) candidate = `${stem}-${n}${extension}`;
    used.add(candidate);
    return candidate;
  };
}

/** The name of a file inside the ZIP: its original name, with nothing that could leave the folder. */
function safeName(name: string | null, fallback: string): string {
  const base = (name ?? '').replace(/[/\\]/g, '_').replace(/\p{Cc}/gu, '').trim();
  return base === '' || base === '.' || base === '..' ? fallback : base.slice(0, 120);
}

const ACCESS_LOG_PATH = 'registro-de-acessos.csv';

export interface PatientExport {
  filename: string;
  stream: Readable;
}

/**
 * The patient's whole file as a ZIP, streamed: `paciente.json` (the patient, forms with answers
 * and scores, records with their latest content, addenda and attachments, chats with their
 * messages, appointments, payments, issued documents (with the paths of their PDFs), session
 * recordings (consent, transcript, draft and the paths of their audio, while kept), safety
 * alerts, measurement plans, and the list of stored files), each record as an HTML document under
 * `prontuarios/`, the access log with the patient's recorded consents as `registro-de-acessos.csv`
 * (read page by page), and every stored file under `anexos/`, read from storage one at a time as
 * the ZIP is written, so memory stays flat however large the files or the log are.
 */
export async function exportPatient(ctx: Context, owner: SessionUser, patientId: string): Promise<PatientExport> {
  const patientRow = await ownedPatient(ctx, owner.id, patientId);
  const [forms, records, chats, files, appointments, payments, measurement, documents, recordings] = await Promise.all([
    exportForms(ctx, owner.id, patientId),
    exportRecords(ctx, owner.id, patientId),
    exportChats(ctx, owner.id, patientId),
    patientFiles(ctx, owner.id, patientId),
    exportAppointments(ctx, owner.id, patientId),
    exportPayments(ctx, owner.id, patientId),
    exportMeasurement(ctx, owner.id, patientId),
    exportDocuments(ctx, owner.id, patientId),
    exportRecordings(ctx, owner.id, patientId),
  ]);
  const now = ctx.clock.now();
  const zip = new yazl.ZipFile();
  const pathFor = uniquePaths();
  const filePaths = new Map(files.map((file) => [file.key, pathFor(`anexos/${safeName(file.originalName, file.key)}`)]));
  const people = { professional: owner, patient: patientRow, timeZone: owner.timeZone };
  const accessLogPath = pathFor(ACCESS_LOG_PATH);
  const recordPaths = records.map(({ record }) => pathFor(`prontuarios/${record.createdAt.slice(0, 10)}-${slug(record.name)}.html`));
  const summary = {
    exportedAt: now.toISOString(),
    professional: {
      title: owner.title,
      name: fullNameOf(owner),
      profession: owner.profession,
      professionalRegistration: owner.professionalRegistration,
    },
    patient: toPatient(patientRow),
    forms,
    records: records.map(({ record, addenda, attachments }, index) => ({
      ...record,
      document: recordPaths[index],
      addenda,
      attachments: attachments.map((attachment) => ({ ...attachment, path: filePaths.get(attachment.externalKey) })),
    })),
    chats,
    appointments,
    payments,
    documents: documents.map(({ document, issuedFileKey, signedFileKey }) => ({
      ...document,
      issuedPdf: issuedFileKey ? filePaths.get(issuedFileKey) : undefined,
      signedPdf: signedFileKey ? filePaths.get(signedFileKey) : undefined,
    })),
    recordings: recordings.map(({ recording, audioFileKeys }) => ({ ...recording, audio: audioFileKeys.map((key) => filePaths.get(key)) })),
    safetyAlerts: measurement.alerts,
    measurementPlans: measurement.plans,
    files: files.map((file) => ({
      path: filePaths.get(file.key),
      originalName: file.originalName,
      contentType: file.contentType,
      byteSize: file.byteSize,
      createdAt: file.createdAt.toISOString(),
    })),
    accessLog: accessLogPath,
  };
  zip.addBuffer(Buffer.from(JSON.stringify(summary, null, 2), 'utf8'), 'paciente.json', { mtime: now });
  records.forEach(({ record, addenda }, index) => {
    zip.addBuffer(Buffer.from(recordDocument(record, addenda, people), 'utf8'), recordPaths[index]!, { mtime: now });
  });
  const output = zip.outputStream as Readable;
  // A stored file that cannot be read (storage down, a file cut short) ends the download with an
  // error instead of an unheard 'error' event, which would stop the process.
  zip.on('error', (error: Error) => output.destroy(error));
  zip.addReadStreamLazy(accessLogPath, { mtime: now }, (callback) => {
    const csv = accessLogCsv(ctx, owner.id, patientId, owner.timeZone);
    csv.once('error', (error) => output.destroy(error));
    // The download cut short: the log is read no further.
    output.once('close', () => csv.destroy());
    callback(null, csv);
  });
  const openStored = storedFileOpener(ctx, output);
  for (const file of files) {
    zip.addReadStreamLazy(filePaths.get(file.key)!, { mtime: file.createdAt, compress: false }, openStored(file.key));
  }
  zip.end();
  noteAccess({ patientId, action: 'export', entityType: 'patient', entityId: patientId });
  return { filename: `paciente-${slug(fullNameOf(patientRow))}-${now.toISOString().slice(0, 10)}.zip`, stream: output };
}

type LazyStream = (callback: (error: Error | null, stream: Readable) => void) => void;

/**
 * Opens the stored files the ZIP reads, each when its turn comes. When the ZIP's stream closes
 * (sent whole, or destroyed: the client went away, or the access log could not be written),
 * a file still open is closed with it (a local file's descriptor, a connection to S3), and none
 * is opened after.
 */
function storedFileOpener(ctx: Context, output: Readable): (key: string) => LazyStream {
  const open = new Set<Readable>();
  let isClosed = false;
  output.once('close', () => {
    isClosed = true;
    for (const body of open) body.destroy();
  });
  return (key) => (callback) => {
    openStoredObject(ctx, key).then(
      (stored) => {
        const body = stored?.body ?? Readable.from([]);
        if (isClosed) {
          body.destroy();
          return;
        }
        open.add(body);
        body.once('close', () => open.delete(body));
        body.once('error', (error) => output.destroy(error));
        callback(null, body);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), Readable.from([])),
    );
  };
}
