import { messages } from '@consultorio/shared';
import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconMessageCircle, IconMicrophone, IconMicrophoneOff, IconScreenShare, IconScreenShareOff, IconVideo, IconVideoOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CallControls as Controls } from '../hooks/use-call-controls';

interface ToggleProps {
  label: string;
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  /** A switched-off device shows red. */
  isOff?: boolean;
}

function Toggle({ label, pressed, onClick, children, isOff = false }: ToggleProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon size="xl" radius="xl" variant={isOff ? 'filled' : 'light'} color={isOff ? 'red' : 'blue'} aria-label={label} aria-pressed={pressed} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

interface CallControlsProps {
  controls: Controls;
  chatOpen: boolean;
  onToggleChat: () => void;
  onLeave: () => void;
}

/** Microphone, camera, screen, chat and 'Sair', each named in Portuguese for what pressing it does. */
export function CallControls({ controls, chatOpen, onToggleChat, onLeave }: CallControlsProps) {
  return (
    <Group role="toolbar" aria-label={messages.video.controls} justify="center" gap="sm">
      <Toggle label={controls.microphoneOn ? messages.video.microphoneOff : messages.video.microphoneOn} pressed={!controls.microphoneOn} isOff={!controls.microphoneOn} onClick={controls.toggleMicrophone}>
        {controls.microphoneOn ? <IconMicrophone aria-hidden /> : <IconMicrophoneOff aria-hidden />}
      </Toggle>
      <Toggle label={controls.cameraOn ? messages.video.cameraOff : messages.video.cameraOn} pressed={!controls.cameraOn} isOff={!controls.cameraOn} onClick={controls.toggleCamera}>
        {controls.cameraOn ? <IconVideo aria-hidden /> : <IconVideoOff aria-hidden />}
      </Toggle>
      {controls.canShare && (
        <Toggle label={controls.sharing ? messages.video.stopSharing : messages.video.shareScreen} pressed={controls.sharing} onClick={() => void controls.toggleSharing()}>
          {controls.sharing ? <IconScreenShareOff aria-hidden /> : <IconScreenShare aria-hidden />}
        </Toggle>
      )}
      <Toggle label={chatOpen ? messages.video.closeChat : messages.video.openChat} pressed={chatOpen} onClick={onToggleChat}>
        <IconMessageCircle aria-hidden />
      </Toggle>
      <Button color="red" radius="xl" onClick={onLeave}>
        {messages.video.leave}
      </Button>
    </Group>
  );
}
