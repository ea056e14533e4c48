import {
  Alert,
  Button,
  CloseButton,
  Radio,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { filterSurnames } from '@samaj/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeepTyped } from '../../../lib/keepTyped';
import { useSurnameOptions } from '../api/useSurnameOptions';

interface SurnameStepProps {
  value: string;
  onChange: (surname: string) => void;
  error?: string;
}

/**
 * Step 1: the member's surname, from every surname in the directory (labelled in Gujarati), with the
 * directory's search (Latin, Gujarati or pronunciation; core filterSurnames) and its order.
 */
export function SurnameStep({ value, onChange, error }: SurnameStepProps) {
  const { t } = useTranslation('accounts');
  const surnames = useSurnameOptions();
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  useKeepTyped(search, setQuery);
  // Typing stays responsive on a slow phone: the list re-renders with the deferred value.
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => filterSurnames(surnames.data ?? [], deferred), [surnames.data, deferred]);
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
      <TextInput
        type="search"
        ref={search}
        mt="xs"
        aria-label={t('signupPage.searchSurname')}
        placeholder={t('signupPage.searchSurnamePlaceholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        rightSection={
          query ? (
            <CloseButton aria-label={t('signupPage.searchSurname')} onClick={() => setQuery('')} />
          ) : null
        }
      />
      <ScrollArea.Autosize mah="50vh" type="auto" mt="xs" offsetScrollbars>
        {shown.length === 0 ? (
          <Text c="dimmed" size="sm" role="status">
            {t('signupPage.noSurnameMatch', { query: deferred.trim() })}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="sm" p={2}>
            {shown.map((s) => (
              <Radio key={s.name} value={s.name} label={s.name_guj} />
            ))}
          </SimpleGrid>
        )}
      </ScrollArea.Autosize>
    </Radio.Group>
  );
}
