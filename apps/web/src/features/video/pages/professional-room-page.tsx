import { messages } from '@consultorio/shared';
import { useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { useProfessionalRoomView } from '../api/get-room-view';
import { professionalTransport } from '../api/room-transport';
import { RoomRefused } from '../components/room-refused';
import { VideoRoom, type RoomCall } from '../components/video-room';

/** /sala/:appointmentId: the professional's side of an online appointment's room (signed in). */
export function ProfessionalRoomPage({ recorder }: { recorder?: (call: RoomCall) => ReactNode }) {
  const appointmentId = useParams().appointmentId ?? '';
  const { data, error, isPending } = useProfessionalRoomView(appointmentId);
  const transport = useMemo(() => professionalTransport(appointmentId), [appointmentId]);
  if (isPending) return <PageLoader />;
  if (!data) return <RoomRefused message={error instanceof ApiError ? error.message : messages.requestErrors.generic} />;
  return <VideoRoom view={data} transport={transport} roomKey={appointmentId} recorder={recorder} />;
}
