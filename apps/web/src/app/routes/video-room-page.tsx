import { RoomRecorder } from '../../features/recordings/components/room-recorder';
import { ProfessionalRoomPage } from '../../features/video/pages/professional-room-page';

/** /sala/:appointmentId: the professional's room, with the scribe's 'Gravar sessão' recording both voices of the call. */
export function VideoRoomPage() {
  return <ProfessionalRoomPage recorder={(call) => <RoomRecorder {...call} />} />;
}
