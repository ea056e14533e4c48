// "Watch again" (docs/product/live-video.md, "Watch again"): on an ended event with a replay, a member plays
// the recorded stream in the browser's own video player (seekable: it asks the server for byte ranges). The
// event's manager (an Admin, the Publisher who created it) may delete the replay from the player.
import { ActionIcon, Alert, Button, Text } from '@mantine/core';
import type { EventView } from '@samaj/core';
import { IconPlayerPlay, IconTrash, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/errors';
import { replayUrl, useDeleteReplay } from '../api/events';
import classes from './WatchAgain.module.css';

/** The "Watch again" button; null when the event has no replay. */
export function WatchAgain({ event }: { event: EventView }) {
  const { t } = useTranslation('events');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!event.replay) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <Button
        ref={button}
        leftSection={<IconPlayerPlay size={18} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {t('replay.watchAgain')}
      </Button>
      {/* Drawn over the whole page (the stage's panel would hold a fixed layer inside itself). */}
      {open && createPortal(<ReplayPlayer event={event} onClose={close} />, document.body)}
    </>
  );
}

function ReplayPlayer({ event, onClose }: { event: EventView; onClose(): void }) {
  const { t } = useTranslation('events');
  const explain = useErrorMessage();
  const remove = useDeleteReplay(event.id);
  const [failed, setFailed] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  const onDelete = () => {
    if (window.confirm(t('replay.confirmDelete'))) remove.mutate();
  };
  const label = t('replay.label', { name: event.name });
  return (
    <div className={classes.player} role="dialog" aria-modal="true" aria-label={label}>
      <div className={classes.bar}>
        <Text fw={600} c="white" lineClamp={1} className={classes.title}>
          {event.name}
        </Text>
        {event.canManage && (
          <Button
            size="xs"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            loading={remove.isPending}
            onClick={onDelete}
          >
            {t('replay.delete')}
          </Button>
        )}
        <ActionIcon
          ref={closeButton}
          variant="filled"
          color="dark"
          size="lg"
          radius="xl"
          aria-label={t('replay.close')}
          onClick={onClose}
        >
          <IconX size={20} aria-hidden />
        </ActionIcon>
      </div>
      {(failed || remove.isError) && (
        <Alert color="red" role="alert" mx="sm" mb="sm">
          {remove.isError ? explain(remove.error) : t('replay.error')}
        </Alert>
      )}
      {/* biome-ignore lint/a11y/useMediaCaption: a recorded live stream has no captions to offer */}
      <video
        className={classes.video}
        src={replayUrl(event.id)}
        controls
        autoPlay
        playsInline
        preload="metadata"
        aria-label={label}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
