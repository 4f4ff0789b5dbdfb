import { z } from 'zod';
import { messages } from '../messages';
import { envelope, tokenSchema } from './common';

const v = messages.video.validation;

/** The room of an online appointment as its professional sees it: both pages and when the room is open. */
export const videoRoomSchema = z.object({
  /** The professional's page (signed in). */
  professionalUrl: z.string(),
  /** The patient's page, with the room's token: no account needed. */
  patientUrl: z.string(),
  /** 15 minutes before the start. */
  opensAt: z.string(),
  /** 30 minutes after the end. */
  closesAt: z.string(),
});
export type VideoRoom = z.infer<typeof videoRoomSchema>;
export const videoRoomResponse = envelope(z.object({ videoRoom: videoRoomSchema }));

export const videoRoles = ['professional', 'patient'] as const;
export type VideoRole = (typeof videoRoles)[number];

/** What a room's page shows one participant: who is who, when, and (the professional's only) the ids to act on the appointment. */
export const roomViewSchema = z.object({
  role: z.enum(videoRoles),
  selfName: z.string(),
  peerName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  /** The professional's zone: the page shows times in it. */
  timeZone: z.string(),
  /** Whether the professional and the patient have been in the room together. */
  bothJoined: z.boolean(),
  /** For the professional only ('Marcar como realizada', 'Registrar evolução'); null for the patient. */
  appointment: z.object({ id: z.uuid(), patientId: z.uuid(), status: z.string() }).nullable(),
});
export type RoomView = z.infer<typeof roomViewSchema>;
export const roomViewResponse = envelope(z.object({ room: roomViewSchema }));

/** A browser tab's id (kept across its reloads) and one load of the page's id. */
const clientIdSchema = z.string({ error: v.clientId }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: v.clientId });

export const roomJoin = z.object({ clientId: clientIdSchema, pageId: clientIdSchema });
export const patientRoomRequest = z.object({ token: tokenSchema });
export const patientRoomJoin = roomJoin.extend({ token: tokenSchema });

/** One WebRTC ICE server, as RTCPeerConnection takes it. */
export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServerConfig = z.infer<typeof iceServerSchema>;

/**
 * What one participant sends the other through the server: the session's descriptions and ICE
 * candidates (the professional offers, the patient answers), a chat message, a request that
 * the professional restart ICE, or whether the session is being recorded (the professional's
 * only). The server relays them and keeps none.
 */
export const videoSignalSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('description'), description: z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(60_000) }) }),
    z.object({
      kind: z.literal('candidate'),
      candidate: z.object({
        candidate: z.string().max(2000),
        sdpMid: z.string().max(64).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
        usernameFragment: z.string().max(256).nullable().optional(),
      }),
    }),
    z.object({ kind: z.literal('chat'), text: z.string({ error: v.chatText }).trim().min(1, { error: v.chatText }).max(2000, { error: v.chatTooLong }) }),
    z.object({ kind: z.literal('restart') }),
    /** The professional's scribe started or stopped recording the session (the patient's page shows it); the patient cannot send it. */
    z.object({ kind: z.literal('recording'), recording: z.boolean() }),
  ],
  { error: v.signal },
);
export type VideoSignal = z.infer<typeof videoSignalSchema>;

export const roomSignals = z.object({ clientId: clientIdSchema, signals: z.array(videoSignalSchema, { error: v.signal }).min(1, { error: v.signal }).max(50, { error: v.signal }) });
export const patientRoomSignals = roomSignals.extend({ token: tokenSchema });

/**
 * The events of a participant's stream: `welcome` (the ICE servers, and the other participant's
 * page when they are in), `peer-joined` { pageId } and `peer-left`, `signal` { signal, at },
 * `replaced` (the same tab opened the room again), `closed` { message } (the room's time is over).
 */
export const roomWelcomeSchema = z.object({ iceServers: z.array(iceServerSchema), peerPageId: z.string().nullable() });
export type RoomWelcome = z.infer<typeof roomWelcomeSchema>;
export const roomEventStream = z
  .string()
  .describe('server-sent events: welcome { iceServers, peerPageId }, peer-joined { pageId }, peer-left {}, signal { signal, at, pageId }, replaced {}, closed { message }');
