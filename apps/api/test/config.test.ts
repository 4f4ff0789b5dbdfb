import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

describe('loadConfig', () => {
  it('has a default for everything', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      env: 'production',
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      pgliteSharedBuffers: '16MB',
      smtpUrl: undefined,
      mailFrom: 'Consultório <nao-responda@consultorio.local>',
      publicUrl: 'http://localhost:3000',
      isHttps: false,
      // Idle sessions end after 12 hours (health data; ASVS L2), any session 30 days after its login.
      sessionTtlSeconds: 12 * 3600,
      sessionMaxAgeSeconds: 30 * 86400,
      sessionCacheMs: 2000,
      shutdownTimeoutSeconds: 25,
      jobs: { pollingSeconds: 2, expireSeconds: 300, retryLimit: 6, maintenanceSeconds: 60 },
      reminderScanSeconds: 30,
      extraction: { threads: 1, timeoutMs: 10_000, maxMemoryMb: 256, maxInflatedBytes: 50 * 1024 * 1024, maxCompressionRatio: 100 },
      s3: undefined,
      webDist: undefined,
      logLevel: 'info',
      trustProxy: false,
      registrationsPerHour: 10,
      trialDays: 14,
      supportContacts: {
        technical: 'suporte@consultorio.local',
        account: 'suporte@consultorio.local',
        billing: 'suporte@consultorio.local',
      },
      ai: undefined,
      warnings: [],
      // Video rooms: host candidates only.
      video: { iceServers: [], turn: undefined },
      // The AI scribe: no transcription server; audio deleted as soon as a draft is accepted.
      transcription: undefined,
      recordingAudioRetentionDays: 0,
    });
  });

  it('warns when only some of the Stripe variables are set (the key and the webhook secret go together)', () => {
    const apiUrl = 'http://127.0.0.1:12111';
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).warnings).toEqual([]);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_URL: apiUrl }).warnings).toEqual([]);
    const [keyAlone] = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_API_URL: apiUrl }).warnings;
    expect(keyAlone).toMatch(/^STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: .*never applied/);
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_1' }).warnings).toEqual([
      'STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY: Stripe stays off; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together',
    ]);
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_URL: apiUrl }).warnings[0]).toMatch(/^STRIPE_WEBHOOK_SECRET and STRIPE_API_URL are set without STRIPE_SECRET_KEY/);
    // A blank variable counts as unset.
    expect(loadConfig({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }).warnings).toEqual([]);
  });

  it('reads the video rooms\' ICE servers (ICE_SERVERS) and coturn\'s REST API (TURN_URLS with TURN_SECRET)', () => {
    const iceServers = [{ urls: 'stun:stun.example.com:3478' }, { urls: ['turn:turn.example.com:3478'], username: 'fixo', credential: 'senha' }];
    expect(loadConfig({ ICE_SERVERS: JSON.stringify(iceServers) }).video).toEqual({ iceServers, turn: undefined });
    expect(loadConfig({ TURN_URLS: 'turn:a.example.com:3478?transport=udp, turns:a.example.com:5349', TURN_SECRET: 'segredo-compartilhado' }).video.turn).toEqual({
      urls: ['turn:a.example.com:3478?transport=udp', 'turns:a.example.com:5349'],
      secret: 'segredo-compartilhado',
    });
    expect(() => loadConfig({ TURN_URLS: 'turn:a.example.com:3478' })).toThrow(/TURN_SECRET/);
    expect(() => loadConfig({ TURN_SECRET: 'segredo-compartilhado' })).toThrow(/TURN_URLS/);
  });

  it('configures the assistants model from AI_*: OpenAI by default, any compatible server by AI_BASE_URL', () => {
    expect(loadConfig({ AI_MODEL: 'gpt-4o-mini', AI_API_KEY: 'sk-test' }).ai).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-test',
      model: 'gpt-4o-mini',
      timeoutMs: 90_000,
      contextTokens: 16_000,
    });
    expect(
      loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1/', AI_MODEL: 'llama3.1', AI_TIMEOUT_SECONDS: '30', AI_CONTEXT_TOKENS: '8192' }).ai,
    ).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', apiKey: undefined, model: 'llama3.1', timeoutMs: 30_000, contextTokens: 8192 });
    expect(() => loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/AI_MODEL/);
    expect(() => loadConfig({ AI_MODEL: 'x', AI_BASE_URL: 'ollama' })).toThrow(/AI_BASE_URL/);
    expect(() => loadConfig({ AI_MODEL: 'x', AI_TIMEOUT_SECONDS: '0' })).toThrow(/AI_TIMEOUT_SECONDS/);
  });

  it('keeps a looked-up session for 0 to 2000 ms (SESSION_CACHE_MS), 0 turning the cache off', () => {
    expect(loadConfig({ SESSION_CACHE_MS: '0' }).sessionCacheMs).toBe(0);
    expect(loadConfig({ SESSION_CACHE_MS: '500' }).sessionCacheMs).toBe(500);
    expect(() => loadConfig({ SESSION_CACHE_MS: '2001' })).toThrow(/SESSION_CACHE_MS/);
    expect(() => loadConfig({ SESSION_CACHE_MS: '-1' })).toThrow(/SESSION_CACHE_MS/);
  });

  it('reads the support addresses, each falling back to SUPPORT_EMAIL', () => {
    expect(loadConfig({ SUPPORT_EMAIL: 'ajuda@clinica.example' }).supportContacts).toEqual({
      technical: 'ajuda@clinica.example',
      account: 'ajuda@clinica.example',
      billing: 'ajuda@clinica.example',
    });
    expect(
      loadConfig({
        SUPPORT_EMAIL: 'ajuda@clinica.example',
        SUPPORT_ACCOUNT_EMAIL: 'cadastro@clinica.example',
        SUPPORT_BILLING_EMAIL: 'financeiro@clinica.example',
      }).supportContacts,
    ).toEqual({ technical: 'ajuda@clinica.example', account: 'cadastro@clinica.example', billing: 'financeiro@clinica.example' });
    expect(loadConfig({ SUPPORT_BILLING_EMAIL: 'financeiro@clinica.example' }).supportContacts).toEqual({
      technical: 'suporte@consultorio.local',
      account: 'suporte@consultorio.local',
      billing: 'financeiro@clinica.example',
    });
  });

  it('reads the shared buffers of the embedded database in MB or GB', () => {
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '1GB' }).pgliteSharedBuffers).toBe('1GB');
    for (const bad of ['16', '0MB', '16mb', '512kB', '16 MB']) expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad })).toThrow(/PGLITE_SHARED_BUFFERS/);
  });

  it('uses the embedded PGlite when there is no DATABASE_URL', async () => {
    const config = loadConfig({});
    const database = await openDatabase({ url: config.databaseUrl });
    try {
      expect(database.driver).toBe('pglite');
      await database.ping();
    } finally {
      await database.close();
    }
  });

  it('treats blank values as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', SMTP_URL: '', SESSION_TTL: '' });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, smtpUrl: undefined, sessionTtlSeconds: 12 * 3600 });
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: '8080',
      DATA_DIR: '/srv/consultorio',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/consultorio',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      PUBLIC_URL: 'https://consultorio.example.com/',
      TRUST_PROXY: 'true',
      REGISTRATIONS_PER_HOUR: '50',
      S3_BUCKET: 'consultorio-files',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      dataDir: '/srv/consultorio',
      databaseUrl: 'postgres://app:secret@db.internal:5432/consultorio',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      publicUrl: 'https://consultorio.example.com',
      isHttps: true,
      trustProxy: true,
      registrationsPerHour: 50,
      s3: { bucket: 'consultorio-files', endpoint: 'https://s3.example.com', region: 'us-east-1', forcePathStyle: false },
    });
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/x' }).databaseUrl).toBe('postgresql://localhost/x');
  });

  it.each([
    ['12h', 43200],
    ['30m', 1800],
    ['7d', 604800],
    ['90s', 90],
    ['3600', 3600],
  ])('reads SESSION_TTL %s as %i seconds', (value, seconds) => {
    expect(loadConfig({ SESSION_TTL: value }).sessionTtlSeconds).toBe(seconds);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['SMTP_URL', 'http://x'],
    ['PUBLIC_URL', 'ftp://x'],
    ['SESSION_TTL', 'soon'],
    ['SESSION_TTL', '12w'],
    ['SESSION_TTL', '30s'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'verbose'],
    ['TRUST_PROXY', 'yes'],
    ['REGISTRATIONS_PER_HOUR', '0'],
    ['SUPPORT_EMAIL', 'suporte'],
    ['SUPPORT_EMAIL', 'suporte@'],
    ['SUPPORT_ACCOUNT_EMAIL', 'cadastro da clinica'],
    ['SUPPORT_BILLING_EMAIL', '@clinica.example'],
    ['TRIAL_DAYS', 'duas semanas'],
    ['TRIAL_DAYS', '-1'],
    ['TRIAL_DAYS', '400'],
    ['ICE_SERVERS', 'stun:stun.example.com'],
    ['ICE_SERVERS', '[{"urls":"https://stun.example.com"}]'],
    ['TURN_URLS', 'https://turn.example.com'],
    ['TURN_SECRET', 'curto'],
  ])('refuses %s=%s with a ConfigError naming the variable', (name, value) => {
    let thrown: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = (thrown as ConfigError).message;
    expect(message).toContain(`${name}=${JSON.stringify(value)}`);
    expect(message.split('\n').filter((line) => line.trim().startsWith(`${name}=`))).toHaveLength(1);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', SMTP_URL: 'http://x' })).toThrow(/PORT=.*\n.*SMTP_URL=/s);
  });

  it('does not read process.env when given an environment', () => {
    const previous = process.env.PORT;
    process.env.PORT = 'abc';
    try {
      expect(loadConfig({}).port).toBe(3000);
    } finally {
      if (previous === undefined) delete process.env.PORT;
      else process.env.PORT = previous;
    }
  });
});
