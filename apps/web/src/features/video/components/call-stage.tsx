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
      <Box pos="relative" style={{ aspectRatio: '16 / 9', background: '#1a1b1e', borderRadius: 8 }}>
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
