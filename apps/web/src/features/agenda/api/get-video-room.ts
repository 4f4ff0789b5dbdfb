import { videoApi, type VideoRoom } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export async function getVideoRoom(appointmentId: string, signal?: AbortSignal): Promise<VideoRoom> {
  return (await apiClient.call(videoApi.room, { params: { id: appointmentId }, signal })).data.videoRoom;
}

/** The video room of an online appointment: the professional's page, the patient's link, its hours. */
export function useVideoRoom(appointmentId: string) {
  return useQuery({ queryKey: ['agenda', 'video-room', appointmentId], queryFn: ({ signal }) => getVideoRoom(appointmentId, signal), retry: false });
}
