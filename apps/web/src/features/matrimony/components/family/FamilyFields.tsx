// The listing form's family details (docs/product/matrimony.md, "Family details"), all optional: the family
// with step 2 (contact, education and career), birth, horoscope and diet with step 3. Gam and gotra are not
// asked: they come from the member's surname and are shown read-only. Each field is named `family.<field>`,
// as core's schema and the server's errors name it.
import { Group, NumberInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type MatrimonyProfileInput, SIBLINGS_MAX } from '@samaj/core';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../../components/FormField';
import { useFieldError } from '../../../../lib/errors';
import type { MatrimonyFormValues } from '../../lib/steps';
import { type CHOICE_LABELS, choiceOptions, useLang } from './choices';

type Form = UseFormReturn<MatrimonyFormValues, unknown, MatrimonyProfileInput>;

function SectionTitle({ children, hint }: { children: ReactNode; hint?: string }) {
  return (
    <Stack gap={2}>
      <Title order={3} size="h4">
        {children}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

type CountName =
  | 'family.brothersMarried'
  | 'family.brothersUnmarried'
  | 'family.sistersMarried'
  | 'family.sistersUnmarried';

function CountField({ form, name, label }: { form: Form; name: CountName; label: string }) {
  const fieldError = useFieldError();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          value={field.value ?? ''}
          onChange={(value) => field.onChange(value === '' ? '' : Number(value))}
          onBlur={field.onBlur}
          min={0}
          max={SIBLINGS_MAX}
          allowNegative={false}
          allowDecimal={false}
          error={fieldError(fieldState.error?.message)}
        />
      )}
    />
  );
}

type ChoiceName = 'family.rashi' | 'family.manglik' | 'family.diet' | 'family.income';

function ChoiceField({ form, name, label }: { form: Form; name: ChoiceName; label: string }) {
  const { t } = useTranslation('matrimony');
  const lang = useLang();
  const fieldError = useFieldError();
  const key = name.slice('family.'.length) as keyof typeof CHOICE_LABELS;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          placeholder={t('form.family.choose')}
          data={choiceOptions(key, lang)}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          clearable
          allowDeselect
          comboboxProps={{ withinPortal: true }}
          error={fieldError(fieldState.error?.message)}
        />
      )}
    />
  );
}

/** Gam and gotra as the member's surname gives them (read-only). */
function Origin({ gam, gotra }: { gam: string | null; gotra: string | null }) {
  const { t } = useTranslation('matrimony');
  const item = (label: string, value: string | null, testId: string) => (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="sm" c={value ? undefined : 'dimmed'} data-testid={testId}>
        {value ?? t('form.family.unknown')}
      </Text>
    </Stack>
  );
  return (
    <Stack gap={4} role="group" aria-label={t('form.family.origin')}>
      <Text size="xs" c="dimmed">
        {t('form.family.origin')}
      </Text>
      <Group gap="xl">
        {item(t('form.family.gam'), gam, 'family-gam')}
        {item(t('form.family.gotra'), gotra, 'family-gotra')}
      </Group>
    </Stack>
  );
}

/** Step 2's part: where the member lives, the family, mosal, gam and gotra, the income. */
export function FamilySection({
  form,
  origin,
}: {
  form: Form;
  origin: { gam: string | null; gotra: string | null };
}) {
  const { t } = useTranslation('matrimony');
  return (
    <Stack gap="md">
      <SectionTitle hint={t('form.family.hint')}>{t('form.family.title')}</SectionTitle>
      <FormField form={form} name="family.city" label={t('form.family.city')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormField form={form} name="family.fatherName" label={t('form.family.fatherName')} />
        <FormField form={form} name="family.fatherOccupation" label={t('form.family.fatherOccupation')} />
      </SimpleGrid>
      <FormField form={form} name="family.motherName" label={t('form.family.motherName')} />
      <SimpleGrid cols={2} spacing="sm">
        <CountField form={form} name="family.brothersMarried" label={t('form.family.brothersMarried')} />
        <CountField form={form} name="family.brothersUnmarried" label={t('form.family.brothersUnmarried')} />
        <CountField form={form} name="family.sistersMarried" label={t('form.family.sistersMarried')} />
        <CountField form={form} name="family.sistersUnmarried" label={t('form.family.sistersUnmarried')} />
      </SimpleGrid>
      <FormField
        form={form}
        name="family.mosal"
        label={t('form.family.mosal')}
        description={t('form.family.mosalHint')}
      />
      <Origin gam={origin.gam} gotra={origin.gotra} />
      <ChoiceField form={form} name="family.income" label={t('form.family.income')} />
    </Stack>
  );
}

/** Step 3's part: birth time and place, rashi, manglik and diet. */
export function BirthSection({ form }: { form: Form }) {
  const { t } = useTranslation('matrimony');
  return (
    <Stack gap="md">
      <SectionTitle>{t('form.birth.title')}</SectionTitle>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormField
          form={form}
          name="family.birthTime"
          type="time"
          label={t('form.birth.birthTime')}
          description={t('form.birth.birthTimeHint')}
        />
        <FormField form={form} name="family.birthPlace" label={t('form.birth.birthPlace')} />
        <ChoiceField form={form} name="family.rashi" label={t('form.birth.rashi')} />
        <ChoiceField form={form} name="family.manglik" label={t('form.birth.manglik')} />
      </SimpleGrid>
      <ChoiceField form={form} name="family.diet" label={t('form.birth.diet')} />
    </Stack>
  );
}
