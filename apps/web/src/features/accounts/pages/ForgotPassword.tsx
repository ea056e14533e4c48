// "Forgot password?" (docs/product/accounts.md, "Password recovery by mail"): an email field, and always the
// same answer whether or not an account uses the address. A server without mail (no SMTP_URL) sends nobody a
// link: the page says the community's staff can help (they make a one-time link in the console) and how to
// reach them.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { type RecoveryRequestInput, recoveryRequestSchema } from '@samaj/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardSkeletons } from '../../../components/CardSkeletons';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { useErrorMessage } from '../../../lib/errors';
import { PageMeta } from '../../../lib/head';
import { usePublicConfig } from '../../../lib/publicConfig';
import { useRequestRecovery } from '../api/recovery';
import { StaffContact } from '../components/StaffContact';

export default function ForgotPassword() {
  const { t } = useTranslation('accounts');
  const { data: config, isError } = usePublicConfig();
  return (
    <Stack maw={420} w="100%" mx="auto" py="md">
      <PageMeta title={t('recovery.title')} description={t('recovery.description')} />
      <Title order={1}>{t('recovery.title')}</Title>
      {!config && !isError ? (
        <CardSkeletons count={1} />
      ) : config?.mailEnabled === false ? (
        <StaffHelp phone={config.contactPhone} email={config.contactEmail} />
      ) : (
        <RequestForm />
      )}
      <Text ta="center">
        <Anchor component={Link} to="/login">
          {t('recovery.backToLogin')}
        </Anchor>
      </Text>
    </Stack>
  );
}

function StaffHelp({ phone, email }: { phone: string | null; email: string | null }) {
  const { t } = useTranslation('accounts');
  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Text>{t('recovery.staffHelp')}</Text>
        <StaffContact phone={phone} email={email} />
      </Stack>
    </Card>
  );
}

function RequestForm() {
  const { t } = useTranslation('accounts');
  const request = useRequestRecovery();
  const explain = useErrorMessage('accounts:recovery.errors');
  const form = useForm<RecoveryRequestInput>({
    resolver: zodResolver(recoveryRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const values = useWatch({ control: form.control });
  const valid = recoveryRequestSchema.safeParse(values).success;

  const answer = request.data;
  if (answer && !answer.mailSent) {
    return <StaffHelp phone={answer.contactPhone} email={answer.contactEmail} />;
  }
  if (answer) {
    return (
      <Card padding="lg">
        <Stack gap="sm">
          <Alert color="green" variant="light" role="status">
            {t('recovery.sent')}
          </Alert>
          <Text size="sm" c="dimmed">
            {t('recovery.sentHint')}
          </Text>
          <Button variant="subtle" onClick={() => request.reset()}>
            {t('recovery.tryAnother')}
          </Button>
        </Stack>
      </Card>
    );
  }
  const onSubmit = form.handleSubmit(({ email }) => {
    if (!request.isPending) request.mutate(email);
  });
  return (
    <Card padding="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text>{t('recovery.intro')}</Text>
          <FormError message={request.error ? explain(request.error) : null} />
          <FormField form={form} name="email" label={t('loginPage.email')} kind="email" required />
          <Button type="submit" disabled={!valid || request.isPending} loading={request.isPending}>
            {t('recovery.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
