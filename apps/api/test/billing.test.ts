import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { messages, searchKey, todayIsoDate, type SubscriptionData } from '@consultorio/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { coupons, patients } from '../src/db/schema';
import { createMailer } from '../src/platform/mail/mailer';
import { createLocalStorage } from '../src/platform/storage/local-storage';
import { createTestApp, type TestApp } from './helpers/build-app';
import { linkToken } from './helpers/smtp';
import { admin, couponByCode, newCoupon, plusDays, redemptionsOf, subscriptionRow } from './factories/billing';
import { createPatientViaApi } from './factories/patients';
import { newSignedInUser, signIn } from './factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const e = messages.errors;
const today = () => todayIsoDate(t.clock.now());
const suffix = () => randomBytes(3).toString('hex');

function call(app: TestApp, method: InjectOptions['method'], url: string, cookie: string | undefined, payload?: object) {
  return app.request({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload }) });
}

const getSubscription = (cookie: string | undefined, app = t) => call(app, 'GET', '/v1/users/me/subscriptions', cookie);
const redeem = (cookie: string | undefined, couponCode: unknown) =>
  call(t, 'POST', '/v1/users/me/subscriptions/coupon', cookie, couponCode === undefined ? {} : { couponCode });

async function subscriptionOf(cookie: string, app = t): Promise<SubscriptionData> {
  const response = await getSubscription(cookie, app);
  expect(response.statusCode).toBe(200);
  return response.json().data as SubscriptionData;
}

/** Registers and confirms a professional through the API (with SMTP), then signs in. */
async function registerAndConfirm(app: TestApp) {
  const username = `pro_${suffix()}`;
  const email = `${username}@example.com`;
  const before = app.smtp.received.length;
  const registration = await app.request({
    method: 'POST',
    url: '/v1/users/registrations',
    payload: { username, email, firstName: 'Maria', lastName: 'Clara', password: 'Senha123' },
  });
  expect(registration.statusCode).toBe(201);
  const token = linkToken(await app.smtp.waitFor(email, before));
  const confirm = await app.request({ method: 'POST', url: '/v1/users/registrations/confirm', payload: { confirmationToken: token } });
  expect(confirm.statusCode).toBe(200);
  return { username, cookie: await signIn(app, username) };
}

async function grant(username: string, plan: string, ...rest: string[]) {
  await admin(t, 'subscription:grant', username, '--plan', plan, ...rest);
}

/**
 * A second app on the same database, SMTP server and clock, with more environment: much faster
 * than a second createTestApp (which migrates a whole new database).
 */
async function appWithEnv(env: Record<string, string>): Promise<TestApp> {
  const config = loadConfig({
    DATA_DIR: t.config.dataDir,
    SMTP_URL: t.config.smtpUrl!,
    PUBLIC_URL: t.config.publicUrl,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(t.config.dataDir, 'no-web-app'),
    ...env,
  });
  const mailer = createMailer({ from: config.mailFrom, smtpUrl: config.smtpUrl, mailDir: path.join(config.dataDir, 'mail'), logger: { info: () => undefined } });
  const app = await buildApp({ config, database: t.database, storage: createLocalStorage(t.filesDir), mailer, clock: t.clock, logger: false });
  await app.ready();
  return {
    ...t,
    app,
    config,
    request: (request) => app.inject(request),
    close: async () => {
      await app.close();
      mailer.close();
    },
  };
}

const invalidCoupon = { status: 400, data: null, message: e.couponInvalid, code: expect.any(String), requestId: expect.any(String) };

// ---------------------------------------------------------------------------------------------

describe('trial on registration', () => {
  it('starts a 14-day trial of the default plan and shows it with the patients in use', async () => {
    const { cookie } = await registerAndConfirm(t);
    const response = await getSubscription(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      data: {
        userSubscription: { isTrial: true, dueDate: plusDays(today(), 14), cancellationDate: null, priceCents: 4990, coupon: null, paidOnline: false },
        plan: {
          id: expect.any(String),
          name: 'Essencial',
          description: expect.any(String),
          period: 'monthly',
          patientsLimit: 50,
          priceCents: 4990,
        },
        patientsUsed: 0,
      },
    });

    await createPatientViaApi(t, cookie);
    await createPatientViaApi(t, cookie, { firstName: 'Outro' });
    expect((await subscriptionOf(cookie)).patientsUsed).toBe(2);
  });

  it('uses TRIAL_DAYS for the length of the trial', async () => {
    const other = await appWithEnv({ TRIAL_DAYS: '30' });
    try {
      expect(other.config.trialDays).toBe(30);
      const { cookie } = await registerAndConfirm(other);
      const data = await subscriptionOf(cookie, other);
      expect(data.userSubscription).toEqual({
        isTrial: true,
        dueDate: plusDays(todayIsoDate(other.clock.now()), 30),
        cancellationDate: null,
        priceCents: 4990,
        coupon: null,
        paidOnline: false,
      });
      expect(data.plan).toMatchObject({ name: 'Essencial', patientsLimit: 50 });
    } finally {
      await other.close();
    }
  });

  it('answers nulls to a professional without subscription, and 401 without a session', async () => {
    const { cookie } = await newSignedInUser(t);
    expect((await getSubscription(cookie)).json()).toEqual({
      status: 200,
      data: { userSubscription: null, plan: null, patientsUsed: 0 },
    });
    const anonymous = await getSubscription(undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ status: 401, data: null, message: e.unauthorized, code: expect.any(String), requestId: expect.any(String) });
    const anonymousCoupon = await redeem(undefined, 'QUALQUER');
    expect(anonymousCoupon.statusCode).toBe(401);
  });
});

describe('coupons', () => {
  it('applies a plan coupon typed in lower case with spaces', async () => {
    const coupon = await newCoupon(t, 'bemvindo30', '--plan', 'profissional', '--days', '30');
    expect(coupon.code).toBe('BEMVINDO30');
    const { user, cookie } = await newSignedInUser(t);

    const response = await redeem(cookie, ' bemvindo30 ');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 200, message: 'Cupom aplicado com sucesso.' });
    expect(body.message).toBe(messages.billing.couponApplied);
    expect(body.data).toMatchObject({
      userSubscription: { isTrial: false, dueDate: plusDays(today(), 30), cancellationDate: null, priceCents: 9990 },
      plan: { name: 'Profissional', period: 'monthly', patientsLimit: 300, priceCents: 9990 },
      patientsUsed: 0,
    });
    expect(await subscriptionOf(cookie)).toEqual(body.data);

    expect((await couponByCode(t, 'BEMVINDO30')).redemptions).toBe(1);
    const rows = await redemptionsOf(t, coupon.id);
    expect(rows.map((r) => r.userId)).toEqual([user.id]);
  });

  it('moves a trial to the coupon plan, its free days counted after the trial days left (not replacing them)', async () => {
    const code = `TRIAL${suffix()}`;
    await newCoupon(t, code, '--plan', 'clinica-anual', '--days', '10');
    const { cookie } = await registerAndConfirm(t);
    const response = await redeem(cookie, code);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      userSubscription: { isTrial: false, dueDate: plusDays(today(), 14 + 10), priceCents: 99900, coupon: { code: code.toUpperCase(), days: 10, percentOff: null } },
      plan: { name: 'Clínica anual', period: 'annual', patientsLimit: 2000 },
    });
  });

  it('refuses an unknown, expired or exhausted coupon and changes nothing', async () => {
    const { user, cookie } = await newSignedInUser(t);
    await grant(user.username, 'essencial');
    const before = await subscriptionOf(cookie);

    const unknown = await redeem(cookie, 'NAOEXISTE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(invalidCoupon);

    const expired = await newCoupon(t, `VENCIDO${suffix()}`, '--plan', 'profissional', '--days', '30', '--valid-until', '2020-01-31');
    const expiredAnswer = await redeem(cookie, expired.code);
    expect(expiredAnswer.statusCode).toBe(400);
    expect(expiredAnswer.json()).toEqual(invalidCoupon);
    expect((await couponByCode(t, expired.code)).redemptions).toBe(0);
    expect(await redemptionsOf(t, expired.id)).toHaveLength(0);

    // Expired by a direct insert too: valid until one second ago.
    const [pastRow] = await t.database.db
      .insert(coupons)
      .values({ code: `PASSADO${suffix()}`.toUpperCase(), percentOff: 10, validUntil: new Date(t.clock.now().getTime() - 1000) })
      .returning();
    expect((await redeem(cookie, pastRow!.code)).json()).toEqual(invalidCoupon);

    const exhausted = await newCoupon(t, `ESGOTADO${suffix()}`, '--plan', 'profissional', '--days', '30', '--max', '1');
    const first = await newSignedInUser(t);
    expect((await redeem(first.cookie, exhausted.code)).statusCode).toBe(200);
    const exhaustedAnswer = await redeem(cookie, exhausted.code);
    expect(exhaustedAnswer.statusCode).toBe(400);
    expect(exhaustedAnswer.json()).toEqual(invalidCoupon);
    expect((await couponByCode(t, exhausted.code)).redemptions).toBe(1);
    expect(await redemptionsOf(t, exhausted.id)).toHaveLength(1);

    expect(await subscriptionOf(cookie)).toEqual(before);
  });

  it('lets a professional redeem a coupon only once', async () => {
    const coupon = await newCoupon(t, `DUASVEZES${suffix()}`, '--plan', 'profissional', '--days', '30');
    const { user, cookie: firstCookie } = await newSignedInUser(t);
    expect((await redeem(firstCookie, coupon.code)).statusCode).toBe(200);
    const after = await subscriptionOf(firstCookie);

    // Two days later (signed in again) a second redemption would move the due date: it must not.
    t.clock.advance(2 * 86400);
    const cookie = await signIn(t, user.username);
    const again = await redeem(cookie, coupon.code.toLowerCase());
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidCoupon);
    expect(await subscriptionOf(cookie)).toEqual(after);
    expect((await couponByCode(t, coupon.code)).redemptions).toBe(1);
    expect(await redemptionsOf(t, coupon.id)).toHaveLength(1);
  });

  it('asks for the code when it is blank or missing', async () => {
    const { cookie } = await newSignedInUser(t);
    for (const code of ['', '   ', undefined]) {
      const response = await redeem(cookie, code);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 400, data: null, message: 'Informe o código do cupom', code: expect.any(String), requestId: expect.any(String) });
    }
    expect(messages.validation.couponRequired).toBe('Informe o código do cupom');
  });

  it('lowers the price of the current subscription with a percent coupon', async () => {
    const coupon = await newCoupon(t, `DESCONTO${suffix()}`, '--percent', '20');
    const { user, cookie } = await newSignedInUser(t);
    await grant(user.username, 'essencial');
    const before = await subscriptionOf(cookie);
    expect(before.userSubscription?.priceCents).toBe(4990);

    const response = await redeem(cookie, coupon.code);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...before,
      userSubscription: { ...before.userSubscription, priceCents: 3992, coupon: { code: coupon.code, days: null, percentOff: 20 } },
    });
    expect((await couponByCode(t, coupon.code)).redemptions).toBe(1);
  });

  it('refuses a percent coupon to a professional without subscription, without counting the use', async () => {
    const coupon = await newCoupon(t, `SEMPLANO${suffix()}`, '--percent', '20', '--max', '5');
    const { user, cookie } = await newSignedInUser(t);
    const response = await redeem(cookie, coupon.code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidCoupon);
    expect((await couponByCode(t, coupon.code)).redemptions).toBe(0);
    expect(await redemptionsOf(t, coupon.id)).toHaveLength(0);
    expect(await subscriptionRow(t, user.id)).toBeUndefined();
  });

  it('lets only one of two simultaneous redemptions take the last use', async () => {
    for (let round = 0; round < 3; round++) {
      const coupon = await newCoupon(t, `UNICO${round}${suffix()}`, '--plan', 'profissional', '--days', '30', '--max', '1');
      const [a, b] = await Promise.all([newSignedInUser(t), newSignedInUser(t)]);
      const answers = await Promise.all([redeem(a.cookie, coupon.code), redeem(b.cookie, coupon.code)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(answers.find((r) => r.statusCode === 400)!.json()).toEqual(invalidCoupon);
      expect((await couponByCode(t, coupon.code)).redemptions).toBe(1);
      const rows = await redemptionsOf(t, coupon.id);
      expect(rows).toHaveLength(1);
      const winner = answers[0].statusCode === 200 ? a : b;
      const loser = winner === a ? b : a;
      expect(rows[0]!.userId).toBe(winner.user.id);
      expect(await subscriptionRow(t, loser.user.id)).toBeUndefined();
    }
  });

  it('lets exactly three of ten simultaneous redemptions of a coupon with three uses pass', async () => {
    const coupon = await newCoupon(t, `TRES${suffix()}`, '--plan', 'profissional', '--days', '30', '--max', '3');
    const professionals = await Promise.all(Array.from({ length: 10 }, () => newSignedInUser(t)));
    const answers = await Promise.all(professionals.map((p) => redeem(p.cookie, coupon.code)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(7);
    expect((await couponByCode(t, coupon.code)).redemptions).toBe(3);
    const rows = await redemptionsOf(t, coupon.id);
    expect(rows).toHaveLength(3);
    const winners = professionals.filter((_, i) => answers[i]!.statusCode === 200).map((p) => p.user.id);
    expect(rows.map((r) => r.userId).sort()).toEqual(winners.sort());
  });
});

describe('patient limit', () => {
  beforeAll(async () => {
    await admin(t, 'plans:create', '--code', 'mini', '--name', 'Mini', '--period', 'monthly', '--limit', '2', '--price', '100');
  });

  const createPatient = (cookie: string, firstName = 'Paciente') =>
    call(t, 'POST', '/v1/users/me/patients', cookie, { firstName, lastName: 'Teste' });

  it('refuses the patient beyond the plan limit, and accepts again after a deletion', async () => {
    const { user, cookie } = await newSignedInUser(t);
    await grant(user.username, 'mini');
    const first = await createPatientViaApi(t, cookie);
    await createPatientViaApi(t, cookie);

    const third = await createPatient(cookie);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({ status: 403, data: null, message: e.patientLimit(2), code: expect.any(String), requestId: expect.any(String) });
    expect(e.patientLimit(2)).toMatch(/^Seu plano permite até 2 pacientes/u);
    expect((await subscriptionOf(cookie)).patientsUsed).toBe(2);

    const removed = await call(t, 'DELETE', `/v1/patients/${first.id}`, cookie);
    expect(removed.statusCode).toBe(200);
    expect((await subscriptionOf(cookie)).patientsUsed).toBe(1);
    expect((await createPatient(cookie)).statusCode).toBe(201);
    expect((await createPatient(cookie)).statusCode).toBe(403);
  });

  it('lets only one of five simultaneous creations take the last place', async () => {
    const { user, cookie } = await newSignedInUser(t);
    await grant(user.username, 'mini');
    await createPatientViaApi(t, cookie);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => createPatient(cookie, `Paciente ${i}`)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 403)).toHaveLength(4);
    const rows = await t.database.db.select().from(patients).where(eq(patients.ownerId, user.id));
    expect(rows).toHaveLength(2);
    expect((await subscriptionOf(cookie)).patientsUsed).toBe(2);
  });

  it('does not limit a professional without subscription', async () => {
    const { user, cookie } = await newSignedInUser(t);
    await t.database.db.insert(patients).values(
      Array.from({ length: 51 }, (_, i) => ({ ownerId: user.id, firstName: 'Paciente', lastName: `N${i}`, searchName: searchKey(`Paciente N${i}`) })),
    );
    expect((await createPatient(cookie)).statusCode).toBe(201);
    expect(await subscriptionOf(cookie)).toEqual({ userSubscription: null, plan: null, patientsUsed: 52 });
  });

  it('limits a trial to the default plan', async () => {
    const { cookie } = await registerAndConfirm(t);
    const data = await subscriptionOf(cookie);
    expect(data.plan?.patientsLimit).toBe(50);
  });
});
