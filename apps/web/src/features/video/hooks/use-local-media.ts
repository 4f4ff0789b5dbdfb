import { messages } from '@consultorio/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface DeviceOption {
  value: string;
  label: string;
}

export interface LocalMedia {
  stream: MediaStream | null;
  error: string | null;
  cameras: DeviceOption[];
  microphones: DeviceOption[];
  cameraId: string | null;
  microphoneId: string | null;
  /** Asks for the camera and microphone (again); with a device id, that one. */
  acquire: (choice?: { cameraId?: string | null; microphoneId?: string | null }) => Promise<MediaStream | null>;
  /** Stops the camera and the microphone (leaving the room turns them off). */
  release: () => void;
}

function constraintOf(deviceId: string | null | undefined): MediaTrackConstraints | boolean {
  return deviceId ? { deviceId: { exact: deviceId } } : true;
}

function optionsOf(devices: MediaDeviceInfo[], kind: MediaDeviceKind, fallback: (index: number) => string): DeviceOption[] {
  return devices
    .filter((device) => device.kind === kind && device.deviceId !== '')
    .map((device, index) => ({ value: device.deviceId, label: device.label || fallback(index + 1) }));
}

/** Camera and microphone or, when one of them is refused or missing, whichever is there. */
async function openDevices(cameraId: string | null | undefined, microphoneId: string | null | undefined): Promise<MediaStream> {
  const media = navigator.mediaDevices;
  try {
    return await media.getUserMedia({ video: constraintOf(cameraId), audio: constraintOf(microphoneId) });
  } catch (error) {
    for (const onlyOne of [{ audio: constraintOf(microphoneId) }, { video: constraintOf(cameraId) }]) {
      try {
        return await media.getUserMedia(onlyOne);
      } catch {
        // Tried next.
      }
    }
    throw error;
  }
}

/**
 * The participant's camera and microphone: the stream, the devices to choose from and the one in
 * use of each. A new choice replaces the stream (its old tracks stopped); leaving the page stops it.
 */
export function useLocalMedia(): LocalMedia {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const current = useRef<MediaStream | null>(null);

  const acquire = useCallback(async (choice: { cameraId?: string | null; microphoneId?: string | null } = {}) => {
    const previous = current.current;
    const cameraId = choice.cameraId !== undefined ? choice.cameraId : (previous?.getVideoTracks()[0]?.getSettings().deviceId ?? null);
    const microphoneId = choice.microphoneId !== undefined ? choice.microphoneId : (previous?.getAudioTracks()[0]?.getSettings().deviceId ?? null);
    try {
      previous?.getTracks().forEach((track) => track.stop());
      const next = await openDevices(cameraId, microphoneId);
      current.current = next;
      setStream(next);
      setError(null);
      setDevices(await navigator.mediaDevices.enumerateDevices());
      return next;
    } catch {
      current.current = null;
      setStream(null);
      setError(messages.video.mediaDenied);
      return null;
    }
  }, []);

  const release = useCallback(() => {
    current.current?.getTracks().forEach((track) => track.stop());
    current.current = null;
    setStream(null);
  }, []);

  useEffect(() => () => current.current?.getTracks().forEach((track) => track.stop()), []);

  return {
    stream,
    error,
    cameras: optionsOf(devices, 'videoinput', (n) => `${messages.video.camera} ${n}`),
    microphones: optionsOf(devices, 'audioinput', (n) => `${messages.video.microphone} ${n}`),
    cameraId: stream?.getVideoTracks()[0]?.getSettings().deviceId ?? null,
    microphoneId: stream?.getAudioTracks()[0]?.getSettings().deviceId ?? null,
    acquire,
    release,
  };
}
