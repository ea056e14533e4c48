// docs/product/matrimony.md, "Profile status": requested, banned and inactive each have their own screen;
// the title is the spec's English, the explanation is in the member's language.
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { type MyProfile, matrimonyStatusDisplay, STATUS_PALETTE } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { useErrorMessage } from '../../../lib/errors';
import { useSetStatus } from '../api/matrimony';

export function StatusView({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation('matrimony');
  const display = matrimonyStatusDisplay(profile.status);
  const activate = useSetStatus();
  const explain = useErrorMessage();
  if (!display.label) return null;
  // Core's palette: each status's words pass WCAG AA on white (Mantine's yellow.8 was 2.2:1).
  const shade = STATUS_PALETTE[display.color ?? 'neutral'];
  return (
    <Card withBorder radius="md" padding="lg" style={{ borderColor: shade.border }}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" c={shade.text}>
          {display.label}
        </Title>
        {profile.status === 'requested' && (
          <>
            <Text>{t('status.requested.text')}</Text>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('status.requested.phone')}
              </Text>
              <Text size="xl" fw={700} data-testid="verification-phone">
                {profile.number}
              </Text>
            </Stack>
          </>
        )}
        {profile.status === 'banned' && (
          <>
            <Text>{t('status.banned.text')}</Text>
            {profile.banReason && (
              <Alert color="red" variant="light" w="100%">
                {t('status.banned.reason', { reason: profile.banReason })}
              </Alert>
            )}
          </>
        )}
        {profile.status === 'inactive' && (
          <>
            <Text>{t('status.inactive.text')}</Text>
            <FormError message={activate.isError ? explain(activate.error) : null} />
            <Button loading={activate.isPending} onClick={() => activate.mutate('active')}>
              {t('status.inactive.activate')}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
