import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Who can help a member who cannot get in: the operator's CONTACT_PHONE / CONTACT_EMAIL. */
export function StaffContact({ phone, email }: { phone: string | null; email: string | null }) {
  const { t } = useTranslation('accounts');
  return (
    <Stack gap={4}>
      {phone && (
        <Text>
          {t('recovery.phone')}: <Anchor href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</Anchor>
        </Text>
      )}
      {email && (
        <Text>
          {t('recovery.email')}: <Anchor href={`mailto:${email}`}>{email}</Anchor>
        </Text>
      )}
      {!phone && !email && <Text c="dimmed">{t('recovery.noContact')}</Text>}
    </Stack>
  );
}
