// One matrimony profile as staff verify it: everything, with the phone number to call, and the
// decisions its status allows (approve a requested profile, ban with a reason, unban).
import { Anchor, Badge, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MODERATION_REASON_MAX, type StaffProfile } from '@samaj/core';
import { IconPhone } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GrowingTextarea } from '../../../components/GrowingTextarea';
import {
  APPROVE_COLOR,
  type QueueAction,
  QueueActions,
  QueueCard,
  usePendingDecision,
} from '../../../components/QueueCard';
import { RelativeTime } from '../../../components/RelativeTime';
import { useErrorMessage } from '../../../lib/errors';
import { useDecideProfile } from '../api/staff';

const STATUS_COLORS = { requested: 'yellow', active: 'green', banned: 'red', inactive: 'gray' } as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function StaffProfileCard({ profile, extra }: { profile: StaffProfile; extra?: ReactNode }) {
  const { t } = useTranslation('matrimony');
  const decide = useDecideProfile();
  const explain = useErrorMessage();
  const [banning, setBanning] = useState(false);
  const [reason, setReason] = useState('');
  const name = profile.user.name || profile.name;
  const [reasonMissing, setReasonMissing] = useState(false);
  const { pending, send } = usePendingDecision<'approve' | 'ban' | 'unban'>((decision, { onSettled }) =>
    decide.mutate(
      decision === 'ban' ? { id: profile.id, decision, reason: reason.trim() } : { id: profile.id, decision },
      {
        onSettled,
        onSuccess: () => notifications.show({ message: t('admin.done'), color: 'teal' }),
        onError: (error) =>
          notifications.show({ message: t('admin.failed', { message: explain(error) }), color: 'red' }),
      },
    ),
  );
  const actions: QueueAction[] = banning
    ? [
        {
          key: 'ban',
          label: t('admin.banConfirm'),
          color: 'red',
          onClick: () => (reason.trim() ? send('ban') : setReasonMissing(true)),
        },
        { key: 'cancel', label: t('admin.cancel'), variant: 'default', onClick: () => setBanning(false) },
      ]
    : [
        ...(profile.status === 'requested'
          ? [
              {
                key: 'approve',
                label: t('admin.approve'),
                color: APPROVE_COLOR,
                onClick: () => send('approve'),
              },
            ]
          : []),
        profile.status === 'banned'
          ? { key: 'unban', label: t('admin.unban'), variant: 'light', onClick: () => send('unban') }
          : {
              key: 'banning',
              label: t('admin.ban'),
              color: 'red',
              variant: 'light',
              onClick: () => setBanning(true),
            },
      ];
  const physical = [
    profile.height ? `${profile.height} cm` : null,
    profile.weight ? `${profile.weight} kg` : null,
    profile.complexion,
    profile.eye_color,
    profile.hair_color,
    profile.blood_group,
    profile.disability,
  ].filter(Boolean);
  return (
    <QueueCard label={t('admin.cardLabel', { name })}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {profile.photo && <Image src={profile.photo} alt="" w={72} h={90} radius="sm" fit="cover" />}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/profile/${encodeURIComponent(profile.user.id)}`} fw={600}>
            {name}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            @{profile.user.id} · <RelativeTime exact inherit date={profile.createdAt} />
          </Text>
          <Text size="sm">
            {t(`genders.${profile.gender}`)} · {t('card.age', { age: profile.age })} · {profile.dob}
          </Text>
          <Group gap={4}>
            <Badge color={STATUS_COLORS[profile.status]} variant="light">
              {t(`admin.statuses.${profile.status}`)}
            </Badge>
            {profile.openReports > 0 && (
              <Badge color="red" variant="outline">
                {t('admin.openReports', { count: profile.openReports })}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <IconPhone size={18} aria-hidden />
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('admin.phone')}
          </Text>
          <Anchor href={`tel:${profile.number.replace(/\s/g, '')}`} fw={700} size="lg">
            {profile.number}
          </Anchor>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Field label={t('form.contact.education')}>{profile.education}</Field>
        <Field label={t('form.contact.career')}>{profile.career}</Field>
        <Field label={t('admin.address')}>{profile.address}</Field>
        {profile.gotra && <Field label={t('biodata.gotra')}>{profile.gotra}</Field>}
        {physical.length > 0 && <Field label={t('form.attributes.title')}>{physical.join(' · ')}</Field>}
      </SimpleGrid>
      <Field label={t('form.basic.about')}>{profile.description}</Field>
      <Field label={t('form.attributes.expectationTitle')}>{profile.expectation}</Field>
      {profile.status === 'banned' && profile.banReason && (
        <Text size="sm" c="red.8">
          {t('admin.banned', { reason: profile.banReason })}
        </Text>
      )}
      {extra}
      {banning && (
        <GrowingTextarea
          label={t('admin.banReason')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setReasonMissing(false);
          }}
          error={reasonMissing ? t('admin.banReasonMissing') : undefined}
          maxLength={MODERATION_REASON_MAX}
          minRows={2}
          required
          data-autofocus
        />
      )}
      <QueueActions actions={actions} pending={pending} busy={decide.isPending} />
    </QueueCard>
  );
}
