import path from 'node:path';
import { z } from 'zod';

const durationUnits: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** Accepts seconds as a number or a number with a unit: 3600, 30m, 12h, 7d. */
const durationSeconds = z
  .string()
  .regex(/^\d+[smhd]?$/, 'use a number of seconds or a number followed by s, m, h or d (e.g. 7d)')
  .transform((value) => {
    const unit = value.at(-1) ?? 's';
    const amount = Number.parseInt(value, 10);
    return amount * (durationUnits[unit] ?? 1);
  })
  .refine((seconds) => seconds >= 60, 'must be at least 60 seconds');

const optionalUrl = (protocols: readonly string[]) =>
  z
    .url({ protocol: new RegExp(`^(${protocols.join('|')})$`), error: `must be a URL (${protocols.join(', ')})` })
    .optional();

/** One WebRTC ICE server as the browser's RTCPeerConnection takes it. */
const iceServerSchema = z.object({
  urls: z.union([z.string().regex(/^(stun|stuns|turn|turns):/), z.array(z.string().regex(/^(stun|stuns|turn|turns):/)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

const iceServersJson = z.string().transform((text, context) => {
  try {
    const parsed = z.array(iceServerSchema).safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Reported below, like a value of the wrong shape.
  }
  context.addIssue({ code: 'custom', message: 'must be a JSON array of {"urls": "stun:…" or ["turn:…"], "username"?, "credential"?}' });
  return z.NEVER;
});

const turnUrls = z
  .string()
  .transform((text) => text.split(',').map((url) => url.trim()).filter(Boolean))
  .refine((urls) => urls.length > 0 && urls.every((url) => /^turns?:/.test(url)), 'must be turn: or turns: URLs separated by commas');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless told otherwise: a new install is not reachable from the network by accident.
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  PGLITE_SHARED_BUFFERS: z.string().regex(/^[1-9]\d*(MB|GB)$/, 'use a size in MB or GB (e.g. 16MB)').default('16MB'),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('Consultório <nao-responda@consultorio.local>'),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  SESSION_TTL: durationSeconds.default(12 * 3600),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('suporte@consultorio.local'),
  SUPPORT_ACCOUNT_EMAIL: z.email('must be an e-mail address').optional(),
  SUPPORT_BILLING_EMAIL: z.email('must be an e-mail address').optional(),
  AI_BASE_URL: optionalUrl(['http', 'https']),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(90),
  AI_CONTEXT_TOKENS: z.coerce.number().int().min(1024).max(2_000_000).default(16_000),
  SESSION_MAX_AGE: durationSeconds.default(30 * 86400),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(2000).default(2000),
  EXTRACTION_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  EXTRACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  EXTRACTION_MEMORY_MB: z.coerce.number().int().min(64).max(8192).default(256),
  EXTRACTION_MAX_INFLATED_MB: z.coerce.number().int().min(1).max(4096).default(50),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(6),
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  REMINDER_SCAN_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: optionalUrl(['http', 'https']),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, 'the numeric id of the WhatsApp Business phone number').optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  WHATSAPP_API_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v21.0'),
  WHATSAPP_REMINDER_TEMPLATE: z.string().regex(/^[a-z0-9_]+$/, 'a template name: lower case letters, digits and _').default('lembrete_consulta'),
  WHATSAPP_CANCELLED_TEMPLATE: z.string().regex(/^[a-z0-9_]+$/, 'a template name: lower case letters, digits and _').default('consulta_cancelada'),
  WHATSAPP_MOVED_TEMPLATE: z.string().regex(/^[a-z0-9_]+$/, 'a template name: lower case letters, digits and _').default('consulta_remarcada'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'a template language code such as pt_BR').default('pt_BR'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)').optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  ICE_SERVERS: iceServersJson.optional(),
  TURN_URLS: turnUrls.optional(),
  TURN_SECRET: z.string().min(16, 'must be at least 16 characters (coturn static-auth-secret)').optional(),
  TRANSCRIPTION_BASE_URL: optionalUrl(['http', 'https']),
  TRANSCRIPTION_API_KEY: z.string().min(1).optional(),
  TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  TRANSCRIPTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
  TRANSCRIPTION_MAX_UPLOAD_MB: z.coerce.number().min(0.05).max(1024).default(24),
  RECORDING_AUDIO_RETENTION_DAYS: z.coerce.number().int().min(0).max(30).default(0),
});

/** Every variable the app reads: a deployment file naming another one has a typo. */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

/** Text extraction from uploaded files (worker threads): how many at once, and each one's limits. */
export interface ExtractionConfig {
  threads: number;
  timeoutMs: number;
  maxMemoryMb: number;
  /** A DOCX whose zip declares more than this, inflated, is not opened. */
  maxInflatedBytes: number;
  /** Nor one with an entry declaring more than this many times its compressed size. */
  maxCompressionRatio: number;
}

/** Stripe Checkout for the app's own plans; without STRIPE_SECRET_KEY the billing page points to the billing contact. */
export interface StripeConfig {
  secretKey: string;
  /** Verifies the webhook's Stripe-Signature; without it the webhook answers 404. */
  webhookSecret: string | undefined;
  /** Another API address than Stripe's (a local fake in tests, stripe-mock). */
  apiUrl: string | undefined;
}

/** The WhatsApp Business Cloud API (reminders, notices, the buttons' answers); without it reminders go by e-mail only. */
export interface WhatsappConfig {
  token: string;
  phoneNumberId: string;
  /** Signs the webhook's notifications (X-Hub-Signature-256). */
  appSecret: string;
  /** What Meta sends when it checks the webhook's address. */
  verifyToken: string;
  /** The Graph API's base (a local fake in tests). */
  apiUrl: string;
  templates: { reminder: string; cancelled: string; moved: string; language: string };
}

/** The model of the assistants; without AI_MODEL the offline assistant answers. */
export interface AiConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Longest wait for the whole answer, and between two pieces of a streamed one. */
  timeoutMs: number;
  /** The model's context window, in tokens: long histories are trimmed to fit it. */
  contextTokens: number;
}

const openAiBaseUrl = 'https://api.openai.com/v1';

/** A server with OpenAI's `/v1/audio/transcriptions` (faster-whisper-server, whisper.cpp's server, OpenAI): the AI scribe. */
export interface TranscriptionConfig {
  /** Without `/v1`: the client posts to `${baseUrl}/v1/audio/transcriptions`. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  /** The largest file sent in one request: longer audio is split under it. */
  maxUploadBytes: number;
}

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL's shared_buffers inside the embedded PGlite: resident once touched (docs/decisions.md, "Lean embedded default"). */
  pgliteSharedBuffers: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** Served over HTTPS (from PUBLIC_URL): session cookies are Secure and the CSP upgrades requests. */
  isHttps: boolean;
  /** Idle limit of a session: it slides while the session is used. */
  sessionTtlSeconds: number;
  /** Absolute limit of a session from its login, however much it is used. */
  sessionMaxAgeSeconds: number;
  /** How long a looked-up session may be reused by reads without asking the database (0: never). */
  sessionCacheMs: number;
  s3: S3Config | undefined;
  extraction: ExtractionConfig;
  /** The durable job queue (mail, reminders): how often it polls, when a stuck job is retried, how often. */
  jobs: { pollingSeconds: number; expireSeconds: number; retryLimit: number; maintenanceSeconds: number };
  /** How often each instance looks for reminders that became due (0: never, for tests that drive it). */
  reminderScanSeconds: number;
  webDist: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  /** Registrations one client address may send in an hour; beyond it they answer 429 (each sends mail to whatever address was typed). */
  registrationsPerHour: number;
  /** Length of the trial a confirmed registration starts on the default plan. */
  trialDays: number;
  /** The addresses of the dashboard's three support cards. */
  supportContacts: { technical: string; account: string; billing: string };
  ai: AiConfig | undefined;
  stripe: StripeConfig | undefined;
  whatsapp: WhatsappConfig | undefined;
  /** Serves /metrics to `Authorization: Bearer <token>`; without it /metrics answers 404. */
  metricsToken: string | undefined;
  /** On SIGTERM, how long in-flight requests and running jobs may take before they are cut. */
  shutdownTimeoutSeconds: number;
  /** What start-up logs as warnings: settings that are valid alone but do not work as set (only some of Stripe's). */
  warnings: readonly string[];
  /** NAT traversal of the video rooms: fixed ICE servers, and TURN servers whose credentials are made per participant. */
  video: VideoConfig;
  /** The AI scribe's transcription server; without TRANSCRIPTION_BASE_URL sessions cannot be recorded. */
  transcription: TranscriptionConfig | undefined;
  /** Days a recording's audio is kept after its draft is accepted (0: deleted at once). */
  recordingAudioRetentionDays: number;
}

/** ICE servers given as they are (ICE_SERVERS) and coturn's REST API credentials (TURN_URLS + TURN_SECRET); neither: host candidates only. */
export interface VideoConfig {
  iceServers: IceServer[];
  turn: { urls: string[]; secret: string } | undefined;
}

export class ConfigError extends Error {}

function describeIssues(error: z.ZodError, env: Record<string, string | undefined>): string {
  return error.issues
    .map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    })
    .join('\n');
}

/** Reads the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${describeIssues(parsed.error, blankAsUnset)}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    isHttps: publicUrl.startsWith('https://'),
    sessionTtlSeconds: e.SESSION_TTL,
    sessionMaxAgeSeconds: Math.max(e.SESSION_MAX_AGE, e.SESSION_TTL),
    sessionCacheMs: e.SESSION_CACHE_MS,
    jobs: {
      pollingSeconds: e.JOB_POLL_SECONDS,
      expireSeconds: e.JOB_EXPIRE_SECONDS,
      retryLimit: e.JOB_RETRY_LIMIT,
      maintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
    },
    reminderScanSeconds: e.REMINDER_SCAN_SECONDS,
    extraction: {
      threads: e.EXTRACTION_THREADS,
      timeoutMs: e.EXTRACTION_TIMEOUT_MS,
      maxMemoryMb: e.EXTRACTION_MEMORY_MB,
      maxInflatedBytes: e.EXTRACTION_MAX_INFLATED_MB * 1024 * 1024,
      maxCompressionRatio: 100,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    trialDays: e.TRIAL_DAYS,
    supportContacts: {
      technical: e.SUPPORT_EMAIL,
      account: e.SUPPORT_ACCOUNT_EMAIL ?? e.SUPPORT_EMAIL,
      billing: e.SUPPORT_BILLING_EMAIL ?? e.SUPPORT_EMAIL,
    },
    ai: aiConfig(e),
    stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL } : undefined,
    whatsapp: whatsappConfig(e),
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    warnings: stripeWarnings(e),
    video: videoConfig(e),
    transcription: e.TRANSCRIPTION_BASE_URL
      ? {
          baseUrl: e.TRANSCRIPTION_BASE_URL.replace(/\/+$/, ''),
          apiKey: e.TRANSCRIPTION_API_KEY,
          model: e.TRANSCRIPTION_MODEL,
          timeoutMs: e.TRANSCRIPTION_TIMEOUT_SECONDS * 1000,
          maxUploadBytes: Math.floor(e.TRANSCRIPTION_MAX_UPLOAD_MB * 1024 * 1024),
        }
      : undefined,
    recordingAudioRetentionDays: e.RECORDING_AUDIO_RETENTION_DAYS,
  };
}

/**
 * Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together (STRIPE_API_URL is optional):
 * with the key alone, professionals pay at Stripe and the webhook that applies the payments
 * answers 404; without the key, the other two do nothing.
 */
function stripeWarnings(e: z.output<typeof envSchema>): string[] {
  if (e.STRIPE_SECRET_KEY) {
    return e.STRIPE_WEBHOOK_SECRET
      ? []
      : ['STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: checkouts can be paid, but the webhook answers 404 and paid checkouts are never applied; set both'];
  }
  const ignored = (['STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL'] as const).filter((name) => e[name] !== undefined);
  return ignored.length === 0 ? [] : [`${ignored.join(' and ')} ${ignored.length === 1 ? 'is' : 'are'} set without STRIPE_SECRET_KEY: Stripe stays off; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together`];
}

const whatsappSettings = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;

/** WhatsApp needs its four settings together: a token without the app secret would send reminders whose answers could never be trusted. */
function whatsappConfig(e: z.output<typeof envSchema>): WhatsappConfig | undefined {
  const missing = whatsappSettings.filter((name) => e[name] === undefined);
  if (missing.length === whatsappSettings.length) return undefined;
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}="": must be set with the other WHATSAPP_ settings`).join('\n')}`);
  return {
    token: e.WHATSAPP_TOKEN!,
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
    appSecret: e.WHATSAPP_APP_SECRET!,
    verifyToken: e.WHATSAPP_VERIFY_TOKEN!,
    apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
    templates: {
      reminder: e.WHATSAPP_REMINDER_TEMPLATE,
      cancelled: e.WHATSAPP_CANCELLED_TEMPLATE,
      moved: e.WHATSAPP_MOVED_TEMPLATE,
      language: e.WHATSAPP_TEMPLATE_LANGUAGE,
    },
  };
}

function videoConfig(e: z.output<typeof envSchema>): VideoConfig {
  if (e.TURN_URLS && !e.TURN_SECRET) throw new ConfigError('Invalid configuration:\n  TURN_SECRET="": must be set when TURN_URLS is set');
  if (e.TURN_SECRET && !e.TURN_URLS) throw new ConfigError('Invalid configuration:\n  TURN_URLS="": must be set when TURN_SECRET is set');
  return { iceServers: e.ICE_SERVERS ?? [], turn: e.TURN_URLS && e.TURN_SECRET ? { urls: e.TURN_URLS, secret: e.TURN_SECRET } : undefined };
}

function aiConfig(e: z.output<typeof envSchema>): AiConfig | undefined {
  if (!e.AI_MODEL) {
    if (e.AI_BASE_URL) throw new ConfigError('Invalid configuration:\n  AI_MODEL="": must be set when AI_BASE_URL is set');
    return undefined;
  }
  return {
    baseUrl: (e.AI_BASE_URL ?? openAiBaseUrl).replace(/\/+$/, ''),
    apiKey: e.AI_API_KEY,
    model: e.AI_MODEL,
    timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
    contextTokens: e.AI_CONTEXT_TOKENS,
  };
}
