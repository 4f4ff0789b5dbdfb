// The container deployment, checked without Docker (none runs here or in CI): compose.yaml
// against the Compose Specification's JSON schema and against the app's own configuration,
// the Caddyfile against the replicas it balances, the Dockerfile's stages.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { Ajv } from 'ajv';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json' with { type: 'json' };
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { configVariables, loadConfig } from '../apps/api/src/config';
import composeSpec from './fixtures/compose-spec.json' with { type: 'json' };

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Healthcheck {
  test: string[];
}
interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: Healthcheck;
  ports?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

/** As Compose reads it: YAML merge keys (`<<: *app`) applied. */
function parseCompose(text: string): ComposeFile {
  return parse(text, { merge: true }) as ComposeFile;
}

function composeValidator() {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strictTypes: false });
  // The schema names draft-07 by its https address; Ajv knows the meta-schema by its http one.
  ajv.addMetaSchema({ ...draft07, $id: 'https://json-schema.org/draft-07/schema' });
  const validate = ajv.compile(composeSpec);
  return (document: unknown) => (validate(document) ? [] : ajv.errorsText(validate.errors, { separator: '\n' }).split('\n'));
}

/**
 * Compose's variable interpolation, for the forms compose.yaml uses: `${NAME}`, `${NAME:-default}`,
 * `${NAME-default}`, `${NAME:?message}`, `${NAME?message}` and `$$` for a literal `$`.
 */
function interpolate(value: string, env: Record<string, string>): string {
  const pattern = /\$\$|\$\{([A-Z0-9_]+)(?:(:?)([-?])([^}]*))?\}/g;
  return value.replace(pattern, (whole: string, name: string, colon?: string, operator?: string, argument?: string) => {
    if (whole === '$$') return '$';
    const current = env[name];
    const unset = current === undefined || (colon === ':' && current === '');
    if (unset && operator === '?') throw new Error(`required variable ${name} is missing: ${argument}`);
    if (unset && operator === '-') return argument ?? '';
    return current ?? '';
  });
}

function appEnvironment(service: ComposeService, env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), env)]));
}

const compose = parseCompose(read('compose.yaml'));
const services = compose.services;
/** The replicas: every service running the app's image (the one built from this repository). */
const appServices = Object.entries(services).filter(([, service]) => service.build !== undefined);
const deploymentEnv = {
  PUBLIC_URL: 'https://consultorio.example.com',
  POSTGRES_PASSWORD: 'senha-do-banco',
  MINIO_ROOT_PASSWORD: 'senha-do-minio',
  S3_SECRET_ACCESS_KEY: 'segredo-do-app',
};

describe('compose.yaml', () => {
  it('is valid under the Compose Specification schema, which refuses a misspelled key', () => {
    const validate = composeValidator();
    expect(validate(compose)).toEqual([]);

    const misspelled = parseCompose(read('compose.yaml'));
    (misspelled.services['app-1'] as Record<string, unknown>).healthchek = { test: ['CMD', 'true'] };
    expect(validate(misspelled).join('\n')).toContain('must NOT have additional properties');
    const badCondition = parseCompose(read('compose.yaml'));
    badCondition.services['app-1']!.depends_on!.postgres!.condition = 'service_ready';
    expect(validate(badCondition)).not.toEqual([]);
  });

  it('runs PostgreSQL, MinIO with its one-shot setup, Mailpit, Caddy and two replicas of one image', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'minio', 'minio-setup', 'mailpit', 'caddy']));
    expect(appServices.map(([name]) => name)).toEqual(['app-1', 'app-2']);
    const [[, first], [, second]] = appServices as [[string, ComposeService], [string, ComposeService]];
    expect(second).toEqual(first);
    expect(first.image).toMatch(/consultorio/);
    // Only Caddy is reachable from outside: the replicas trust its X-Forwarded-For.
    for (const [, service] of appServices) expect(service.ports).toBeUndefined();
  });

  it("gives each replica an environment the app's own configuration accepts: PostgreSQL, S3, SMTP, behind a proxy", () => {
    for (const [name, service] of appServices) {
      const environment = appEnvironment(service, deploymentEnv);
      const unknown = Object.keys(environment).filter((variable) => !configVariables.includes(variable));
      expect(unknown, `${name} sets variables the app does not read`).toEqual([]);
      const config = loadConfig(environment);
      expect(config.databaseUrl).toBe('postgres://consultorio:senha-do-banco@postgres:5432/consultorio');
      expect(config.s3).toEqual({
        bucket: 'consultorio',
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        accessKeyId: 'consultorio-app',
        secretAccessKey: 'segredo-do-app',
        forcePathStyle: true,
      });
      expect(config.smtpUrl).toBe('smtp://mailpit:1025');
      expect(config.publicUrl).toBe('https://consultorio.example.com');
      expect(config.isHttps).toBe(true);
      expect(config.trustProxy).toBe(true);
      expect(config.port).toBe(3000);
      // Every interface of its container, for Caddy to reach it (the app's own default is loopback only).
      expect(config.host).toBe('0.0.0.0');
      // Optional integrations left empty stay off instead of failing validation.
      expect(config.ai).toBeUndefined();
      expect(config.stripe).toBeUndefined();
    }
  });

  it("offers coturn for the video rooms (opt-in profile), sharing the app's TURN secret, relaying to no private address", () => {
    const coturn = services.coturn as ComposeService & { profiles?: string[]; network_mode?: string; command?: string[] };
    expect(coturn.profiles).toEqual(['turn']);
    expect(coturn.network_mode).toBe('host');
    const script = coturn.command?.join('\n') ?? '';
    for (const option of ['--use-auth-secret', '--static-auth-secret="$$TURN_SECRET"', '--no-loopback-peers', '--denied-peer-ip=10.0.0.0-10.255.255.255', '--denied-peer-ip=192.168.0.0-192.168.255.255']) {
      expect(script).toContain(option);
    }
    const turn = { ...deploymentEnv, TURN_URLS: 'turn:turn.example.com:3478?transport=udp,turns:turn.example.com:5349', TURN_SECRET: 'segredo-do-turn-com-32-caracteres' };
    expect(appEnvironment(coturn, turn).TURN_SECRET).toBe(turn.TURN_SECRET);
    for (const [, service] of appServices) {
      expect(loadConfig(appEnvironment(service, turn)).video.turn).toEqual({ urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'], secret: turn.TURN_SECRET });
      // Without them: host candidates only (and, set, any STUN server of ICE_SERVERS).
      expect(loadConfig(appEnvironment(service, deploymentEnv)).video).toEqual({ iceServers: [], turn: undefined });
    }
  });

  it('refuses to start without the secrets and the public address (required-variable syntax)', () => {
    const [, app] = appServices[0]!;
    for (const missing of Object.keys(deploymentEnv)) {
      const env: Record<string, string> = { ...deploymentEnv };
      delete env[missing];
      const everything = () => {
        for (const service of Object.values(services)) appEnvironment(service, env);
      };
      expect(everything, missing).toThrow(`required variable ${missing} is missing`);
    }
    expect(() => appEnvironment(app, deploymentEnv)).not.toThrow();
  });

  it('starts each replica once its database, bucket and mail server are ready, and checks its /healthz', () => {
    for (const [, service] of appServices) {
      expect(service.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        'minio-setup': { condition: 'service_completed_successfully' },
        mailpit: { condition: 'service_healthy' },
      });
      expect(service.healthcheck?.test.join(' ')).toContain("fetch('http://127.0.0.1:3000/healthz')");
    }
    // Every dependency waited on as healthy has a health check of its own.
    for (const service of Object.values(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(services[dependency], dependency).toBeDefined();
        if (condition === 'service_healthy') expect(services[dependency]!.healthcheck, dependency).toBeDefined();
      }
    }
  });
});

describe('Caddyfile', () => {
  const caddyfile = read('Caddyfile');
  const proxied = /reverse_proxy ([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/) ?? [];

  it('balances exactly the replicas of compose.yaml, checking their /readyz, and waits for them', () => {
    expect(proxied).toEqual(appServices.map(([name]) => `${name}:3000`));
    expect(caddyfile).toMatch(/^\s*health_uri \/readyz$/m);
    expect(Object.keys(services.caddy?.depends_on ?? {})).toEqual(appServices.map(([name]) => name));
    expect(services.caddy?.environment?.SITE_ADDRESS).toBeDefined();
    expect(caddyfile).toContain('{$SITE_ADDRESS}');
  });

  it('passes server-sent events through without buffering and leaves compression to the app', () => {
    expect(caddyfile).toMatch(/^\s*flush_interval -1$/m);
    // `encode` would compress (and so buffer) the event streams the app deliberately sends plain.
    expect(caddyfile).not.toMatch(/^\s*encode\b/m);
  });
});

interface Stage {
  from: string;
  name: string;
  instructions: Array<{ keyword: string; args: string }>;
}

/** The Dockerfile's instructions by stage (continuation lines joined, comments left out). */
function dockerfileStages(text: string): Stage[] {
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim());
  const stages: Stage[] = [];
  for (const line of lines.filter((candidate) => candidate !== '' && !candidate.startsWith('#'))) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [from = '', , name = ''] = args.split(/\s+/);
      stages.push({ from, name, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

/** The packages a folder's TypeScript imports for their values (type-only imports are erased). */
function runtimeImports(folder: string): Set<string> {
  const files = readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  const specifiers = files.flatMap((file) =>
    [...read(path.join(folder, file)).matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'|import\('([^']+)'\)/gm)].map(
      (match) => match[1] ?? match[2] ?? '',
    ),
  );
  const packages = specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:') && !builtinModules.includes(specifier))
    .map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'))
    .filter((name) => name !== '@consultorio/shared');
  return new Set(packages);
}

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfileStages(dockerfile);
  const [build, runtime] = stages as [Stage, Stage];
  const argsOf = (stage: Stage, keyword: string) => stage.instructions.filter((instruction) => instruction.keyword === keyword).map(({ args }) => args);
  const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;

  it('builds in one slim stage of the Node.js major that package.json and .nvmrc name, and runs in another', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'runtime']);
    const major = read('.nvmrc').trim();
    expect((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node).toBe(`>=${major}.11`);
    expect(dockerfile).toMatch(new RegExp(`^ARG NODE_VERSION=${major}$`, 'm'));
    for (const stage of stages) expect(stage.from).toBe('node:${NODE_VERSION}-bookworm-slim');
    expect(argsOf(build, 'RUN')).toEqual(expect.arrayContaining([expect.stringContaining('npm ci'), 'npm run build']));
  });

  it('installs only production dependencies at run time, with every workspace manifest present for npm ci', () => {
    const install = argsOf(runtime, 'RUN').find((args) => args.includes('npm ci'));
    expect(install).toContain('--omit=dev');
    expect(install).toContain('--workspace apps/api');
    expect(install).toContain('--workspace packages/shared');
    for (const stage of stages) {
      const copied = argsOf(stage, 'COPY').join('\n');
      for (const workspace of workspaces) expect(copied, `${stage.name} copies ${workspace}/package.json`).toContain(`${workspace}/package.json`);
      expect(copied).toContain('package-lock.json');
    }
    const fromBuild = argsOf(runtime, 'COPY').filter((args) => args.startsWith('--from=build'));
    expect(fromBuild).toEqual(['--from=build /app/apps/api/dist apps/api/dist', '--from=build /app/apps/web/dist apps/web/dist']);
  });

  it('runs as an unprivileged user, exposes 3000 and checks /healthz with node', () => {
    const users = argsOf(runtime, 'USER');
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^(root|0)(:|$)/);
    expect(argsOf(runtime, 'EXPOSE')).toEqual(['3000']);
    const [healthcheck] = argsOf(runtime, 'HEALTHCHECK');
    expect(healthcheck).toMatch(/CMD \["node", "-e", "fetch\('http:\/\/127\.0\.0\.1:' \+ \(process\.env\.PORT \|\| 3000\) \+ '\/healthz'\)/);
    // Node's options are `npm start`'s, and glibc's threshold is the one scripts/start.mjs sets (README, "Memory").
    const startOptions = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start.match(/--[\w-]+(?:=\S+)?/g) ?? [];
    expect(startOptions).toContain('--v8-pool-size=1');
    expect(argsOf(runtime, 'CMD')).toEqual([JSON.stringify(['node', ...startOptions, 'apps/api/dist/main.js']).replaceAll(',', ', ')]);
    expect(argsOf(runtime, 'ENV').join(' ')).toContain(`MALLOC_MMAP_THRESHOLD_=${read('scripts/start.mjs').match(/MALLOC_MMAP_THRESHOLD_: '(\d+)'/)?.[1]}`);
    // Only the build output and the manifests go into the runtime stage, never the sources.
    expect(argsOf(runtime, 'COPY').filter((args) => args.startsWith('. '))).toEqual([]);
  });

  it("listens on every interface of the container, where the app alone listens on loopback only", () => {
    const variables = argsOf(runtime, 'ENV')
      .flatMap((args) => args.split(/\s+/))
      .map((assignment) => assignment.split('=') as [string, string]);
    const config = loadConfig(Object.fromEntries(variables));
    expect(config.host).toBe('0.0.0.0');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/data');
    expect(loadConfig({}).host).toBe('127.0.0.1');
  });

  it('installs every package the API imports at run time (the bundle keeps them external)', () => {
    const manifest = (workspace: string) => JSON.parse(read(`${workspace}/package.json`)) as { dependencies?: Record<string, string> };
    const installed = new Set(['apps/api', 'packages/shared'].flatMap((workspace) => Object.keys(manifest(workspace).dependencies ?? {})));
    // Imported only when a worker script was not built beside main.js (tests, `npm run dev`).
    const devOnly = new Set(['esbuild']);
    const missing = [...runtimeImports('apps/api/src'), ...runtimeImports('packages/shared/src')].filter(
      (name) => !installed.has(name) && !devOnly.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('keeps local installs, builds, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', 'data', '.git', '.env', '.env.*']));
  });
});
