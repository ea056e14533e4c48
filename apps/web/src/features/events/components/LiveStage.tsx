import { ActionIcon, Avatar, Badge, Group, Text } from '@mantine/core';
import type { EventView } from '@samaj/core';
import { formatCount } from '@samaj/core';
import { IconEye, IconX } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { previewUrl } from '../../../lib/previewUrl';
import { useEventStart } from '../format';
import { useViewerCount, type ViewerCount } from '../live/viewerCount';
import { EventDetailsPanel } from './EventDetails';
import classes from './LiveStage.module.css';
import { StreamVideo } from './StreamVideo';

export type VideoFit = 'contain' | 'cover';

interface LiveStageProps {
  event: EventView;
  stageRef: RefObject<HTMLDivElement | null>;
  /** Header and controls shown (hidden after 5 s without mouse movement or click). */
  shown: boolean;
  onWake(): void;
  onClose(): void;
  /** The viewer count while live; null when not live. */
  viewers: ViewerCount | null;
  stream: MediaStream | null;
  /** The host hears nothing of their own microphone. */
  muted: boolean;
  fit: VideoFit;
  onSoundBlocked?: () => void;
  /** A message over the video (Not Started, connecting, full, ended, an error). */
  center?: ReactNode;
  controls: ReactNode;
  /** Anything else drawn on the stage (a host's confirmation, so that it shows in fullscreen too). */
  children?: ReactNode;
}

export function LiveStage({
  event,
  stageRef,
  shown,
  onWake,
  onClose,
  viewers,
  stream,
  muted,
  fit,
  onSoundBlocked,
  center,
  controls,
  children,
}: LiveStageProps) {
  const { t } = useTranslation('events');
  const start = useEventStart();
  const hide = shown ? '' : ` ${classes.hidden}`;
  // Any movement, click, touch or key brings the header and controls back.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const kinds = ['mousemove', 'click', 'touchstart', 'keydown'] as const;
    for (const kind of kinds) stage.addEventListener(kind, onWake, { passive: true });
    return () => {
      for (const kind of kinds) stage.removeEventListener(kind, onWake);
    };
  }, [stageRef, onWake]);
  return (
    <div ref={stageRef} className={classes.stage} data-idle={!shown}>
      <img className={classes.thumbnail} src={previewUrl(event.thumbnail, 490)} alt="" />
      {stream && <StreamVideo stream={stream} muted className={classes.backdrop} />}
      {stream && (
        <StreamVideo
          stream={stream}
          muted={muted}
          className={classes.video}
          style={{ objectFit: fit }}
          label={t('live.video')}
          onSoundBlocked={onSoundBlocked}
        />
      )}
      <header className={classes.header + hide} aria-hidden={!shown}>
        <Avatar src={previewUrl(event.thumbnail, 100)} alt="" size={44} radius="md" />
        <div className={classes.title}>
          <Text component="h1" fw={700} size="lg" lineClamp={1} c="white">
            {event.name}
          </Text>
          <Text size="sm" c="gray.4" lineClamp={2}>
            {start(event.time)}
            {event.location ? ` · ${event.location}` : ''}
          </Text>
        </div>
        <ActionIcon
          variant="filled"
          color="dark"
          radius="xl"
          size="xl"
          onClick={onClose}
          aria-label={t('live.close')}
          tabIndex={shown ? 0 : -1}
        >
          <IconX aria-hidden />
        </ActionIcon>
      </header>
      {viewers !== null && <LiveBadge viewers={viewers} />}
      {(center || !stream) && (
        <div className={classes.center}>
          <div className={classes.column}>
            {center}
            {/* With nothing to watch, what the event is: when, where, about, who comes. */}
            {!stream && <EventDetailsPanel event={event} />}
          </div>
        </div>
      )}
      <div className={classes.controls + hide} aria-hidden={!shown} inert={!shown}>
        {controls}
      </div>
      {children}
    </div>
  );
}

/**
 * `Live` and the viewer count (docs/product/live-video.md, "Live screen"): redrawn on its own whenever the
 * count changes.
 */
function LiveBadge({ viewers }: { viewers: ViewerCount }) {
  const { t } = useTranslation('events');
  const count = useViewerCount(viewers);
  return (
    <Group className={classes.badge} gap={6}>
      <Badge color="red" variant="filled" size="lg" radius="sm" tt="none">
        {t('live.badge')}
      </Badge>
      <Badge
        color="dark"
        variant="filled"
        size="lg"
        radius="sm"
        leftSection={<IconEye size={16} aria-hidden />}
        aria-label={t('live.viewers', { count })}
        data-testid="viewer-count"
      >
        {formatCount(count)}
      </Badge>
    </Group>
  );
}

/** The panel over the video for one state: a title, a line, and maybe a button. */
export function StagePanel({
  icon,
  title,
  message,
  action,
}: {
  icon?: ReactNode;
  title: string;
  message?: string;
  action?: ReactNode;
}) {
  return (
    <div className={classes.panel} role="status">
      {icon}
      <Text component="h2" fw={700} size="xl" c="white">
        {title}
      </Text>
      {message && (
        <Text c="gray.3" mt={6}>
          {message}
        </Text>
      )}
      {action && (
        <Group justify="center" mt="md">
          {action}
        </Group>
      )}
    </div>
  );
}
