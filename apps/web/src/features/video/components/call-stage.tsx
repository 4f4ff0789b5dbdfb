import { messages, type VideoRole } from '@consultorio/shared';
import { Badge, Box, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { CallQuality, CallState } from '../lib/peer-call';
import { VideoElement } from './video-element';

interface CallStageProps {
  role: VideoRole;
  peerName: string;
  call: CallState;
  quality: CallQuality | null;
  remoteStream: MediaStream | null;
  localStream: MediaStream | null;
}

function statusOf(call: CallState, role: VideoRole, peerName: string): string {
  switch (call) {
    case 'waiting':
      return role === 'patient' ? messages.video.waitingForProfessional(peerName) : messages.video.waitingForPatient(peerName);
    case 'connecting':
      return messages.video.connecting;
    case 'connected':
      return messages.video.connected;
    case 'reconnecting':
      return messages.video.reconnecting;
  }
}

/** The other participant's video (or the waiting room until they are in), one's own small beside it, and how the call is going. */
/**
 * The stage at 16:9, as wide as the page allows but never taller than the window leaves room for
 * (the bar, the status above, the call's controls below): on a 1280 × 800 screen its full width
 * pushed 'Sair da sala' and the microphone below the fold.
 */
const STAGE_STYLE = {
  aspectRatio: '16 / 9',
  width: '100%',
  maxWidth: 'max(320px, calc((100dvh - 300px) * 16 / 9))',
  marginInline: 'auto',
  background: '#1a1b1e',
  borderRadius: 8,
} as const;

export function CallStage({ role, peerName, call, quality, remoteStream, localStream }: CallStageProps) {
  const waiting = call === 'waiting';
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <Text role="status" aria-live="polite" fw={500}>
          {statusOf(call, role, peerName)}
        </Text>
        {quality && (
          <Badge color={quality === 'good' ? 'green' : 'orange'} variant="light" aria-label={`${messages.video.quality}: ${quality === 'good' ? messages.video.qualityGood : messages.video.qualityPoor}`}>
            {quality === 'good' ? messages.video.qualityGood : messages.video.qualityPoor}
          </Badge>
        )}
      </Group>
      <Box pos="relative" style={STAGE_STYLE}>
        {waiting ? (
          <Center h="100%" p="md">
            <Stack align="center" gap="xs">
              {role === 'patient' && (
                <Title order={3} c="white">
                  {messages.video.waitingRoom}
                </Title>
              )}
              <Loader color="white" type="dots" aria-hidden />
            </Stack>
          </Center>
        ) : (
          <VideoElement stream={remoteStream} label={messages.video.remoteVideo(peerName)} />
        )}
        <Box pos="absolute" right={12} bottom={12} w="24%" style={{ aspectRatio: '4 / 3' }}>
          <VideoElement stream={localStream} label={messages.video.selfVideo} isSelf />
        </Box>
      </Box>
    </Stack>
  );
}
