import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { PUBLISHER_REASON_MAX, type PublisherRequestInput, publisherRequestSchema } from '@samaj/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../accounts/lib/messages';
import { useApply } from '../api/publisherRequest';

/**
 * The three required fields (SPEC §5). Submit is disabled while invalid or sending; success goes
 * back one page; a failure only ends the wait (SPEC §4), and the page then shows what the server
 * knows (e.g. an application sent from another tab).
 */
export function ApplicationForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useTranslation('publisher');
  const fieldError = useFieldError();
  const apply = useApply(userId);
  const [loading, setLoading] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<PublisherRequestInput>({
    resolver: zodResolver(publisherRequestSchema),
    mode: 'onTouched',
    defaultValues: { occupation: '', whatsapp: '', reason: '' },
  });
  const values = useWatch({ control });
  const valid = publisherRequestSchema.safeParse(values).success;
  const reasonLength = values.reason?.length ?? 0;

  const onSubmit = handleSubmit(async (input) => {
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
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('form.occupation')}
            placeholder={t('form.occupationPlaceholder')}
            required
            autoComplete="organization-title"
            error={fieldError(errors.occupation?.message)}
            {...register('occupation')}
          />
          <TextInput
            label={t('form.whatsapp')}
            placeholder={t('form.whatsappPlaceholder')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            error={fieldError(errors.whatsapp?.message)}
            {...register('whatsapp')}
          />
          <Stack gap={4}>
            <Textarea
              label={t('form.reason')}
              placeholder={t('form.reasonPlaceholder')}
              required
              autosize
              minRows={4}
              maxLength={PUBLISHER_REASON_MAX}
              error={fieldError(errors.reason?.message)}
              aria-describedby="publisher-reason-counter"
              {...register('reason')}
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
