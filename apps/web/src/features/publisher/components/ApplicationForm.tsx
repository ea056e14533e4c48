import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Stack, Text } from '@mantine/core';
import {
  keptLength,
  PUBLISHER_REASON_MAX,
  type PublisherRequestInput,
  publisherRequestSchema,
} from '@samaj/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { useApply } from '../api/publisherRequest';

/**
 * The three required fields (docs/product/publisher.md, "Application page"). Submit is disabled while invalid
 * or sending; success goes back one page; a failure only ends the wait, and the page then shows what the
 * server knows (e.g. an application sent from another tab).
 */
export function ApplicationForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useTranslation('publisher');
  const apply = useApply(userId);
  const [loading, setLoading] = useState(false);
  const form = useForm<PublisherRequestInput>({
    resolver: zodResolver(publisherRequestSchema),
    mode: 'onTouched',
    defaultValues: { occupation: '', whatsapp: '', reason: '' },
  });
  const values = useWatch({ control: form.control });
  const valid = publisherRequestSchema.safeParse(values).success;
  // Counted as the server counts (core keptLength): an emoji is one.
  const reasonLength = keptLength(values.reason ?? '');

  const onSubmit = form.handleSubmit(async (input) => {
    if (loading) return;
    setLoading(true);
    try {
      await apply.mutateAsync(input);
      onDone();
    } catch {
      setLoading(false);
    }
  });

  return (
    <Card padding="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormField
            form={form}
            name="occupation"
            label={t('form.occupation')}
            placeholder={t('form.occupationPlaceholder')}
            required
            autoComplete="organization-title"
          />
          <FormField
            form={form}
            name="whatsapp"
            label={t('form.whatsapp')}
            placeholder={t('form.whatsappPlaceholder')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
          />
          <Stack gap={4}>
            <FormField
              form={form}
              name="reason"
              kind="textarea"
              label={t('form.reason')}
              placeholder={t('form.reasonPlaceholder')}
              required
              minRows={4}
              maxLength={PUBLISHER_REASON_MAX}
              aria-describedby="publisher-reason-counter"
            />
            <Text id="publisher-reason-counter" size="xs" c="dimmed" ta="right" aria-live="polite">
              {`${reasonLength} / ${PUBLISHER_REASON_MAX}`}
            </Text>
          </Stack>
          <Button type="submit" disabled={!valid || loading}>
            {loading ? t('form.wait') : t('form.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
