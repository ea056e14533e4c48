import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import type { PublisherRequestView } from '@samaj/core';
import { IconCircleCheck, IconClock, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const LOOK = {
  pending: { color: 'yellow', Icon: IconClock },
  approved: { color: 'green', Icon: IconCircleCheck },
  rejected: { color: 'red', Icon: IconX },
} as const;

/** Where the member's application stands, with what they sent; a rejected one may be sent again. */
export function ApplicationStatus({
  application,
  isPublisher,
  onApplyAgain,
}: {
  application: PublisherRequestView;
  isPublisher: boolean;
  onApplyAgain: () => void;
}) {
  const { t } = useTranslation('publisher');
  const status = isPublisher ? 'approved' : application.status;
  const { color, Icon } = LOOK[status];
  return (
    <Stack gap="md">
      <Alert
        color={color}
        variant="light"
        icon={<Icon size={20} />}
        title={t(`status.${status}.title`)}
        role="status"
      >
        {t(`status.${status}.message`)}
      </Alert>
      <Card padding="lg">
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {t('status.sent')}
          </Text>
          <Detail label={t('form.occupation')} value={application.occupation} />
          <Detail label={t('form.whatsapp')} value={application.whatsapp} />
          <Detail label={t('form.reason')} value={application.reason} />
        </Stack>
      </Card>
      {status === 'rejected' && (
        <Button variant="light" onClick={onApplyAgain} style={{ alignSelf: 'flex-start' }}>
          {t('status.applyAgain')}
        </Button>
      )}
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</Text>
    </Stack>
  );
}
