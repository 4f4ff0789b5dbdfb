// What the users table kept for other modules moved to their own tables (issue 27): the private
// calendar feed to the agenda's, the receipt counter to finance's. A professional's feed address
// and receipt numbers go on as they were across the migration, and each table is written by its
// owner only (eslint-rules/no-foreign-table-writes.js).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { applyMigrationsThrough, codeMigrations } from '../src/db/migration-level';
import { calendarFeeds, receiptCounters, users } from '../src/db/schema';
import { hashPassword } from '../src/platform/passwords';
import { createTestApp, type TestApp } from './helpers/build-app';
import { createUnmigratedTestDatabase } from './helpers/database';
import { TestSmtpServer } from './helpers/smtp';
import { newPatient } from './factories/patients';
import { DEFAULT_PASSWORD, signIn } from './factories/users';

/** The schema as it was before the tables moved: every migration before the one that creates `calendar_feeds`. */
function levelBeforeTheMove(): number {
  const migrations = codeMigrations();
  const move = migrations.findIndex((migration) => migration.statements.some((statement) => statement.includes('CREATE TABLE "calendar_feeds"')));
  expect(move).toBeGreaterThan(0);
  return migrations[move - 1]!.when;
}

describe('the calendar feed and the receipt counter, moved out of users', () => {
  let database: Database;
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    database = await createUnmigratedTestDatabase();
    await database.bulk.inTransaction((session) => applyMigrationsThrough(session, levelBeforeTheMove()));
    const passwordHash = await hashPassword(DEFAULT_PASSWORD);
    await database.db.execute(sql`
      insert into users (username, email, password_hash, first_name, calendar_feed_token, calendar_feed_full_names, last_receipt_number)
      values ('ana_feed', 'ana_feed@example.com', ${passwordHash}, 'Ana', 'token-of-ana', true, 7),
             ('bia_new', 'bia_new@example.com', ${passwordHash}, 'Bia', null, false, 0)`);
    await database.migrate();
    smtp = new TestSmtpServer();
    await smtp.start();
    t = await createTestApp({ shared: { database, smtp } });
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await database?.close();
  });

  it('keeps the feed address and what its events show', async () => {
    const cookie = await signIn(t, 'ana_feed');
    const feed = await t.request({ method: 'GET', url: '/v1/users/me/calendar-feed', headers: { cookie } });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json().data).toEqual({ url: 'http://consultorio.test/v1/calendar/token-of-ana.ics', fullNames: true });
    expect((await t.request({ method: 'GET', url: '/v1/calendar/token-of-ana.ics' })).statusCode).toBe(200);
  });

  it('gives the next receipt number after the last one issued, and 1 to a professional who never issued one', async () => {
    const numbers: number[] = [];
    for (const username of ['ana_feed', 'bia_new']) {
      const cookie = await signIn(t, username);
      const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
      const patient = await newPatient(t, { owner: owner!, firstName: 'João', lastName: 'Pereira' });
      const booked = await t.request({
        method: 'POST',
        url: '/v1/users/me/appointments',
        headers: { cookie },
        payload: { patientId: patient.id, startsAt: '2025-03-05T10:00:00-03:00', feeCents: 15000 },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const paid = await t.request({
        method: 'POST',
        url: '/v1/users/me/payments',
        headers: { cookie },
        payload: { patientId: patient.id, appointmentIds: [booked.json().data.appointment.id], amountCents: 15000, method: 'pix', paidAt: '2025-03-20' },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      numbers.push(paid.json().data.payment.receiptNumber);
    }
    expect(numbers).toEqual([8, 1]);
    expect((await database.db.select().from(receiptCounters)).map((row) => row.lastReceiptNumber).sort()).toEqual([1, 8]);
  });

  it('makes a feed on the first look, the same for two looks at once', async () => {
    const cookie = await signIn(t, 'bia_new');
    const looks = await Promise.all([1, 2].map(() => t.request({ method: 'GET', url: '/v1/users/me/calendar-feed', headers: { cookie } })));
    const urls = looks.map((look) => look.json().data.url as string);
    expect(urls[0]).toMatch(/^http:\/\/consultorio\.test\/v1\/calendar\/[\w-]+\.ics$/);
    expect(urls[1]).toBe(urls[0]);
    expect(await database.db.select().from(calendarFeeds)).toHaveLength(2);
  });
});
