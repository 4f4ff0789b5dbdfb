import { videoApi, type VideoSignal } from '@consultorio/shared';
import { apiClient } from '../../../lib/api-client';

/** How one participant's page reaches the room: its event stream and the signals it sends. */
export interface RoomTransport {
  openEvents(ids: { clientId: string; pageId: string }, signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
  sendSignals(clientId: string, signals: VideoSignal[]): Promise<void>;
}

/** The professional's side, with the session. */
export function professionalTransport(appointmentId: string): RoomTransport {
  const params = { id: appointmentId };
  return {
    openEvents: (ids, signal) => apiClient.openEventStream(videoApi.professionalEvents, { params, body: ids, signal }),
    sendSignals: async (clientId, signals) => {
      await apiClient.call(videoApi.professionalSignals, { params, body: { clientId, signals } });
    },
  };
}

/** The patient's side, with the link's token (in the body: a URL would put it in logs). */
export function patientTransport(token: string): RoomTransport {
  return {
    openEvents: (ids, signal) => apiClient.openEventStream(videoApi.patientEvents, { body: { token, ...ids }, signal }),
    sendSignals: async (clientId, signals) => {
      await apiClient.call(videoApi.patientSignals, { body: { token, clientId, signals } });
    },
  };
}
