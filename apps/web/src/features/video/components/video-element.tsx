import { useEffect, useRef } from 'react';

interface VideoElementProps {
  stream: MediaStream | null;
  label: string;
  /** The participant's own picture: no sound (no echo) and mirrored, as in a mirror. */
  isSelf?: boolean;
}

/** A `<video>` playing a stream, named for screen readers. */
export function VideoElement({ stream, label, isSelf = false }: VideoElementProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      aria-label={label}
      autoPlay
      playsInline
      muted={isSelf}
      style={{ width: '100%', height: '100%', objectFit: 'cover', background: '#1a1b1e', borderRadius: 8, transform: isSelf ? 'scaleX(-1)' : undefined }}
    />
  );
}
