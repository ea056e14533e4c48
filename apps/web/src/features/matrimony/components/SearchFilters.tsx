// Filters on the suggestions, saved as the member's partner preferences
// (docs/product/matrimony.md, "Partner preferences and filters"): age and height ranges, native place (gam)
// or city, education or career, "with photo" only. The server applies the saved preferences to every
// suggestions page (same page size and paging); one tap clears them. A range whose minimum is above its
// maximum is the server's 400, shown under the field it names.
import { Badge, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PartnerPreferences, PartnerPreferencesInput } from '@samaj/core';
import { IconAdjustmentsHorizontal, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { useErrorMessage } from '../../../lib/errors';
import { useClearPreferences, usePreferences, useSavePreferences } from '../api/search';

interface Values {
  ageMin: string;
  ageMax: string;
  heightMin: string;
  heightMax: string;
  place: string;
  education: string;
  withPhoto: boolean;
}

const NUMBER_FIELDS = ['ageMin', 'ageMax', 'heightMin', 'heightMax'] as const;

const text = (value: number | string | null | undefined) => (value == null ? '' : String(value));

function valuesOf(saved: PartnerPreferences | null | undefined): Values {
  return {
    ageMin: text(saved?.ageMin),
    ageMax: text(saved?.ageMax),
    heightMin: text(saved?.heightMin),
    heightMax: text(saved?.heightMax),
    place: text(saved?.place),
    education: text(saved?.education),
    withPhoto: saved?.withPhoto ?? false,
  };
}

/** A number field as typed: blank is "not set"; anything else goes to the server to judge. */
const numberOf = (value: string): number | null => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : (trimmed as unknown as number);
};

function inputOf(values: Values): PartnerPreferencesInput {
  return {
    ageMin: numberOf(values.ageMin),
    ageMax: numberOf(values.ageMax),
    heightMin: numberOf(values.heightMin),
    heightMax: numberOf(values.heightMax),
    place: values.place.trim(),
    education: values.education.trim(),
    withPhoto: values.withPhoto,
  };
}

/** How many filters the saved preferences set (the button's count). */
function activeCount(saved: PartnerPreferences | null | undefined): number {
  if (!saved) return 0;
  return (
    Number([saved.ageMin, saved.ageMax].some((v) => v !== null)) +
    Number([saved.heightMin, saved.heightMax].some((v) => v !== null)) +
    Number(!!saved.place) +
    Number(!!saved.education) +
    Number(saved.withPhoto)
  );
}

export function SearchFilters() {
  const { t } = useTranslation('matrimony');
  const preferences = usePreferences();
  const clear = useClearPreferences();
  const explain = useErrorMessage();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const saved = preferences.data;
  const count = activeCount(saved);
  return (
    <Stack gap="xs">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Button
          variant={open ? 'filled' : 'light'}
          leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
          rightSection={
            count > 0 ? (
              <Badge size="sm" circle variant="white" data-testid="filters-count">
                {count}
              </Badge>
            ) : null
          }
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {t('search.button')}
        </Button>
        {saved && (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} aria-hidden />}
            loading={clear.isPending}
            onClick={() => clear.mutate(undefined, { onSuccess: () => setOpen(false) })}
          >
            {t('search.clear')}
          </Button>
        )}
      </Group>
      {saved && (
        <Text size="sm" c="dimmed" role="status">
          {t('search.applied')}
        </Text>
      )}
      <FormError message={clear.isError ? explain(clear.error) : null} />
      <div id={panelId}>
        {/* Mounted with the saved preferences, so the form starts from them. */}
        {open && !preferences.isPending && (
          <FilterForm key={saved?.updatedAt ?? 'none'} saved={saved} onDone={() => setOpen(false)} />
        )}
      </div>
    </Stack>
  );
}

function FilterForm({ saved, onDone }: { saved: PartnerPreferences | null | undefined; onDone: () => void }) {
  const { t } = useTranslation('matrimony');
  const save = useSavePreferences();
  const explain = useErrorMessage();
  const form = useForm<Values>({ defaultValues: valuesOf(saved) });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(inputOf(values));
      onDone();
    } catch (error) {
      const field = error instanceof ApiError && error.field && error.field in values ? error.field : null;
      if (field) form.setError(field as Path<Values>, { message: (error as ApiError).message });
      else setFailure(explain(error));
    }
  });
  const number = (name: (typeof NUMBER_FIELDS)[number], label: string) => (
    <FormField form={form} name={name} label={label} type="number" inputMode="numeric" min={0} />
  );
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-label={t('search.title')}>
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="sm">
          {number('ageMin', t('search.ageMin'))}
          {number('ageMax', t('search.ageMax'))}
          {number('heightMin', t('search.heightMin'))}
          {number('heightMax', t('search.heightMax'))}
        </SimpleGrid>
        <FormField form={form} name="place" label={t('search.place')} />
        <FormField form={form} name="education" label={t('search.education')} />
        <Checkbox {...form.register('withPhoto')} label={t('search.withPhoto')} />
        <Text size="xs" c="dimmed">
          {t('search.detailsHint')}
        </Text>
        <FormError message={failure} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('search.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('search.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
