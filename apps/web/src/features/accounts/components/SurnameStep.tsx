import { Alert, Button, Radio, ScrollArea, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSurnameOptions } from '../api/useSurnameOptions';

interface SurnameStepProps {
  value: string;
  onChange: (surname: string) => void;
  error?: string;
}

/** Step 1: the member's surname, from every surname in the directory (labelled in Gujarati). */
export function SurnameStep({ value, onChange, error }: SurnameStepProps) {
  const { t } = useTranslation('accounts');
  const surnames = useSurnameOptions();
  if (surnames.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={24} width={`${60 - i * 6}%`} />
        ))}
      </Stack>
    );
  }
  if (surnames.isError) {
    return (
      <Alert color="red" role="alert" variant="light">
        {t('signupPage.surnamesFailed')}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void surnames.refetch()}>
          {t('signupPage.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <Radio.Group value={value} onChange={onChange} label={t('signupPage.pickSurname')} error={error} required>
      <ScrollArea.Autosize mah="50vh" type="auto" mt="xs" offsetScrollbars>
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="sm" p={2}>
          {surnames.data.map((s) => (
            <Radio key={s.name} value={s.name} label={s.name_guj} />
          ))}
        </SimpleGrid>
      </ScrollArea.Autosize>
    </Radio.Group>
  );
}
