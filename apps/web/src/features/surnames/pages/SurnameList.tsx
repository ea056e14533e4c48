import { CloseButton, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { filterSurnames, type SurnameView } from '@samaj/core';
import { IconSearch } from '@tabler/icons-react';
import { Suspense, startTransition, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { PageMeta } from '../../../lib/head';
import { useHydrated } from '../../../lib/hydrated';
import { useKeepTyped } from '../../../lib/keepTyped';
import { useSurnames } from '../api/useSurnames';
import { ShareButton } from '../components/ShareButton';
import { SurnameCard, SurnameCardSkeleton } from '../components/SurnameCard';

/** Four empty placeholder cards while loading (docs/product/surnames.md, "Surname list"). */
const PLACEHOLDER_KEYS = ['a', 'b', 'c', 'd'];
/** More than a phone or a desktop screen shows: these render first, the rest right after. */
const FIRST_CARDS = 12;
/**
 * Then this many more at a time, each batch its own transition and commit: a commit is one task, and
 * committing the other 88 cards at once held a slow phone's main thread for over 100 ms (Lighthouse's
 * 4× CPU); 24 cards stay under 50 ms, so a tap is answered between batches.
 */
const NEXT_CARDS = 24;

/**
 * Opened in the browser, the first screenful of cards at once, the rest in transitions that React
 * renders in slices, so a slow phone paints the page sooner and never blocks input for long while the
 * hundred cards follow. Drawn by the server, every card is in its HTML (a reader, and a search engine,
 * has the whole directory before any script runs): the browser then hydrates them as they are, a batch
 * per Suspense boundary (`CardBatches`), each its own piece of work.
 */
function useProgressive<T>(items: T[]): T[] {
  const hydrated = useHydrated();
  const [count, setCount] = useState(hydrated ? FIRST_CARDS : Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (items.length > count) startTransition(() => setCount((n) => n + NEXT_CARDS));
  }, [items.length, count]);
  return items.length > count ? items.slice(0, count) : items;
}

/**
 * The cards in batches, each under a Suspense boundary of its own: React hydrates a server-drawn
 * boundary as a unit of its own, yielding to the browser (a tap, a scroll) between them, instead of the
 * whole directory in one piece. Nothing here suspends in the browser.
 */
function CardBatches({ surnames }: { surnames: SurnameView[] }) {
  const batches: Array<{ key: string; batch: SurnameView[] }> = [];
  for (let start = 0; start < surnames.length; ) {
    const size = start === 0 ? FIRST_CARDS : NEXT_CARDS;
    // Keyed by place: a search refills the same boundaries rather than making new ones.
    batches.push({ key: `from-${start}`, batch: surnames.slice(start, start + size) });
    start += size;
  }
  return batches.map(({ key, batch }) => (
    <Suspense key={key} fallback={null}>
      {batch.map((surname) => (
        <SurnameCard key={surname.id} surname={surname} />
      ))}
    </Suspense>
  ));
}

export default function SurnameList() {
  const { t } = useTranslation('surnames');
  const { data: answer, isPending, isError, refetch } = useSurnames();
  // The cards are drawn in a render React can interrupt (a deferred value renders as a transition):
  // drawn as the answer arrived, the first twelve held a slow phone's main thread ~170 ms in one piece.
  const data = useDeferredValue(answer);
  const loading = isPending || (answer !== undefined && data === undefined);
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  useKeepTyped(search, setQuery);
  // Typing stays responsive on slow phones: the grid re-renders with the deferred value.
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => (data ? filterSurnames(data, deferred) : []), [data, deferred]);
  const rendered = useProgressive(shown);

  return (
    <Stack gap="md">
      <PageMeta title={t('list.title')} description={t('list.description')} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1}>{t('list.title')}</Title>
        <ShareButton path="/surnames" title={t('share.listTitle')} text={t('share.listText')} />
      </Group>
      <Text c="dimmed">{t('list.intro')}</Text>
      <TextInput
        type="search"
        ref={search}
        aria-label={t('list.searchLabel')}
        placeholder={t('list.searchPlaceholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={
          query ? <CloseButton aria-label={t('list.searchLabel')} onClick={() => setQuery('')} /> : null
        }
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        disabled={loading}
      />
      {loading && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t('list.loading')}>
          {PLACEHOLDER_KEYS.map((key) => (
            <SurnameCardSkeleton key={key} />
          ))}
        </SimpleGrid>
      )}
      {isError && <LoadError message={t('list.loadError')} onRetry={refetch} />}
      {data && (
        <>
          {deferred.trim() !== '' && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('list.count', { shown: shown.length, total: data.length })}
            </Text>
          )}
          {shown.length === 0 && deferred.trim() !== '' ? (
            <Text>{t('list.noResults', { query: deferred.trim() })}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="surname-grid">
              <CardBatches surnames={rendered} />
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}
