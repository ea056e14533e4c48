// The live event as a member sees it: the host's stage or a viewer's, by who is looking. Loaded only
// for a member (pages/LiveEvent.tsx); a visitor reads the event's details and the login card.
import { Alert, Button, Center, Group, Loader, Modal, Text } from '@mantine/core';
import { type AccountView, type EventView, realtimeChannels } from '@samaj/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useRealtimeChannel } from '../../../lib/realtime';
import { useEvent, useSetLive } from '../api/events';
import { useEventOver } from '../format';
import { useLiveTransport } from '../live/transport';
import { useAutoHide } from '../live/useAutoHide';
import { useHostStream } from '../live/useHostStream';
import { useViewerStream } from '../live/useViewerStream';
import { CommonControls, HostControls } from './LiveControls';
import { LiveStage, StagePanel, type VideoFit } from './LiveStage';
import { WatchAgain } from './WatchAgain';

/** Words for a peer or camera error (docs/product/live-video.md, "Errors shown"), short and in Gujarati. */
export function usePeerErrorText() {
  const { t } = useTranslation('events');
  return (type: string) => t([`live.errors.${type}`, 'live.errors.default']);
}

/**
 * Whether the tab's previous entry is one of ours. React Router numbers its history entries from 0
 * in `history.state.idx` (a replace keeps the number); `history.length` also counts other sites'
 * pages and the browser's blank first page.
 */
function hasAppPageBehind(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** The stage's shared state (fit, fullscreen, auto-hide, close): `props` go to LiveStage as they are. */
function useStage(playing: boolean) {
  const navigate = useNavigate();
  const stageRef = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<VideoFit>('contain');
  const [fullscreen, setFullscreen] = useState(false);
  const { shown, wake } = useAutoHide(playing);
  useEffect(() => {
    const changed = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void stageRef.current?.requestFullscreen?.().catch(() => {});
  };
  // Back only to a page of this app: a member arriving from a link (WhatsApp, a notification, a
  // fresh tab) has none behind them, and going back would leave the app.
  const close = () => (hasAppPageBehind() ? navigate(-1) : navigate('/events', { replace: true }));
  const common = (
    <CommonControls
      fit={fit}
      onFit={() => setFit(fit === 'contain' ? 'cover' : 'contain')}
      fullscreen={fullscreen}
      onFullscreen={toggleFullscreen}
    />
  );
  return { props: { stageRef, fit, shown, onWake: wake, onClose: close }, common };
}

/** Peer-to-peer or SFU mode, with the member's ICE servers (live/transport.ts). */
const useLiveOptions = useLiveTransport;

function HostScreen({ event }: { event: EventView }) {
  const { t } = useTranslation('events');
  const errorText = usePeerErrorText();
  const { options, maxViewers } = useLiveOptions();
  const setLive = useSetLive(event.id);
  const host = useHostStream({
    eventId: event.id,
    options,
    maxViewers,
    setLive: setLive.mutateAsync,
  });
  const stage = useStage(host.phase === 'live');
  // Ending reaches everyone watching: ✕ and END ask first while live
  // (docs/product/live-video.md, "Going live and ending").
  const [confirming, setConfirming] = useState<'end' | 'leave' | null>(null);
  const ask = (what: 'end' | 'leave') => (host.phase === 'live' ? setConfirming(what) : null);
  const onClose = () => (host.phase === 'live' ? ask('leave') : stage.props.onClose());
  const confirmEnd = async () => {
    const leaving = confirming === 'leave';
    setConfirming(null);
    await host.end();
    if (leaving) stage.props.onClose();
  };
  const retry = async () => {
    if (host.phase === 'live') await host.end();
    await host.start();
  };
  let center: ReactNode = null;
  if (host.error) {
    center = (
      <StagePanel
        title={errorText(host.error)}
        action={
          <Button color="red" onClick={retry}>
            {t('live.retry')}
          </Button>
        }
      />
    );
  } else if (host.phase === 'starting') {
    center = <StagePanel icon={<Loader color="white" mb="sm" />} title={t('live.starting')} />;
  } else if (host.phase === 'ended') {
    center = (
      <StagePanel
        title={t('live.ended.title')}
        message={t('live.ended.hostMessage')}
        action={event.replay ? <WatchAgain event={event} /> : undefined}
      />
    );
  } else if (host.phase === 'idle' && event.liveEndedAt && !event.live) {
    center = (
      <StagePanel
        title={t('live.ended.title')}
        message={t('live.ended.hostMessage')}
        action={event.replay ? <WatchAgain event={event} /> : undefined}
      />
    );
  } else if (host.phase === 'idle') {
    center = <StagePanel title={t('live.host.title')} message={t('live.host.message')} />;
  }
  return (
    <LiveStage
      event={event}
      {...stage.props}
      onClose={onClose}
      viewers={host.phase === 'live' ? host.viewers : null}
      stream={host.stream}
      muted
      center={center}
      controls={
        <>
          <HostControls host={host} ready={options !== null} onEnd={() => ask('end')} />
          {stage.common}
        </>
      }
    >
      {/* Mounted only when asking, so its portal finds the stage: drawn inside it, above it, and
          seen in fullscreen too. */}
      {confirming && (
        <Modal
          opened
          onClose={() => setConfirming(null)}
          title={t('live.confirmEnd.title')}
          centered
          portalProps={{ target: stage.props.stageRef.current ?? undefined }}
          zIndex={400}
          // The stage's white text is not the dialog's.
          styles={{ content: { color: 'var(--mantine-color-text)' } }}
        >
          <Text size="sm">{t('live.confirmEnd.message')}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setConfirming(null)} data-autofocus>
              {t('live.confirmEnd.keep')}
            </Button>
            <Button color="red" onClick={() => void confirmEnd()}>
              {t('live.confirmEnd.end')}
            </Button>
          </Group>
        </Modal>
      )}
    </LiveStage>
  );
}

function ViewerScreen({ event }: { event: EventView }) {
  const { t } = useTranslation('events');
  const errorText = usePeerErrorText();
  const { options } = useLiveOptions();
  const viewer = useViewerStream(event.id, event.live, options);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const stage = useStage(viewer.phase === 'playing');
  // A past event that never streamed: the details below say 'Ended', nothing asks to wait.
  const over = useEventOver()(event);
  let center: ReactNode = null;
  if (viewer.phase === 'ended' || (viewer.phase === 'waiting' && event.liveEndedAt)) {
    // Also for a member arriving after the stream: the server remembers that it ran
    // (docs/product/live-video.md, "What each member sees").
    center = (
      <StagePanel
        title={t('live.ended.title')}
        message={t('live.ended.message')}
        action={event.replay ? <WatchAgain event={event} /> : undefined}
      />
    );
  } else if (viewer.phase === 'waiting' && !over) {
    center = (
      <StagePanel
        icon={<IconClockHour4 size={40} aria-hidden />}
        title={t('live.notStartedTitle')}
        message={t('live.notStarted')}
      />
    );
  } else if (viewer.phase === 'full') {
    center = (
      <StagePanel
        title={t('live.full.title')}
        message={t('live.full.message')}
        action={<Button onClick={viewer.retry}>{t('live.retry')}</Button>}
      />
    );
  } else if (viewer.error) {
    center = (
      <StagePanel
        title={errorText(viewer.error)}
        message={t('live.retrying')}
        action={<Button onClick={viewer.retry}>{t('live.retry')}</Button>}
      />
    );
  } else if (viewer.phase === 'connecting' || viewer.phase === 'reconnecting') {
    center = (
      <StagePanel
        icon={<Loader color="white" mb="sm" />}
        title={viewer.phase === 'connecting' ? t('live.connecting') : t('live.reconnecting')}
      />
    );
  } else if (soundBlocked) {
    center = (
      <Button variant="white" color="dark" onClick={() => setSoundBlocked(false)}>
        {t('live.unmute')}
      </Button>
    );
  }
  return (
    <LiveStage
      event={event}
      {...stage.props}
      viewers={event.live && viewer.phase === 'playing' ? viewer.viewers : null}
      stream={viewer.stream}
      muted={soundBlocked}
      onSoundBlocked={() => setSoundBlocked(true)}
      center={center}
      controls={stage.common}
    />
  );
}

export default function EventScreen({ id, me }: { id: string; me: AccountView }) {
  const { t } = useTranslation('events');
  const query = useEvent(id);
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  // Any change to this event (live on or off, edits): fetch it again through the API.
  useRealtimeChannel(query.data ? realtimeChannels.event(query.data.id) : null, refresh, refresh);

  if (query.isPending) {
    return (
      <Center mih={240}>
        <Loader aria-label={t('live.title')} />
      </Center>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.code === 404;
    return (
      <Alert
        color={missing ? 'gray' : 'red'}
        role="alert"
        title={missing ? t('live.notFound.title') : undefined}
      >
        {missing ? t('live.notFound.message') : t('list.error')}
      </Alert>
    );
  }
  const event = query.data;
  return event.host === me.id ? <HostScreen event={event} /> : <ViewerScreen event={event} />;
}
