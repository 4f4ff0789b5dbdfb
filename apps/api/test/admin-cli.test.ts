import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { messages, subscriptionStatus, todayIsoDate, type SubscriptionData } from '@consultorio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminError, adminUsage, runAdminCommand } from '../src/modules/billing/billing.admin';
import { createTestApp, type TestApp } from './helpers/build-app';
import { testDriver } from './helpers/database';
import { runAdmin } from './helpers/server-process';
import { admin, couponByCode, plusDays, subscriptionRow } from './factories/billing';
import { newSignedInUser, newUser } from './factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const m = messages.admin;
const today = () => todayIsoDate(t.clock.now());
/** Intl separates "R$" from the amount with a non-breaking space. */
const plain = (text: string) => text.replace(/\u00a0/gu, ' ');

async function adminError(args: string[]): Promise<string> {
  const error: unknown = await admin(t, ...args).then(
    (output) => new Error(`expected an AdminError, got: ${output}`),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AdminError);
  return (error as AdminError).message;
}

async function apiSubscription(cookie: string): Promise<SubscriptionData> {
  const response = await t.request({ method: 'GET', url: '/v1/users/me/subscriptions', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().data as SubscriptionData;
}

const plan = (code: string, ...rest: string[]) => [
  'plans:create',
  '--code',
  code,
  '--name',
  `Plano ${code}`,
  '--period',
  'monthly',
  '--limit',
  '10',
  '--price',
  '1990',
  ...rest,
];

describe('plans', () => {
  it('lists the seeded plans with their prices in reais', async () => {
    const lines = plain(await admin(t, 'plans:list')).split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'essencial\tEssencial\tmonthly\t50 pacientes\tR$ 49,90\tpadrão',
      'profissional\tProfissional\tmonthly\t300 pacientes\tR$ 99,90',
      'clinica-anual\tClínica anual\tannual\t2000 pacientes\tR$ 999,00',
    ]);
  });

  it('creates a plan, listed by price', async () => {
    expect(await admin(t, ...plan('basico', '--description', 'Para testar'))).toBe(m.planCreated('basico', 'Plano basico'));
    const lines = plain(await admin(t, 'plans:list')).split('\n');
    expect(lines[0]).toBe('basico\tPlano basico\tmonthly\t10 pacientes\tR$ 19,90');
    expect(lines).toHaveLength(4);
  });

  it('refuses a plan with missing or invalid options, in Portuguese', async () => {
    expect(await adminError(plan('xy').filter((_, i) => i !== 1 && i !== 2))).toBe(m.missingOption('code'));
    expect(await adminError(['plans:create', '--code', 'xy', '--name', 'X', '--limit', '1', '--price', '1'])).toBe(m.missingOption('period'));
    expect(await adminError(plan('xy').map((a) => (a === 'monthly' ? 'weekly' : a)))).toBe(m.planPeriodInvalid);
    expect(await adminError(plan('xy').map((a) => (a === '10' ? 'dez' : a)))).toMatch(/^--limit deve ser um número inteiro entre 1 e /u);
    expect(await adminError(plan('xy').map((a) => (a === '10' ? '0' : a)))).toMatch(/^--limit deve ser um número inteiro entre 1 e /u);
    expect(await adminError(plan('xy').map((a) => (a === '1990' ? '19,90' : a)))).toMatch(/^--price deve ser um número inteiro entre 0 e /u);
    expect(await admin(t, 'plans:list')).not.toMatch(/^xy\t/mu);
  });
});

describe('coupons', () => {
  it('stores the code upper-case and lists the uses', async () => {
    expect(await admin(t, 'coupons:create', '--code', ' promo-lista ', '--plan', 'profissional', '--days', '30', '--max', '5')).toBe(m.couponCreated('PROMO-LISTA'));
    await admin(t, 'coupons:create', '--code', 'desc_10', '--percent', '10', '--valid-until', '2031-12-31');
    const coupon = await couponByCode(t, 'PROMO-LISTA');
    expect(coupon).toMatchObject({ days: 30, percentOff: null, maxRedemptions: 5, redemptions: 0, validUntil: null });
    // Valid through the whole given day.
    expect((await couponByCode(t, 'DESC_10')).validUntil?.toISOString()).toBe('2032-01-01T00:00:00.000Z');

    const { cookie } = await newSignedInUser(t);
    const redeemed = await t.request({ method: 'POST', url: '/v1/users/me/subscriptions/coupon', headers: { cookie }, payload: { couponCode: 'promo-lista' } });
    expect(redeemed.statusCode).toBe(200);

    const lines = (await admin(t, 'coupons:list')).split('\n');
    expect(lines).toContain('PROMO-LISTA\tplano profissional por 30 dias\t1/5 usos\tsem validade');
    expect(lines).toContain('DESC_10\t10% de desconto\t0 usos\taté 2032-01-01');
  });

  it('refuses invalid coupons, in Portuguese', async () => {
    expect(await adminError(['coupons:create', '--code', 'ambos', '--plan', 'profissional', '--days', '30', '--percent', '10'])).toBe(m.couponPlanOrPercent);
    expect(await adminError(['coupons:create', '--code', 'nenhum'])).toBe(m.couponPlanOrPercent);
    expect(await adminError(['coupons:create', '--code', 'demais', '--percent', '200'])).toBe(m.wholeNumberBetween('percent', 1, 100));
    expect(await adminError(['coupons:create', '--code', 'semdias', '--plan', 'profissional'])).toBe(m.missingOption('days'));
    expect(await adminError(['coupons:create', '--code', 'outro', '--plan', 'nao-existe', '--days', '5'])).toBe(m.planNotFound('nao-existe'));
    expect(await adminError(['coupons:create', '--code', 'data', '--percent', '10', '--valid-until', '31/12/2030'])).toBe(m.couponValidUntilInvalid);
    expect(await adminError(['coupons:create', '--code', 'ab', '--percent', '10'])).toBe(m.couponCodeInvalid);
    expect(await adminError(['coupons:create', '--percent', '10'])).toBe(m.missingOption('code'));
    const listed = await admin(t, 'coupons:list');
    expect(listed).not.toMatch(/^(AMBOS|NENHUM|DEMAIS|SEMDIAS|OUTRO|DATA)\t/mu);
  });
});

describe('subscriptions', () => {
  it('shows, grants and cancels a subscription, and the API follows', async () => {
    const { user, cookie } = await newSignedInUser(t);
    expect(await admin(t, 'subscription:show', user.username)).toBe(m.noSubscription(user.username));
    expect(subscriptionStatus((await apiSubscription(cookie)).userSubscription, today())).toBe('none');

    const due = plusDays(today(), 30);
    expect(await admin(t, 'subscription:grant', user.email, '--plan', 'profissional')).toBe(m.subscriptionGranted(user.username, 'profissional', due));
    expect(plain(await admin(t, 'subscription:show', user.username))).toBe(
      [
        `${user.username} <${user.email}>`,
        'plano: profissional (Profissional), 300 pacientes, 0 em uso',
        'valor: R$ 99,90',
        `vencimento: ${due}`,
      ].join('\n'),
    );
    const granted = await apiSubscription(cookie);
    expect(granted).toMatchObject({
      userSubscription: { isTrial: false, dueDate: due, cancellationDate: null, priceCents: 9990 },
      plan: { name: 'Profissional', patientsLimit: 300 },
    });
    expect(subscriptionStatus(granted.userSubscription, today())).toBe('active');

    expect(await admin(t, 'subscription:cancel', user.username)).toBe(m.subscriptionCancelled(user.username));
    const cancelledOn = t.clock.now().toISOString().slice(0, 10);
    expect(await admin(t, 'subscription:show', user.username)).toContain(`vencimento: ${due}, cancelada em ${cancelledOn}`);
    const cancelled = await apiSubscription(cookie);
    expect(cancelled.userSubscription?.cancellationDate).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/u));
    expect(cancelled.plan?.name).toBe('Profissional');
    expect(subscriptionStatus(cancelled.userSubscription, today())).toBe('cancelled');

    // Granting again replaces the subscription and clears the cancellation.
    await admin(t, 'subscription:grant', user.username, '--plan', 'essencial', '--days', '7');
    const regranted = await apiSubscription(cookie);
    expect(regranted.userSubscription).toEqual({
      isTrial: false,
      dueDate: plusDays(today(), 7),
      cancellationDate: null,
      priceCents: 4990,
      coupon: null,
      paidOnline: false,
    });
    expect(subscriptionStatus(regranted.userSubscription, today())).toBe('active');
    expect(subscriptionStatus(regranted.userSubscription, plusDays(today(), 8))).toBe('expired');
  });

  it('grants an annual plan for 365 days and a lifetime plan without due date', async () => {
    const user = await newUser(t);
    await admin(t, 'subscription:grant', user.username, '--plan', 'clinica-anual');
    expect((await subscriptionRow(t, user.id))?.dueDate).toBe(plusDays(today(), 365));

    await admin(t, 'plans:create', '--code', 'vitalicio', '--name', 'Vitalício', '--period', 'lifetime', '--limit', '100', '--price', '150000');
    expect(await admin(t, 'subscription:grant', user.username, '--plan', 'vitalicio')).toBe(m.subscriptionGranted(user.username, 'vitalicio', null));
    expect(await subscriptionRow(t, user.id)).toMatchObject({ dueDate: null, isTrial: false, priceCents: 150000, cancellationDate: null });
    expect(await admin(t, 'subscription:show', user.username)).toContain('vencimento: —');
  });

  it('names the professional it cannot find', async () => {
    expect(await adminError(['subscription:show', 'ninguem'])).toBe(m.professionalNotFound('ninguem'));
    expect(await adminError(['subscription:grant', 'ninguem@example.com', '--plan', 'essencial'])).toBe(m.professionalNotFound('ninguem@example.com'));
    expect(await adminError(['subscription:cancel', 'ninguem'])).toBe(m.professionalNotFound('ninguem'));
    expect(await adminError(['subscription:show'])).toBe(m.userRequired);
    const user = await newUser(t);
    expect(await adminError(['subscription:grant', user.username, '--plan', 'nao-existe'])).toBe(m.planNotFound('nao-existe'));
    expect(await adminError(['subscription:cancel', user.username])).toBe(m.noSubscription(user.username));
    expect(await subscriptionRow(t, user.id)).toBeUndefined();
  });

  it('answers an unknown command or option with the usage', async () => {
    expect(await adminError(['plans:delete'])).toBe(adminUsage);
    expect(await adminError([])).toBe(adminUsage);
    const unknownOption = await adminError(['plans:list', '--bogus']);
    expect(unknownOption).toContain('--bogus');
    expect(unknownOption).toContain(adminUsage);
    expect(adminUsage).toMatch(/^Uso: npm run admin -- <comando>/u);
    await expect(runAdminCommand(t.database.db, ['nada'])).rejects.toThrow(AdminError);
  });
});

// Opens its own PGlite database in a temporary DATA_DIR, so it runs in the PGlite project only.
const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/admin.js');
describe.skipIf(!existsSync(cli) || testDriver !== 'pglite')('the built admin CLI', () => {
  it('prints the plans, and the usage with exit code 1 for an unknown command', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'consultorio-admin-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      const run = promisify(execFile);
      const { stdout } = await run(process.execPath, [cli, 'plans:list'], { env, timeout: 60_000 });
      expect(plain(stdout)).toContain('essencial\tEssencial\tmonthly\t50 pacientes\tR$ 49,90\tpadrão');
      expect(stdout.trim().split('\n')).toHaveLength(3);

      const failed = await run(process.execPath, [cli, 'nao-existe'], { env, timeout: 60_000 }).then(
        () => undefined,
        (error: unknown) => error as { code: number; stderr: string },
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain('Uso: npm run admin -- <comando>');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // Two processes each start PGlite (the first also creates and migrates it): seconds each, many on a loaded machine.
  }, 120_000);
});

// The command as a process of its own (through tsx); the same in either project, so run once.
describe.skipIf(testDriver !== 'pglite')('the admin command line without a database', () => {
  it('prints the usage for --help, and refuses a mistyped command, without opening or creating a database', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'consultorio-admin-help-')), 'data');
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: undefined };
      const [help, mistyped] = await Promise.all([runAdmin(env, '--help'), runAdmin(env, 'plans:delete')]);
      expect(help).toEqual({ code: 0, stdout: `${adminUsage}\n`, stderr: '' });
      expect(mistyped).toEqual({ code: 1, stdout: '', stderr: `${adminUsage}\n` });
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await rm(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 120_000);
});

describe('admin input found in review', () => {
  it('answers a taken plan or coupon code with a message, not a database error', async () => {
    await expect(admin(t, 'plans:create', '--code', 'essencial', '--name', 'X', '--period', 'monthly', '--limit', '1', '--price', '1')).rejects.toThrow(
      new AdminError(m.planCodeTaken('essencial')),
    );
    await admin(t, 'coupons:create', '--code', 'dup-review', '--percent', '10');
    await expect(admin(t, 'coupons:create', '--code', 'DUP-REVIEW', '--percent', '10')).rejects.toThrow(
      new AdminError(m.couponCodeTaken('DUP-REVIEW')),
    );
  });

  it('refuses impossible dates, values an integer column cannot hold, bad plan codes and --days with --percent', async () => {
    for (const date of ['2025-13-45', '2025-02-30']) {
      await expect(admin(t, 'coupons:create', '--code', `data-${date}`, '--percent', '10', '--valid-until', date)).rejects.toThrow(
        new AdminError(m.couponValidUntilInvalid),
      );
    }
    await expect(admin(t, 'plans:create', '--code', 'enorme', '--name', 'X', '--period', 'monthly', '--limit', '1', '--price', '99999999999')).rejects.toThrow(
      AdminError,
    );
    await expect(admin(t, 'plans:create', '--code', 'Maiúsculo', '--name', 'X', '--period', 'monthly', '--limit', '1', '--price', '1')).rejects.toThrow(
      AdminError,
    );
    await expect(admin(t, 'coupons:create', '--code', 'misto', '--percent', '10', '--days', '5')).rejects.toThrow(new AdminError(m.couponDaysOnlyWithPlan));
  });
});
