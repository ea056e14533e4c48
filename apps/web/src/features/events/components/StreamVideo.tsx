import { type CSSProperties, useEffect, useRef } from 'react';

interface StreamVideoProps {
  stream: MediaStream;
  muted: boolean;
  className: string;
  style?: CSSProperties;
  label?: string;
  /** Browsers refuse to start sound without a tap: we play muted and say so. */
  onSoundBlocked?: () => void;
}

/** A <video> showing a MediaStream; `srcObject` is set only when the stream changes. */
export function StreamVideo({ stream, muted, className, style, label, onSoundBlocked }: StreamVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const blocked = useRef(onSoundBlocked);
  blocked.current = onSoundBlocked;
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = muted;
    if (video.srcObject !== stream) video.srcObject = stream;
    video.play()?.catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !video.muted) {
        video.muted = true;
        blocked.current?.();
        void video.play()?.catch(() => {});
      }
    });
  }, [stream, muted]);
  return (
    <video
      ref={ref}
      className={className}
      style={style}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
