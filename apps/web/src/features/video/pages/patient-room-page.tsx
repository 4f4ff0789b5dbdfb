import { messages } from '@consultorio/shared';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { usePatientRoomView } from '../api/get-room-view';
import { patientTransport } from '../api/room-transport';
import { RoomRefused } from '../components/room-refused';
import { VideoRoom } from '../components/video-room';

/** /sala?token=…: the patient's side of the room, from the link in the reminder (no account). */
export function PatientRoomPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const { data, error, isPending } = usePatientRoomView(token);
  const transport = useMemo(() => patientTransport(token), [token]);
  if (token === '') return <RoomRefused message={messages.video.errors.linkInvalid} />;
  if (isPending) return <PageLoader />;
  if (!data) return <RoomRefused message={error instanceof ApiError ? error.message : messages.requestErrors.generic} />;
  return <VideoRoom view={data} transport={transport} roomKey={`token-${token.slice(0, 12)}`} />;
}
