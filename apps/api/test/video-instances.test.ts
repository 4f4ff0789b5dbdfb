// A video call whose participants are on two instances of the app on one PostgreSQL database:
// what each sends crosses through LISTEN/NOTIFY, a tab is refused on one instance while its
// place is held on the other, and a participant reconnecting to the other instance takes its
// place back. PostgreSQL only (PGlite lives inside one process).
import type { Appointment, VideoRoom } from '@consultorio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createTestApp, type TestApp } from './helpers/build-app';
import { createTestDatabase, testDriver } from './helpers/database';
import { newClientId, RoomStream } from './helpers/room-stream';
import { TestSmtpServer } from './helpers/smtp';
import { newPatient } from './factories/patients';
import { newSignedInUser } from './factories/users';

describe.runIf(testDriver === 'postgres')('a video call across two instances', () => {
  let database: Database & { url?: string };
  let smtp: TestSmtpServer;
  let first: TestApp;
  let second: TestApp;
  let firstUrl: string;
  let secondUrl: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = new TestSmtpServer();
    await smtp.start();
    first = await createTestApp({ shared: { database, smtp } });
    second = await createTestApp({ shared: { database, smtp } });
    firstUrl = await first.app.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await smtp?.close();
    await database?.close();
  });

  it('connects a professional on one instance with a patient on the other', async () => {
    const { user, cookie } = await newSignedInUser(first, { firstName: 'Ana', lastName: 'Souza' });
    const patient = await newPatient(first, { owner: user, firstName: 'Carla', lastName: 'Mendes' });
    const startsAt = new Date(Date.now() + 5 * 60_000).toISOString();
    const booked = await first.request({ method: 'POST', url: '/v1/users/me/appointments', headers: { cookie }, payload: { patientId: patient.id, startsAt, modality: 'online' } });
    const appointment = booked.json().data.appointment as Appointment;
    const room = (await second.request({ method: 'GET', url: `/v1/appointments/${appointment.id}/video`, headers: { cookie } })).json().data.videoRoom as VideoRoom;
    const token = new URL(room.patientUrl).searchParams.get('token')!;

    const patientTab = newClientId();
    const patientSide = await RoomStream.open(`${secondUrl}/v1/video/room/events`, { token, clientId: patientTab, pageId: newClientId() });
    expect(patientSide.status).toBe(200);
    await patientSide.next('welcome');
    // The same link in another tab, on the other instance: refused, the place is held in the database.
    const third = await RoomStream.open(`${firstUrl}/v1/video/room/events`, { token, clientId: newClientId(), pageId: newClientId() });
    expect(third.status).toBe(409);

    const professionalTab = newClientId();
    const professionalSide = await RoomStream.open(`${firstUrl}/v1/appointments/${appointment.id}/video/events`, { clientId: professionalTab, pageId: newClientId() }, cookie);
    expect(professionalSide.status).toBe(200);
    expect((await professionalSide.next('welcome')).data.peerPageId).toEqual(expect.any(String));
    await patientSide.next('peer-joined');
    expect(first.app.videoHub.connectionCount).toBe(1);
    expect(second.app.videoHub.connectionCount).toBe(1);

    // The offer (several notifications long) goes from the first instance to the second, the answer back.
    const sdp = `v=0\r\n${'a=fingerprint:sha-256 AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89\r\n'.repeat(200)}`;
    const offer = await second.request({
      method: 'POST',
      url: `/v1/appointments/${appointment.id}/video/signals`,
      headers: { cookie },
      payload: { clientId: professionalTab, signals: [{ kind: 'description', description: { type: 'offer', sdp } }] },
    });
    expect(offer.statusCode, offer.body).toBe(200);
    expect((await patientSide.next('signal')).data.signal).toEqual({ kind: 'description', description: { type: 'offer', sdp } });
    const answer = await first.request({
      method: 'POST',
      url: '/v1/video/room/signals',
      payload: { token, clientId: patientTab, signals: [{ kind: 'description', description: { type: 'answer', sdp: 'v=0\r\n' } }, { kind: 'chat', text: 'Oi!' }] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await professionalSide.next('signal')).data.signal).toMatchObject({ description: { type: 'answer' } });
    expect((await professionalSide.next('signal')).data.signal).toEqual({ kind: 'chat', text: 'Oi!' });

    // The patient's stream moves to the first instance (the second one drained): same tab, its place back.
    const moved = await RoomStream.open(`${firstUrl}/v1/video/room/events`, { token, clientId: patientTab, pageId: newClientId() });
    expect(moved.status).toBe(200);
    await patientSide.next('replaced');
    await professionalSide.next('peer-joined');
    moved.close();
    await professionalSide.next('peer-left');
    professionalSide.close();
  });
});
