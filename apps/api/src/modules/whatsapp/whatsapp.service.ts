import { messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { once } from '../../platform/jobs/once';
import { isSignatureValid, sendText } from '../../platform/whatsapp/graph-api';
import { answerReminderButton, recordWhatsappStatus } from '../agenda/agenda.service';
import { optOutOfWhatsapp } from '../patients/patients.service';
import * as repo from './whatsapp.repository';

const REPLY_JOB = 'whatsapp.opt-out-reply';
/** How long received messages' ids are kept to spot a delivery repeated (Meta retries for up to a week). */
const INBOUND_KEPT_DAYS = 30;

function configured(ctx: Context) {
  if (!ctx.config.whatsapp) throw new AppError('WHATSAPP_NOT_CONFIGURED');
  return ctx.config.whatsapp;
}

/** Meta's check of the webhook's address: the challenge back when the verify token is ours. */
export function verifyWebhook(ctx: Context, query: { 'hub.mode'?: string | undefined; 'hub.verify_token'?: string | undefined; 'hub.challenge'?: string | undefined }): string {
  const config = configured(ctx);
  if (query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== config.verifyToken) throw new AppError('WHATSAPP_VERIFY_TOKEN_INVALID');
  return query['hub.challenge'] ?? '';
}

// The parts of a notification the app reads (https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components).
interface InboundMessage {
  id?: unknown;
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { payload?: unknown };
  interactive?: { button_reply?: { id?: unknown } };
}
interface StatusReport {
  id?: unknown;
  status?: unknown;
  errors?: Array<{ title?: unknown; message?: unknown }>;
}
interface Notification {
  entry?: Array<{ changes?: Array<{ value?: { messages?: InboundMessage[]; statuses?: StatusReport[] } }> }>;
}

const reportedStatuses = ['sent', 'delivered', 'read', 'failed'] as const;
type ReportedStatus = (typeof reportedStatuses)[number];

function valuesOf(notification: Notification) {
  const entries = Array.isArray(notification.entry) ? notification.entry : [];
  return entries.flatMap((entry) => (Array.isArray(entry?.changes) ? entry.changes : [])).map((change) => change?.value ?? {});
}

function listOf<T>(value: T[] | undefined): T[] {
  return Array.isArray(value) ? value : [];
}

/** 'PARAR' whatever its case, accents or surrounding spaces and punctuation. */
function isStopWord(text: string): boolean {
  const normalized = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-zA-Z]/g, '').toUpperCase();
  return normalized === messages.whatsapp.stopWord;
}

/**
 * The numbers a WhatsApp sender id may stand for. For Brazilian mobiles WhatsApp often gives the
 * id without the ninth digit that the patient's record holds (55 11 8765-4321 for 55 11 98765-4321),
 * and older records may lack it while the id has it: both forms are tried.
 */
export function senderNumbersOf(waId: string): string[] {
  const brazilianMobileWithoutNinth = /^55(\d{2})([6-9]\d{7})$/.exec(waId);
  if (brazilianMobileWithoutNinth) return [waId, `55${brazilianMobileWithoutNinth[1]}9${brazilianMobileWithoutNinth[2]}`];
  const brazilianMobileWithNinth = /^55(\d{2})9(\d{8})$/.exec(waId);
  if (brazilianMobileWithNinth) return [waId, `55${brazilianMobileWithNinth[1]}${brazilianMobileWithNinth[2]}`];
  return [waId];
}

function buttonPayloadOf(message: InboundMessage): string | null {
  if (message.type === 'button' && typeof message.button?.payload === 'string') return message.button.payload;
  if (message.type === 'interactive' && typeof message.interactive?.button_reply?.id === 'string') return message.interactive.button_reply.id;
  return null;
}

/**
 * One received message, applied once (its id noted in the same transaction as its effect): a
 * reminder's button confirms or cancels, 'PARAR' withdraws the sender's consent (and is answered).
 */
async function applyInbound(ctx: Context, message: InboundMessage): Promise<void> {
  if (typeof message.id !== 'string' || message.id.length > 200) return;
  const messageId = message.id;
  const payload = buttonPayloadOf(message);
  const from = typeof message.from === 'string' ? message.from.replace(/\D/g, '') : '';
  const stop = message.type === 'text' && typeof message.text?.body === 'string' && isStopWord(message.text.body);
  if (!payload && !stop) return;
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.noteInbound(tx, messageId, ctx.clock.now()))) return;
    if (payload) {
      await answerReminderButton(ctx, tx, payload);
    } else if (from && (await optOutOfWhatsapp(ctx, tx, senderNumbersOf(from))) > 0) {
      await ctx.jobs.send(REPLY_JOB, { to: from }, { within: tx });
    }
  });
  ctx.jobs.wake(REPLY_JOB);
}

async function applyStatus(ctx: Context, report: StatusReport): Promise<void> {
  if (typeof report.id !== 'string' || !reportedStatuses.includes(report.status as ReportedStatus)) return;
  const failure = listOf(report.errors)[0];
  const reason = [failure?.message, failure?.title].find((text): text is string => typeof text === 'string');
  const error = failure ? (reason ?? messages.whatsapp.failedWithoutReason).slice(0, 500) : null;
  const messageId = report.id;
  await ctx.db.transaction((tx) => recordWhatsappStatus(ctx, tx, { messageId, status: report.status as ReportedStatus, error }));
}

/**
 * A notification from WhatsApp, trusted only when X-Hub-Signature-256 is the HMAC-SHA256 of its raw
 * bytes with the app secret (else 401 and nothing changes).
 */
export async function handleWebhook(ctx: Context, rawBody: Buffer, signature: string | undefined): Promise<void> {
  const config = configured(ctx);
  if (!isSignatureValid(config.appSecret, rawBody, signature)) throw new AppError('WHATSAPP_SIGNATURE_INVALID');
  const notification = JSON.parse(rawBody.toString('utf8')) as Notification;
  for (const value of valuesOf(notification ?? {})) {
    for (const message of listOf(value.messages)) await applyInbound(ctx, message);
    for (const report of listOf(value.statuses)) await applyStatus(ctx, report);
  }
}

export function defineWhatsappJobs(ctx: Context): void {
  ctx.jobs.define<{ to: string }>(REPLY_JOB, {
    handle: ({ id, data }) =>
      once(ctx.db, id, async () => {
        if (ctx.config.whatsapp) await sendText(ctx.config.whatsapp, data.to, messages.whatsapp.optedOutReply);
      }),
  });
}

export async function purgeInbound(ctx: Context): Promise<void> {
  await repo.deleteInboundBefore(ctx.db, new Date(ctx.clock.now().getTime() - INBOUND_KEPT_DAYS * 86_400_000));
}
