// Staff: the matrimony verification queue (docs/product/matrimony.md, "Verification"). Requested profiles
// oldest first with the phone number to call; the other statuses are a switch away (banned, to unban).
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { MATRIMONY_STATUSES, type MatrimonyStatus } from '@samaj/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/PagedList';
import { useStaffProfiles } from '../api/staff';
import { StaffProfileCard } from './StaffProfileCard';

export default function MatrimonyVerification() {
  const { t } = useTranslation('matrimony');
  const [status, setStatus] = useState<MatrimonyStatus>('requested');
  const query = useStaffProfiles(status);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('admin.intro')}
      </Text>
      <SegmentedControl
        aria-label={t('admin.statusLabel')}
        value={status}
        onChange={(value) => setStatus(value as MatrimonyStatus)}
        data={MATRIMONY_STATUSES.map((s) => ({ value: s, label: t(`admin.statuses.${s}`) }))}
        fullWidth
      />
      <PagedList query={query} empty={status === 'requested' ? t('admin.empty') : t('admin.emptyOther')}>
        {(profile) => <StaffProfileCard key={`${profile.id}-${profile.status}`} profile={profile} />}
      </PagedList>
    </Stack>
  );
}
