import { messageEnvelope } from '../schemas/common';
import {
  patientRoomJoin,
  patientRoomRequest,
  patientRoomSignals,
  roomEventStream,
  roomJoin,
  roomSignals,
  roomViewResponse,
  videoRoomResponse,
} from '../schemas/video';
import { idParams } from './common';
import { defineRoute } from './route';

const tag = 'video';

/**
 * The video room of an online appointment. Each participant opens an event stream (which holds
 * their place: a third one is refused with 409) and sends what the other must receive through
 * the signals call; media go from browser to browser. 404 for an appointment that is not the
 * professional's or a link that opens no room; 409 for one that is not online, cancelled, or a
 * room not yet open; 410 once the room has closed; 503 (entering) while this instance cannot
 * receive the room's messages from the database.
 */
export const videoApi = {
  /** The room's two addresses and when it is open (made on first use). */
  room: defineRoute({
    method: 'GET',
    path: '/v1/appointments/:id/video',
    access: 'session',
    tag,
    params: idParams,
    status: 200,
    response: videoRoomResponse,
    errors: { 404: ['APPOINTMENT_NOT_FOUND'], 409: ['VIDEO_ROOM_NOT_ONLINE'] },
  }),
  /** What the professional's page shows. */
  professionalView: defineRoute({
    method: 'GET',
    path: '/v1/appointments/:id/video/room',
    access: 'session',
    tag,
    params: idParams,
    status: 200,
    response: roomViewResponse,
    errors: { 404: ['APPOINTMENT_NOT_FOUND'], 409: ['VIDEO_ROOM_NOT_ONLINE', 'VIDEO_ROOM_CANCELLED', 'VIDEO_ROOM_NOT_OPEN'], 410: ['VIDEO_ROOM_EXPIRED'] },
  }),
  professionalEvents: defineRoute({
    method: 'POST',
    path: '/v1/appointments/:id/video/events',
    access: 'session',
    tag,
    params: idParams,
    body: roomJoin,
    status: 200,
    response: roomEventStream,
    raw: 'text/event-stream',
    errors: { 404: ['APPOINTMENT_NOT_FOUND'], 409: ['VIDEO_ROOM_NOT_ONLINE', 'VIDEO_ROOM_CANCELLED', 'VIDEO_ROOM_NOT_OPEN', 'VIDEO_ROOM_FULL'], 410: ['VIDEO_ROOM_EXPIRED'], 503: ['SERVICE_UNAVAILABLE'] },
  }),
  professionalSignals: defineRoute({
    method: 'POST',
    path: '/v1/appointments/:id/video/signals',
    access: 'session',
    tag,
    params: idParams,
    body: roomSignals,
    maxBodyBytes: 256 * 1024,
    status: 200,
    response: messageEnvelope,
    errors: { 404: ['APPOINTMENT_NOT_FOUND'], 409: ['VIDEO_NOT_IN_ROOM'] },
  }),
  /** What the patient's page shows, found by the link's token. */
  patientView: defineRoute({
    method: 'POST',
    path: '/v1/video/room',
    access: 'public',
    tag,
    body: patientRoomRequest,
    status: 200,
    response: roomViewResponse,
    errors: { 404: ['VIDEO_LINK_INVALID'], 409: ['VIDEO_ROOM_NOT_ONLINE', 'VIDEO_ROOM_CANCELLED', 'VIDEO_ROOM_NOT_OPEN'], 410: ['VIDEO_ROOM_EXPIRED'], 429: ['TOO_MANY_REQUESTS'] },
  }),
  patientEvents: defineRoute({
    method: 'POST',
    path: '/v1/video/room/events',
    access: 'public',
    tag,
    body: patientRoomJoin,
    status: 200,
    response: roomEventStream,
    raw: 'text/event-stream',
    errors: { 404: ['VIDEO_LINK_INVALID'], 409: ['VIDEO_ROOM_NOT_ONLINE', 'VIDEO_ROOM_CANCELLED', 'VIDEO_ROOM_NOT_OPEN', 'VIDEO_ROOM_FULL'], 410: ['VIDEO_ROOM_EXPIRED'], 429: ['TOO_MANY_REQUESTS'], 503: ['SERVICE_UNAVAILABLE'] },
  }),
  patientSignals: defineRoute({
    method: 'POST',
    path: '/v1/video/room/signals',
    access: 'public',
    tag,
    body: patientRoomSignals,
    maxBodyBytes: 256 * 1024,
    status: 200,
    response: messageEnvelope,
    errors: { 404: ['VIDEO_LINK_INVALID'], 409: ['VIDEO_NOT_IN_ROOM'], 429: ['TOO_MANY_REQUESTS'] },
  }),
};
