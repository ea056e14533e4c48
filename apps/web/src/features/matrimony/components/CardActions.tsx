// A card's actions on another profile, the same wherever the profile shows (a list's card, the full
// profile page): Shortlist / Shortlisted, Request Full Profile / Request Sent (or the owner's answer),
// and the contact once they accept. Failures are said in a notification; the card stays as it was.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MatrimonyContact, ProfileCard, RequestState } from '@samaj/core';
import {
  IconCheck,
  IconHeart,
  IconHeartFilled,
  IconLock,
  IconLockOpen,
  IconPhone,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/errors';
import { useFullProfileRequest, useShortlist } from '../api/matrimony';

export function useFailed() {
  const { t } = useTranslation('matrimony');
  const explain = useErrorMessage();
  return (error: Error) =>
    notifications.show({ message: t('card.failed', { message: explain(error) }), color: 'red' });
}

export function ShortlistButton({ card }: { card: Pick<ProfileCard, 'id' | 'firstName' | 'shortlisted'> }) {
  const { t } = useTranslation('matrimony');
  const shortlist = useShortlist();
  const onError = useFailed();
  const on = card.shortlisted;
  return (
    <Button
      variant={on ? 'filled' : 'light'}
      color="pink"
      leftSection={on ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
      aria-pressed={on}
      loading={shortlist.isPending}
      onClick={() =>
        shortlist.mutate(
          { profile: card.id, on: !on },
          {
            onError,
            // The member who completes a match is told at once; the other sees it on Matches.
            onSuccess: (result) => {
              if (result?.matched)
                notifications.show({ message: t('card.matched', { name: card.firstName }), color: 'pink' });
            },
          },
        )
      }
    >
      {on ? t('card.shortlisted') : t('card.shortlist')}
    </Button>
  );
}

/** Request Full Profile / Request Sent; once the owner answered, their answer (not a toggle). */
export function RequestButton({ profile, request }: { profile: string; request: 'none' | RequestState }) {
  const { t } = useTranslation('matrimony');
  const mutation = useFullProfileRequest();
  const onError = useFailed();
  const sent = request !== 'none';
  if (request === 'accepted' || request === 'declined' || request === 'revoked') {
    const label = {
      accepted: t('card.requestAcceptedButton'),
      declined: t('card.requestDeclinedButton'),
      revoked: t('card.requestRevokedButton'),
    }[request];
    return (
      <Button
        variant="light"
        color={request === 'accepted' ? 'teal' : 'gray'}
        leftSection={request === 'accepted' ? <IconCheck size={18} aria-hidden /> : undefined}
        disabled
      >
        {label}
      </Button>
    );
  }
  return (
    <Button
      variant={sent ? 'default' : 'filled'}
      leftSection={sent ? <IconLock size={18} aria-hidden /> : <IconLockOpen size={18} aria-hidden />}
      aria-pressed={sent}
      loading={mutation.isPending}
      onClick={() => mutation.mutate({ profile, on: !sent }, { onError })}
    >
      {sent ? t('card.requestSent') : t('card.request')}
    </Button>
  );
}

/** What the state of my request means, under the buttons. */
export function RequestNote({ request }: { request: 'none' | RequestState }) {
  const { t } = useTranslation('matrimony');
  const note = {
    none: null,
    accepted: null,
    pending: t('card.requestPending'),
    revoked: t('card.requestRevoked'),
    declined: t('card.requestDeclined'),
  }[request];
  if (!note) return null;
  return (
    <Text size="sm" c="dimmed">
      {note}
    </Text>
  );
}

/** Phone and address, sent by the server only while the owner's acceptance stands. */
export function ContactAlert({ contact }: { contact: MatrimonyContact }) {
  const { t } = useTranslation('matrimony');
  return (
    <Alert color="teal" variant="light" title={t('card.requestAccepted')} icon={<IconPhone size={18} />}>
      <Stack gap={2}>
        <Text size="sm">
          <Text span fw={600}>
            {t('card.phone')}:{' '}
          </Text>
          <a href={`tel:${contact.number.replace(/\s/g, '')}`}>{contact.number}</a>
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          <Text span fw={600}>
            {t('card.address')}:{' '}
          </Text>
          {contact.address}
        </Text>
      </Stack>
    </Alert>
  );
}
