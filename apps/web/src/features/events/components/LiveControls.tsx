import { ActionIcon, Button, Tooltip } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconCamera,
  IconCameraOff,
  IconCameraRotate,
  IconMicrophone,
  IconMicrophoneOff,
  IconPlayerPlayFilled,
  IconPlayerStopFilled,
  IconViewportNarrow,
  IconViewportWide,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostStream } from '../live/useHostStream';
import type { VideoFit } from './LiveStage';

function Control({
  label,
  onClick,
  children,
  active = true,
}: {
  label: string;
  onClick(): void;
  children: ReactNode;
  active?: boolean;
}) {
  return (
    <Tooltip label={label} withinPortal={false}>
      <ActionIcon
        size={48}
        radius="xl"
        variant="filled"
        color={active ? 'dark' : 'gray'}
        onClick={onClick}
        aria-label={label}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * Start, END, camera, microphone and switch camera: the host's only
 * (docs/product/live-video.md, "Live screen").
 */
export function HostControls({
  host,
  ready,
  onEnd,
}: {
  host: HostStream;
  ready: boolean;
  /** END: the screen asks before ending the stream for everyone. */
  onEnd(): void;
}) {
  const { t } = useTranslation('events');
  if (host.phase !== 'live') {
    return (
      <Button
        size="lg"
        radius="xl"
        color="red"
        leftSection={<IconPlayerPlayFilled size={18} aria-hidden />}
        onClick={() => void host.start()}
        loading={host.phase === 'starting'}
        disabled={!ready}
      >
        {t('live.start')}
      </Button>
    );
  }
  return (
    <>
      <Control
        label={host.video ? t('live.cameraOff') : t('live.cameraOn')}
        onClick={host.toggleVideo}
        active={host.video}
      >
        {host.video ? <IconCamera aria-hidden /> : <IconCameraOff aria-hidden />}
      </Control>
      <Control
        label={host.audio ? t('live.micOff') : t('live.micOn')}
        onClick={host.toggleAudio}
        active={host.audio}
      >
        {host.audio ? <IconMicrophone aria-hidden /> : <IconMicrophoneOff aria-hidden />}
      </Control>
      <Control label={t('live.switchCamera')} onClick={() => void host.switchCamera()}>
        <IconCameraRotate aria-hidden />
      </Control>
      <Button
        size="md"
        radius="xl"
        color="red"
        px="sm"
        leftSection={<IconPlayerStopFilled size={16} aria-hidden />}
        onClick={onEnd}
      >
        {t('live.end')}
      </Button>
    </>
  );
}

/** Contain/cover and fullscreen: everyone's. */
export function CommonControls({
  fit,
  onFit,
  fullscreen,
  onFullscreen,
}: {
  fit: VideoFit;
  onFit(): void;
  fullscreen: boolean;
  onFullscreen(): void;
}) {
  const { t } = useTranslation('events');
  return (
    <>
      <Control label={fit === 'contain' ? t('live.fitCover') : t('live.fitContain')} onClick={onFit}>
        {fit === 'contain' ? <IconViewportWide aria-hidden /> : <IconViewportNarrow aria-hidden />}
      </Control>
      <Control label={fullscreen ? t('live.exitFullscreen') : t('live.fullscreen')} onClick={onFullscreen}>
        {fullscreen ? <IconArrowsMinimize aria-hidden /> : <IconArrowsMaximize aria-hidden />}
      </Control>
    </>
  );
}
