import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { SURNAME_DESCRIPTION_HINT, surnameSubmissionSchema } from '@samaj/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormField } from '../../../components/FormField';
import { useSubmitSurname } from '../api/submissions';
import { textToHtml } from '../lib/html';

type FormValues = z.input<typeof surnameSubmissionSchema>;

/**
 * docs/product/surnames.md, "Submitting details": gam, kuldevta and description for one surname. Submit stays
 * disabled while the form is invalid or nothing is filled in, a second submit while one runs is ignored,
 * success shows 'Submitted' and resets the form, a failure just re-enables the button.
 */
export function SubmissionForm({ surname }: { surname: string }) {
  const { t } = useTranslation('surnames');
  const submit = useSubmitSurname(surname);
  const running = useRef(false);
  const [submitted, setSubmitted] = useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(surnameSubmissionSchema),
    mode: 'onChange',
    defaultValues: { surname, gam: '', kuldevta: '', description: '' },
  });
  const { handleSubmit, reset, watch, formState } = form;
  // A new edit hides the last 'Submitted' note.
  const edited = () => setSubmitted(false);
  const values = watch();
  const filled = [values.gam, values.kuldevta, values.description].some((v) => (v ?? '').trim() !== '');
  const description = values.description ?? '';

  const onSubmit = handleSubmit(async (data) => {
    if (running.current) return;
    running.current = true;
    try {
      await submit.mutateAsync({
        gam: data.gam ?? '',
        kuldevta: data.kuldevta ?? '',
        description: textToHtml(data.description ?? ''),
      });
      reset({ surname, gam: '', kuldevta: '', description: '' });
      setSubmitted(true);
    } catch {
      // A failed submit only re-enables the button, without a message.
    } finally {
      running.current = false;
    }
  });

  const busy = submit.isPending;
  return (
    <Stack gap="sm">
      {submitted && (
        <Alert
          color="teal"
          icon={<IconCircleCheck aria-hidden />}
          title={t('update.submittedTitle')}
          role="status"
        >
          {t('update.submittedText')}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <FormField form={form} name="gam" label={t('update.gam')} onChange={edited} />
          <FormField form={form} name="kuldevta" label={t('update.kuldevta')} onChange={edited} />
          <FormField
            form={form}
            name="description"
            kind="textarea"
            onChange={edited}
            label={t('update.description')}
            placeholder={t('update.descriptionPlaceholder', { n: SURNAME_DESCRIPTION_HINT })}
            minRows={4}
            description={
              <Text span size="xs" c={description.length > SURNAME_DESCRIPTION_HINT ? 'orange.9' : 'dimmed'}>
                {t('update.counter', { n: description.length, max: SURNAME_DESCRIPTION_HINT })}
              </Text>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Button
            type="submit"
            disabled={!filled || !formState.isValid || busy}
            loading={busy}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('update.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
