// Measurement plans with two instances of the app on one PostgreSQL database: each occurrence
// (an appointment, an interval's due time) creates one form and one e-mail, whichever instance's
// scan sees it first; a cancelled appointment gets none. PostgreSQL only (PGlite lives inside
// one process).
import { messages, type Appointment } from '@consultorio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { forms, measurementRuns } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { createTestDatabase, testDriver } from './helpers/database';
import { fastQueueEnv as queueEnv, HOUR, waitUntil } from './helpers/instances';
import { TestSmtpServer } from './helpers/smtp';
import { libraryTemplate } from './factories/forms';
import { newPatient } from './factories/patients';
import { newSignedInUser } from './factories/users';

describe.runIf(testDriver === 'postgres')('measurement plans with two instances on one PostgreSQL database', () => {
  let database: Database;
  let smtp: TestSmtpServer;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = new TestSmtpServer();
    await smtp.start();
    first = await createTestApp({ shared: { database, smtp }, env: queueEnv });
    second = await createTestApp({ shared: { database, smtp }, env: queueEnv });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await smtp?.close();
    await database?.close();
  });

  async function book(t: TestApp, cookie: string, patientId: string, hoursAhead: number): Promise<Appointment> {
    const startsAt = new Date(t.clock.now().getTime() + hoursAhead * HOUR);
    startsAt.setUTCMinutes(0, 0, 0);
    const response = await t.request({
      method: 'POST',
      url: '/v1/users/me/appointments',
      headers: { cookie },
      payload: { patientId, startsAt: startsAt.toISOString(), allowOverlap: true },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.appointment as Appointment;
  }

  it('mails the form before each of 10 appointments once, and none before a cancelled one, while both instances scan', async () => {
    const { user, cookie } = await newSignedInUser(first, { title: 'Dr.', firstName: 'Paulo', lastName: 'Reis' });
    const phq9 = await libraryTemplate(first, 'phq-9');
    const formSubject = messages.measurement.mail.formSubject('Dr. Paulo Reis');
    const patients = await Promise.all(
      Array.from({ length: 11 }, (_, index) => newPatient(first, { owner: user, email: `medida${index}.${user.username}@example.com` })),
    );
    for (const [index, patient] of patients.entries()) {
      const t = index % 2 === 0 ? first : second;
      const plan = await t.request({
        method: 'POST',
        url: `/v1/patients/${patient.id}/measurement-plans`,
        headers: { cookie },
        payload: { qaTemplateId: phq9.id, trigger: 'before_appointment' },
      });
      expect(plan.statusCode, plan.body).toBe(201);
      // Two days ahead: not yet due.
      await book(t, cookie, patient.id, 48 + index);
    }
    const cancelledPatient = patients[10]!;
    const [cancelled] = await database.db.select({ id: forms.id }).from(forms).where(eq(forms.patientId, cancelledPatient.id));
    expect(cancelled).toBeUndefined();
    const appointments = await first.request({
      method: 'GET',
      url: `/v1/users/me/appointments?from=${encodeURIComponent(first.clock.now().toISOString())}&to=${encodeURIComponent(new Date(first.clock.now().getTime() + 4 * 24 * HOUR).toISOString())}`,
      headers: { cookie },
    });
    const toCancel = (appointments.json().data.appointments as Appointment[]).find((item) => item.patientId === cancelledPatient.id)!;
    const cancel = await second.request({ method: 'PUT', url: `/v1/appointments/${toCancel.id}`, headers: { cookie }, payload: { status: 'cancelled' } });
    expect(cancel.statusCode).toBe(200);

    const addresses = new Set(patients.map((patient) => patient.email!));
    const formMails = () => smtp.received.filter((mail) => mail.subject === formSubject && mail.to.some((to) => addresses.has(to)));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(formMails()).toHaveLength(0);

    // Both clocks move to a day before the last appointment: every occurrence is due.
    first.clock.advance(40 * 3600);
    second.clock.advance(40 * 3600);
    await waitUntil(() => formMails().length >= 10, 30_000, '10 form e-mails');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await first.app.jobs.idle();
    await second.app.jobs.idle();

    expect(formMails()).toHaveLength(10);
    expect(new Set(formMails().map((mail) => mail.to[0])).size).toBe(10);
    expect(smtp.mailsTo(cancelledPatient.email!).filter((mail) => mail.subject === formSubject)).toHaveLength(0);
    for (const patient of patients.slice(0, 10)) {
      const made = await database.db.select({ id: forms.id }).from(forms).where(eq(forms.patientId, patient.id));
      expect(made).toHaveLength(1);
    }
    expect(await database.db.select({ id: forms.id }).from(forms).where(eq(forms.patientId, cancelledPatient.id))).toHaveLength(0);
    const runs = await database.db.select().from(measurementRuns);
    expect(runs).toHaveLength(10);
    expect(runs.every((run) => run.sentAt !== null && run.formId !== null)).toBe(true);
  });
});
