import { useCallback, useEffect, useRef, useState } from 'react';

export interface CallControls {
  microphoneOn: boolean;
  cameraOn: boolean;
  sharing: boolean;
  canShare: boolean;
  toggleMicrophone: () => void;
  toggleCamera: () => void;
  toggleSharing: () => Promise<void>;
}

/**
 * Microphone and camera switched off by disabling their tracks (the other side gets silence and
 * black, no new negotiation), and the screen shared in place of the camera's track.
 */
export function useCallControls(stream: MediaStream | null, replaceTrack: (track: MediaStreamTrack, stream: MediaStream) => void): CallControls {
  const [microphoneOn, setMicrophoneOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const [sharing, setSharing] = useState(false);
  const screen = useRef<MediaStreamTrack | null>(null);

  // A new stream (another device) keeps what was switched off.
  useEffect(() => {
    stream?.getAudioTracks().forEach((track) => (track.enabled = microphoneOn));
    stream?.getVideoTracks().forEach((track) => (track.enabled = cameraOn));
  }, [stream, microphoneOn, cameraOn]);

  const stopSharing = useCallback(() => {
    screen.current?.stop();
    screen.current = null;
    setSharing(false);
    const camera = stream?.getVideoTracks()[0];
    if (camera && stream) replaceTrack(camera, stream);
  }, [replaceTrack, stream]);

  const toggleSharing = useCallback(async () => {
    if (screen.current) {
      stopSharing();
      return;
    }
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const track = display.getVideoTracks()[0];
      if (!track || !stream) return;
      screen.current = track;
      // The browser's own 'Parar de compartilhar' ends the track.
      track.addEventListener('ended', stopSharing);
      replaceTrack(track, stream);
      setSharing(true);
    } catch {
      // Sharing was cancelled in the browser's dialog.
    }
  }, [replaceTrack, stopSharing, stream]);

  useEffect(() => () => screen.current?.stop(), []);

  return {
    microphoneOn,
    cameraOn,
    sharing,
    canShare: typeof navigator.mediaDevices?.getDisplayMedia === 'function',
    toggleMicrophone: () => setMicrophoneOn((on) => !on),
    toggleCamera: () => setCameraOn((on) => !on),
    toggleSharing,
  };
}
