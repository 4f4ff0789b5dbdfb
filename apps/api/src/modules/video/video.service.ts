import { randomUUID } from 'node:crypto';
import { fullNameOf, limits, messages, professionalNameOf, type RoomView, type VideoRoom, type VideoSignal } from '@consultorio/shared';
import type { FastifyReply } from 'fastify';
import { noteAccess, type AccessEntry } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { openEventStream } from '../../platform/server-sent-events';
import { newToken } from '../../platform/tokens';
import { writeEntries } from '../audit/audit.service';
import { countAttempt } from '../throttling/throttling.service';
import { iceServersFor } from './turn-credentials';
import { STALE_MS, type RoomConnection, type VideoHub } from './video.hub';
import * as repo from './video.repository';
import type { RoomAppointment, VideoRole } from './video.repository';

const MINUTE = 60_000;
/** The room opens this long before the appointment's start… */
export const ROOM_OPENS_BEFORE_MS = 15 * MINUTE;
/** …and closes this long after its end. */
export const ROOM_CLOSES_AFTER_MS = 30 * MINUTE;

type Appointment = RoomAppointment['appointment'];

export function roomWindow(appointment: Pick<Appointment, 'startsAt' | 'endsAt'>): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(appointment.startsAt.getTime() - ROOM_OPENS_BEFORE_MS),
    closesAt: new Date(appointment.endsAt.getTime() + ROOM_CLOSES_AFTER_MS),
  };
}

/** The refusals every page and stream of a room share: not online, cancelled, closed; and, to enter it, not yet open. */
function checkRoom(appointment: Appointment, now: Date, purpose: 'view' | 'enter'): void {
  if (appointment.modality !== 'online') throw new AppError('VIDEO_ROOM_NOT_ONLINE');
  if (appointment.status === 'cancelled') throw new AppError('VIDEO_ROOM_CANCELLED');
  const { opensAt, closesAt } = roomWindow(appointment);
  if (now >= closesAt) throw new AppError('VIDEO_ROOM_EXPIRED');
  if (purpose === 'enter' && now < opensAt) throw new AppError('VIDEO_ROOM_NOT_OPEN');
}

function professionalUrlOf(ctx: Context, appointmentId: string): string {
  return `${ctx.config.publicUrl}/sala/${appointmentId}`;
}

function patientUrlOf(ctx: Context, token: string): string {
  return `${ctx.config.publicUrl}/sala?token=${encodeURIComponent(token)}`;
}

async function ownedAppointment(ctx: Context, ownerId: string, appointmentId: string): Promise<RoomAppointment> {
  const found = await repo.findOwnedAppointment(ctx.db, ownerId, appointmentId);
  if (!found) throw new AppError('APPOINTMENT_NOT_FOUND');
  return found;
}

/** The room's token, made the first time. */
async function roomToken(ctx: Context, found: Pick<RoomAppointment, 'appointment' | 'room'>): Promise<string> {
  return found.room?.patientToken ?? repo.ensureRoom(ctx.db, found.appointment.id, newToken());
}

/** The professional's and the patient's addresses of an online appointment's room, and when it is open. */
export async function getVideoRoom(ctx: Context, ownerId: string, appointmentId: string): Promise<VideoRoom> {
  const found = await ownedAppointment(ctx, ownerId, appointmentId);
  if (found.appointment.modality !== 'online') throw new AppError('VIDEO_ROOM_NOT_ONLINE');
  const token = await roomToken(ctx, found);
  const { opensAt, closesAt } = roomWindow(found.appointment);
  noteAccess({ patientId: found.appointment.patientId, action: 'read', entityType: 'appointment', entityId: appointmentId });
  return {
    professionalUrl: professionalUrlOf(ctx, appointmentId),
    patientUrl: patientUrlOf(ctx, token),
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
  };
}

/** The patient's address of an online appointment's room, for the mails the agenda sends them. */
export async function patientRoomUrl(ctx: Context, appointmentId: string): Promise<string> {
  return patientUrlOf(ctx, await repo.ensureRoom(ctx.db, appointmentId, newToken()));
}

function viewOf(found: RoomAppointment, role: VideoRole): RoomView {
  const { appointment } = found;
  const professionalName = professionalNameOf(found.professional);
  const patientName = fullNameOf(found.patient);
  const { opensAt, closesAt } = roomWindow(appointment);
  return {
    role,
    selfName: role === 'professional' ? professionalName : patientName,
    peerName: role === 'professional' ? patientName : professionalName,
    startsAt: appointment.startsAt.toISOString(),
    endsAt: appointment.endsAt.toISOString(),
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    timeZone: found.professional.timeZone,
    bothJoined: found.room?.bothJoinedAt != null,
    appointment: role === 'professional' ? { id: appointment.id, patientId: appointment.patientId, status: appointment.status } : null,
  };
}

export async function getProfessionalView(ctx: Context, ownerId: string, appointmentId: string): Promise<RoomView> {
  const found = await ownedAppointment(ctx, ownerId, appointmentId);
  checkRoom(found.appointment, ctx.clock.now(), 'view');
  noteAccess({ patientId: found.appointment.patientId, action: 'read', entityType: 'appointment', entityId: appointmentId });
  return viewOf(found, 'professional');
}

/**
 * The room a patient's link opens. A token that opens none is counted against the caller's
 * address (as the other public links are), so tokens cannot be tried at speed; a valid one is not.
 */
async function roomOfToken(ctx: Context, token: string, ip: string): Promise<RoomAppointment> {
  const found = await repo.findByPatientToken(ctx.db, token);
  if (found) return found;
  const attempts = await countAttempt(ctx, `video-link:${ip}`, 60);
  throw new AppError(attempts > limits.publicFormCallsPerMinute ? 'TOO_MANY_REQUESTS' : 'VIDEO_LINK_INVALID');
}

export async function getPatientView(ctx: Context, token: string, ip: string): Promise<RoomView> {
  const found = await roomOfToken(ctx, token, ip);
  checkRoom(found.appointment, ctx.clock.now(), 'view');
  return viewOf(found, 'patient');
}

// ---- being in the room ----

export interface Entry {
  clientId: string;
  pageId: string;
  ip: string;
}

function otherRole(role: VideoRole): VideoRole {
  return role === 'professional' ? 'patient' : 'professional';
}

function accessEntry(appointment: Appointment, role: VideoRole, action: 'join' | 'leave'): AccessEntry {
  return { patientId: appointment.patientId, action, entityType: role === 'professional' ? 'video-professional' : 'video-patient', entityId: appointment.id };
}

/** Joining and leaving go to the professional's access log, with the address of whoever joined or left. */
async function logPresence(ctx: Context, appointment: Appointment, role: VideoRole, action: 'join' | 'leave', ip: string): Promise<void> {
  await writeEntries(ctx, { userId: appointment.ownerId, ip }, [accessEntry(appointment, role, action)]);
}

/**
 * The participant takes their place (409 when another tab holds it) and gets the room's event
 * stream: first `welcome` (their ICE servers and whether the other one is in), then what the
 * other one sends. The other one is told they joined. Their stream ending gives the place back
 * and tells the other one they left, unless the same tab took it over meanwhile (a reload).
 */
async function enterRoom(ctx: Context, hub: VideoHub, found: RoomAppointment, role: VideoRole, entry: Entry, reply: FastifyReply): Promise<void> {
  const { appointment } = found;
  const now = ctx.clock.now();
  checkRoom(appointment, now, 'enter');
  await hub.whenListening();
  const staleBefore = new Date(now.getTime() - STALE_MS);
  const previous = await repo.findPresence(ctx.db, appointment.id, role);
  const connectionId = randomUUID();
  const claimed = await repo.claimPresence(
    ctx.db,
    { appointmentId: appointment.id, role, clientId: entry.clientId, pageId: entry.pageId, connectionId, instanceId: hub.instanceId, joinedAt: now, seenAt: now },
    staleBefore,
  );
  if (!claimed) throw new AppError('VIDEO_ROOM_FULL');
  const peer = await repo.findPresence(ctx.db, appointment.id, otherRole(role));
  const peerPresent = peer !== undefined && peer.seenAt >= staleBefore;
  const { closesAt } = roomWindow(appointment);
  const connection: RoomConnection = { connectionId, appointmentId: appointment.id, role, closesAt, stream: openEventStream(reply), keepPlace: false };
  hub.attach(connection);
  connection.stream.onClose(() => void leaveRoom(ctx, hub, connection, appointment, entry.ip));
  connection.stream.send('welcome', { iceServers: iceServersFor(ctx.config.video, closesAt), peerPageId: peerPresent ? peer.pageId : null });
  try {
    if (previous && previous.connectionId !== connectionId && previous.clientId === entry.clientId) {
      await hub.publish(appointment.id, role, [{ event: 'replaced', data: {}, except: connectionId }]);
    }
    await hub.publish(appointment.id, otherRole(role), [{ event: 'peer-joined', data: { pageId: entry.pageId } }]);
    if (peerPresent) await repo.markBothJoined(ctx.db, appointment.id, now);
    // The same page coming back (its stream was cut) is not a new entry.
    if (previous?.pageId !== entry.pageId) await logPresence(ctx, appointment, role, 'join', entry.ip);
  } catch (error) {
    // The answer has started: the stream ends and the client enters again.
    ctx.log.error({ err: error }, 'could not announce a video participant');
    connection.stream.end();
  }
}

async function leaveRoom(ctx: Context, hub: VideoHub, connection: RoomConnection, appointment: Appointment, ip: string): Promise<void> {
  hub.detach(connection);
  if (connection.keepPlace) return;
  try {
    if (!(await repo.releasePresence(ctx.db, appointment.id, connection.role, connection.connectionId))) return;
    await hub.publish(appointment.id, otherRole(connection.role), [{ event: 'peer-left', data: {} }]);
    await logPresence(ctx, appointment, connection.role, 'leave', ip);
  } catch (error) {
    ctx.log.error({ err: error }, 'could not record a video participant leaving');
  }
}

export async function enterAsProfessional(ctx: Context, hub: VideoHub, ownerId: string, appointmentId: string, entry: Entry, reply: FastifyReply): Promise<void> {
  await enterRoom(ctx, hub, await ownedAppointment(ctx, ownerId, appointmentId), 'professional', entry, reply);
}

export async function enterAsPatient(ctx: Context, hub: VideoHub, token: string, entry: Entry, reply: FastifyReply): Promise<void> {
  await enterRoom(ctx, hub, await roomOfToken(ctx, token, entry.ip), 'patient', entry, reply);
}

// ---- what one sends the other ----

/** Each signal with the sending page: a page the receiver has not seen is a new call to set up. */
function toMessages(ctx: Context, pageId: string, signals: readonly VideoSignal[]) {
  const at = ctx.clock.now().toISOString();
  return signals.map((signal) => ({ event: 'signal', data: { signal, at, pageId } }));
}

/** Relays the professional's signals to the patient, in order; 409 unless their tab is in the room. */
export async function relayFromProfessional(ctx: Context, hub: VideoHub, ownerId: string, appointmentId: string, clientId: string, signals: readonly VideoSignal[]): Promise<void> {
  const pageId = await repo.professionalPageOf(ctx.db, ownerId, appointmentId, clientId);
  if (!pageId) {
    await ownedAppointment(ctx, ownerId, appointmentId);
    throw new AppError('VIDEO_NOT_IN_ROOM');
  }
  await hub.publish(appointmentId, 'patient', toMessages(ctx, pageId, signals));
}

/** Relays the patient's signals to the professional, in order; 409 unless their tab is in the room. */
export async function relayFromPatient(ctx: Context, hub: VideoHub, token: string, clientId: string, signals: readonly VideoSignal[], ip: string): Promise<void> {
  // Only the professional records the session, so only they say whether it is being recorded.
  if (signals.some((signal) => signal.kind === 'recording')) throw new AppError('VALIDATION', messages.video.validation.signal);
  const place = await repo.patientPlaceOf(ctx.db, token, clientId);
  if (!place) {
    await roomOfToken(ctx, token, ip);
    throw new AppError('VIDEO_NOT_IN_ROOM');
  }
  await hub.publish(place.appointmentId, 'professional', toMessages(ctx, place.pageId, signals));
}
