import { messages, type RoomView } from '@consultorio/shared';
import { Alert, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerRecordFilled } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIsOpen } from '../hooks/use-is-open';
import { formatLongDate, formatTime, formatTimeRange } from '../../../lib/zoned-format';
import type { RoomTransport } from '../api/room-transport';
import { useCallControls } from '../hooks/use-call-controls';
import { useLocalMedia } from '../hooks/use-local-media';
import { useRoomSession } from '../hooks/use-room-session';
import { joinedFlag } from '../lib/tab-ids';
import { AfterCall } from './after-call';
import { CallControls } from './call-controls';
import { CallStage } from './call-stage';
import { MediaPreview } from './media-preview';
import { RoomChat } from './room-chat';
import { RoomRefused } from './room-refused';

/** What the room gives the professional's session recorder (composed by the app: features do not import each other). */
export interface RoomCall {
  appointment: NonNullable<RoomView['appointment']>;
  timeZone: string;
  /** The professional's own microphone (with the camera) and the patient's audio and video, once they arrive. */
  audioSources: readonly MediaStream[];
  /** Tells the patient's page whether the session is being recorded. */
  onRecordingChange: (recording: boolean) => void;
}

interface VideoRoomProps {
  view: RoomView;
  transport: RoomTransport;
  /** Names the room in the tab's storage (a reload enters it again). */
  roomKey: string;
  /** The professional's 'Gravar sessão' in the call. */
  recorder?: ((call: RoomCall) => ReactNode) | undefined;
}

/** A participant's room: the preview before entering, then the call with its controls and chat, and what the professional does after. */
export function VideoRoom({ view, transport, roomKey, recorder }: VideoRoomProps) {
  const media = useLocalMedia();
  const { session, join, leave, sendChat, replaceTrack, announceRecording } = useRoomSession(view, transport, roomKey);
  const audioSources = useMemo(() => [media.stream, session.remoteStream].filter((stream) => stream !== null), [media.stream, session.remoteStream]);
  const controls = useCallControls(media.stream, replaceTrack);
  // Until the participant opens or closes it, the chat opens by itself with the other one's first message.
  const [chatChoice, setChatChoice] = useState<boolean | null>(null);
  const chatOpen = chatChoice ?? session.chat.some((line) => !line.fromSelf);
  const isOpen = useIsOpen(view.opensAt);
  const { acquire } = media;

  useEffect(() => {
    void acquire();
  }, [acquire]);
  // Back after a reload: into the room again without a click.
  useEffect(() => {
    if (media.stream && isOpen && session.phase === 'preview' && joinedFlag(roomKey).isSet()) join(media.stream);
  }, [media.stream, isOpen, session.phase, roomKey, join]);
  const enter = () => media.stream && join(media.stream);
  const leaveRoom = () => {
    leave();
    media.release();
  };
  const enterAgain = async () => {
    const stream = await acquire();
    if (stream) join(stream);
  };
  const showAfterCall = view.appointment !== null && (session.hasMet || view.bothJoined);

  return (
    <Stack>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {messages.video.roomTitle(view.peerName)}
        </Title>
        <Text c="dimmed">{messages.video.when(`${formatLongDate(view.startsAt, view.timeZone)} · ${formatTimeRange(view.startsAt, view.endsAt, view.timeZone)}`)}</Text>
      </Stack>
      {!isOpen && <Alert variant="light">{messages.video.opensAt(formatTime(view.opensAt, view.timeZone))}</Alert>}
      {session.phase === 'refused' && <RoomRefused message={session.refusal ?? messages.requestErrors.generic} />}
      {(session.phase === 'preview' || session.phase === 'joining') && <MediaPreview media={media} onEnter={isOpen ? enter : null} isEntering={session.phase === 'joining'} />}
      {session.phase === 'left' && (
        <Paper withBorder p="lg">
          <Stack gap="xs" align="flex-start">
            <Text>{messages.video.left}</Text>
            <Button onClick={() => void enterAgain()}>{messages.video.rejoin}</Button>
          </Stack>
        </Paper>
      )}
      {session.phase === 'in-room' && (
        <Grid>
          <Grid.Col span={{ base: 12, md: chatOpen ? 8 : 12 }}>
            <Stack>
              <CallStage role={view.role} peerName={view.peerName} call={session.call} quality={session.quality} remoteStream={session.remoteStream} localStream={media.stream} />
              {session.peerRecording && (
                <Alert color="red" variant="light" role="status" icon={<IconPlayerRecordFilled size={18} aria-hidden />} title={messages.video.recordingIndicator}>
                  {messages.video.recordingIndicatorHint}
                </Alert>
              )}
              <CallControls controls={controls} chatOpen={chatOpen} onToggleChat={() => setChatChoice(!chatOpen)} onLeave={leaveRoom} />
              {recorder && view.appointment && recorder({ appointment: view.appointment, timeZone: view.timeZone, audioSources, onRecordingChange: announceRecording })}
              {session.notice && (
                <Text size="sm" c="dimmed" role="status">
                  {session.notice}
                </Text>
              )}
            </Stack>
          </Grid.Col>
          {chatOpen && (
            <Grid.Col span={{ base: 12, md: 4 }}>
              <RoomChat lines={session.chat} peerName={view.peerName} timeZone={view.timeZone} onSend={sendChat} />
            </Grid.Col>
          )}
        </Grid>
      )}
      {showAfterCall && view.appointment && <AfterCall appointment={view.appointment} />}
    </Stack>
  );
}
