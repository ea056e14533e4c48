// The four-step listing form (docs/product/matrimony.md, "Listing form"): 0 intro, 1 basic information, 2
// contact, education and career, 3 physical attributes and partner expectation. The same form edits a listed
// profile.
import {
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  List,
  NumberInput,
  Progress,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  ABOUT_MAX,
  BLOOD_GROUPS,
  dobBounds,
  GENDERS,
  MARRIAGE_MIN_AGE,
  MATRIMONY_AGE_MAX,
  MATRIMONY_EXPECTATION_MAX,
  MATRIMONY_STEP_FIELDS,
  type MatrimonyProfileInput,
  PROFILE_PICTURE_TYPES,
} from '@samaj/core';
import { IconPhoto } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type Path, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { useErrorMessage, useFieldError } from '../../../lib/errors';
import {
  type FormStep,
  invalidFields,
  isStepValid,
  LAST_STEP,
  listingResolver,
  type MatrimonyFormValues,
  stepOfField,
} from '../lib/steps';
import { BirthSection, FamilySection } from './family/FamilyFields';

export interface ListingFormProps {
  initial: MatrimonyFormValues;
  /** The photo already on the profile (editing); a newly picked file replaces it. */
  currentPhoto?: string | null;
  /** Throws on failure; the form then stays as it was, every value kept. */
  onSubmit: (values: MatrimonyProfileInput, photo: File | null) => Promise<void>;
  /** Editing starts at step 1 and can be left without saving. */
  editing?: boolean;
  onCancel?: () => void;
  /** Gam and gotra from the member's surname, shown read-only with the family details. */
  origin?: { gam: string | null; gotra: string | null };
}

const today = () => new Date().toISOString().slice(0, 10);

export function ListingForm({
  initial,
  currentPhoto,
  onSubmit,
  editing = false,
  onCancel,
  origin = { gam: null, gotra: null },
}: ListingFormProps) {
  const { t } = useTranslation('matrimony');
  const explain = useErrorMessage('matrimony:form.errors');
  const [step, setStep] = useState<FormStep>(editing ? 1 : 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const form = useForm<MatrimonyFormValues, unknown, MatrimonyProfileInput>({
    resolver: listingResolver,
    mode: 'onChange',
    defaultValues: initial,
  });
  const values = useWatch({ control: form.control });
  const bad = useMemo(() => invalidFields(values), [values]);
  const stepValid = isStepValid(step, bad);
  const formValid = bad.size === 0;

  // The form starts marked touched, so each step shows what is missing as soon as it opens.
  useEffect(() => {
    if (step > 0)
      void form.trigger([...MATRIMONY_STEP_FIELDS[step as 1 | 2 | 3]] as Path<MatrimonyFormValues>[]);
  }, [step, form]);

  const submit = form.handleSubmit(async (input) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(input, photo);
    } catch (err) {
      // A failed application re-enables the form; nothing typed is lost.
      setError(explain(err));
      const field = err instanceof ApiError ? err.field : null;
      const where = field ? stepOfField(field) : null;
      if (field && where) {
        form.setError(field as Path<MatrimonyFormValues>, {
          message: err instanceof Error ? err.message : '',
        });
        setStep(where);
      }
    } finally {
      setBusy(false);
    }
  });

  const onFormSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    // Enter in a field moves on like Next; only the last step sends.
    if (step < LAST_STEP) {
      if (stepValid) setStep((step + 1) as FormStep);
      return;
    }
    if (formValid && !busy) void submit();
  };

  return (
    <Card padding="lg">
      <form onSubmit={onFormSubmit} noValidate aria-label={t('form.label')}>
        <Stack gap="md">
          {step > 0 && (
            <Stack gap={4}>
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('form.stepOf', { n: step, total: LAST_STEP })}
              </Text>
              <Progress value={(step / LAST_STEP) * 100} size="sm" aria-hidden />
            </Stack>
          )}
          {step === 0 && <IntroStep />}
          {step === 1 && (
            <BasicStep form={form} photo={photo} currentPhoto={currentPhoto} onPhoto={setPhoto} />
          )}
          {step === 2 && <ContactStep form={form} origin={origin} />}
          {step === 3 && <AttributesStep form={form} />}
          <FormError message={error} />
          <Group justify="space-between" gap="sm">
            {step > (editing ? 1 : 0) ? (
              <Button variant="default" onClick={() => setStep((step - 1) as FormStep)} disabled={busy}>
                {t('form.previous')}
              </Button>
            ) : editing && onCancel ? (
              <Button variant="default" onClick={onCancel}>
                {t('form.cancel')}
              </Button>
            ) : (
              <span />
            )}
            {step < LAST_STEP ? (
              <Button type="submit" disabled={!stepValid}>
                {t('form.next')}
              </Button>
            ) : (
              <Button type="submit" disabled={!formValid || busy}>
                {busy ? t('form.wait') : t('form.submit')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

type StepProps = { form: UseFormReturn<MatrimonyFormValues, unknown, MatrimonyProfileInput> };

function StepTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={2} size="h3">
      {children}
    </Title>
  );
}

function IntroStep() {
  const { t } = useTranslation('matrimony');
  return (
    <Stack gap="sm">
      <StepTitle>{t('form.intro.title')}</StepTitle>
      <Text>{t('form.intro.text')}</Text>
      <List spacing={4} size="sm">
        <List.Item>{t('form.intro.review')}</List.Item>
        <List.Item>{t('form.intro.private')}</List.Item>
        <List.Item>{t('form.intro.match')}</List.Item>
        <List.Item>
          {t('form.intro.age', { female: MARRIAGE_MIN_AGE.Female, male: MARRIAGE_MIN_AGE.Male })}
        </List.Item>
      </List>
    </Stack>
  );
}

/** A text box with the spec's `n / max` counter under it. */
function CountedText({
  form,
  name,
  max,
  label,
  placeholder,
}: StepProps & { name: 'description' | 'expectation'; max: number; label: string; placeholder: string }) {
  const value = useWatch({ control: form.control, name }) ?? '';
  const counter = `matrimony-${name}-counter`;
  return (
    <Stack gap={4}>
      <FormField
        form={form}
        name={name}
        kind="textarea"
        label={label}
        placeholder={placeholder}
        required
        minRows={3}
        maxLength={max}
        aria-describedby={counter}
      />
      <Text id={counter} size="xs" c="dimmed" ta="right" aria-live="polite">
        {`${value.length} / ${max}`}
      </Text>
    </Stack>
  );
}

function BasicStep({
  form,
  photo,
  currentPhoto,
  onPhoto,
}: StepProps & { photo: File | null; currentPhoto?: string | null; onPhoto: (file: File | null) => void }) {
  const { t } = useTranslation('matrimony');
  const fieldError = useFieldError();
  const preview = usePreview(photo) ?? currentPhoto ?? undefined;
  const reset = useRef<() => void>(null);
  return (
    <Stack gap="md">
      <StepTitle>{t('form.basic.title')}</StepTitle>
      <Group gap="md" wrap="nowrap">
        <Avatar src={preview} size={88} radius="md" alt={t('form.basic.photoAlt')}>
          <IconPhoto size={32} aria-hidden />
        </Avatar>
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton
              accept={PROFILE_PICTURE_TYPES.join(',')}
              onChange={onPhoto}
              resetRef={reset}
              inputProps={{ 'aria-label': t('form.basic.photo') } as never}
            >
              {(props) => (
                <Button {...props} variant="light" size="sm">
                  {preview ? t('form.basic.changePhoto') : t('form.basic.photo')}
                </Button>
              )}
            </FileButton>
            {photo && (
              <Button
                variant="subtle"
                size="sm"
                color="gray"
                onClick={() => {
                  onPhoto(null);
                  reset.current?.();
                }}
              >
                {t('form.basic.removePhoto')}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('form.basic.photoHint')}
          </Text>
        </Stack>
      </Group>
      <FormField
        form={form}
        name="dob"
        type="date"
        label={t('form.basic.dob')}
        min={dobBounds(null, MATRIMONY_AGE_MAX, today()).earliest ?? undefined}
        max={today()}
        required
      />
      <Controller
        control={form.control}
        name="gender"
        render={({ field, fieldState }) => (
          <Radio.Group
            label={t('form.basic.gender')}
            value={field.value ?? ''}
            onChange={(value) => {
              field.onChange(value);
              // The minimum age depends on gender: say at once whether the birthday still passes.
              void form.trigger('dob');
            }}
            error={fieldError(fieldState.error?.message)}
            withAsterisk
          >
            <Group mt={6}>
              {GENDERS.map((g) => (
                <Radio key={g} value={g} label={t(`genders.${g}`)} />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
      <CountedText
        form={form}
        name="description"
        max={ABOUT_MAX}
        label={t('form.basic.about')}
        placeholder={t('form.basic.aboutPlaceholder')}
      />
    </Stack>
  );
}

function ContactStep({ form, origin }: StepProps & { origin: { gam: string | null; gotra: string | null } }) {
  const { t } = useTranslation('matrimony');
  return (
    <Stack gap="md">
      <StepTitle>{t('form.contact.title')}</StepTitle>
      <Text size="sm" c="dimmed">
        {t('form.contact.privacy')}
      </Text>
      <FormField
        form={form}
        name="number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        label={t('form.contact.number')}
        description={t('form.contact.numberHint')}
        required
      />
      <FormField
        form={form}
        name="address"
        kind="textarea"
        minRows={2}
        label={t('form.contact.address')}
        required
      />
      <FormField form={form} name="education" label={t('form.contact.education')} required />
      <FormField form={form} name="career" label={t('form.contact.career')} required />
      <FamilySection form={form} origin={origin} />
    </Stack>
  );
}

function AttributesStep({ form }: StepProps) {
  const { t } = useTranslation('matrimony');
  const fieldError = useFieldError();
  const numberField = (name: 'height' | 'weight', unit: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={t(`form.attributes.${name}`)}
          rightSection={
            <Text size="xs" c="dimmed">
              {unit}
            </Text>
          }
          value={field.value ?? ''}
          onChange={(value) => field.onChange(value === '' ? '' : Number(value))}
          onBlur={field.onBlur}
          min={1}
          allowNegative={false}
          error={fieldError(fieldState.error?.message)}
        />
      )}
    />
  );
  return (
    <Stack gap="md">
      <StepTitle>{t('form.attributes.title')}</StepTitle>
      <SimpleGrid cols={2} spacing="sm">
        {numberField('height', 'cm')}
        {numberField('weight', 'kg')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormField form={form} name="eye_color" label={t('form.attributes.eye_color')} />
        <FormField form={form} name="hair_color" label={t('form.attributes.hair_color')} />
        <FormField form={form} name="complexion" label={t('form.attributes.complexion')} />
        <Controller
          control={form.control}
          name="blood_group"
          render={({ field, fieldState }) => (
            <Select
              label={t('form.attributes.blood_group')}
              data={[...BLOOD_GROUPS]}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              clearable
              allowDeselect
              error={fieldError(fieldState.error?.message)}
            />
          )}
        />
      </SimpleGrid>
      <FormField form={form} name="disability" label={t('form.attributes.disability')} />
      <BirthSection form={form} />
      <StepTitle>{t('form.attributes.expectationTitle')}</StepTitle>
      <CountedText
        form={form}
        name="expectation"
        max={MATRIMONY_EXPECTATION_MAX}
        label={t('form.attributes.expectation')}
        placeholder={t('form.attributes.expectationPlaceholder')}
      />
    </Stack>
  );
}

/** An object URL for the picked file while it is shown, released afterwards. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}
