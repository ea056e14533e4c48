// The event form (docs/product/events.md, "Event form") for an Admin or a Publisher: a new event, or one of
// theirs with `?id=`. Loaded only for them (pages/EventCreate.tsx); everyone else reads the placeholder.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Autocomplete,
  Avatar,
  Button,
  Checkbox,
  FileButton,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMergedRef } from '@mantine/hooks';
import {
  EVENT_DESCRIPTION_MAX,
  type EventDetails,
  type EventView,
  eventSchema,
  fromZonedInput,
  MSG_INVALID_DATE,
  MSG_INVALID_NUMBER,
  MSG_INVALID_VALUE,
  MSG_REQUIRED,
  toZonedInput,
} from '@samaj/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { type Path, type UseFormReturn, useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormField } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { useErrorMessage, useFieldError } from '../../../lib/errors';
import { useKeepTyped } from '../../../lib/keepTyped';
import { previewUrl } from '../../../lib/previewUrl';
import { usePublicConfig } from '../../../lib/publicConfig';
import { useCurrentUser } from '../../../lib/session';
import { uploadEventImage, useDeleteEvent, useEvent, useMemberLookup, useSaveEvent } from '../api/events';
import { useCommunityTimeZone } from '../format';
import { mapLink } from './EventDetails';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/** Degrees as typed: '23.2419' (a comma as the decimal mark too), or empty. */
const degreesText = z.string().trim();
const asDegrees = (v: string) => Number(v.replace(',', '.'));

/**
 * Core's rule, except that the time input speaks 'yyyy-MM-ddTHH:mm' in the community's time zone until
 * it is sent, and the place on the map is two text inputs (both or neither) until then.
 */
const formSchema = eventSchema
  .omit({ coordinates: true })
  .extend({
    time: z.string().refine((v) => fromZonedInput(v, 'UTC') !== null, MSG_INVALID_DATE),
    latitude: degreesText,
    longitude: degreesText,
  })
  .superRefine(({ latitude, longitude }, ctx) => {
    // Both or neither; each a number of degrees within its range (core's eventCoordinatesSchema).
    if (!latitude && !longitude) return;
    for (const [field, value, limit] of [
      ['latitude', latitude, 90],
      ['longitude', longitude, 180],
    ] as const) {
      const degrees = asDegrees(value);
      const message = !value
        ? MSG_REQUIRED
        : !Number.isFinite(degrees)
          ? MSG_INVALID_NUMBER
          : Math.abs(degrees) > limit
            ? MSG_INVALID_VALUE
            : null;
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
type FormValues = z.input<typeof formSchema>;

/** The form's own inputs: an API error naming one of them is shown at that input. */
const INPUT_FIELDS = new Set<string>([
  'name',
  'description',
  'time',
  'location',
  'host',
  'latitude',
  'longitude',
]);

/** 'lat, lng' as a map app copies a place (a long press in most): both fields from one paste. */
const PAIR = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

function valuesOf(event: EventView | null, zone: string): FormValues {
  const place = event && 'coordinates' in event ? (event as EventDetails).coordinates : null;
  return {
    name: event?.name ?? '',
    description: event?.description ?? '',
    location: event?.location ?? '',
    latitude: place ? String(place.latitude) : '',
    longitude: place ? String(place.longitude) : '',
    time: event ? toZonedInput(event.time, zone) : '',
    host: event?.host ?? '',
    liveStream: event?.liveStream ?? false,
    recordReplay: event?.recordReplay ?? false,
    thumbnail: event && event.thumbnail !== 'newuser' ? event.thumbnail : null,
    file: event?.file ?? null,
  };
}

function ImagePicker({
  label,
  value,
  onChange,
  onError,
}: {
  label: string;
  value: string | null;
  onChange(id: string | null): void;
  onError(error: unknown): void;
}) {
  const { t } = useTranslation('events');
  const [uploading, setUploading] = useState(false);
  const pick = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      onChange((await uploadEventImage(file)).id);
    } catch (error) {
      onError(error);
    } finally {
      setUploading(false);
    }
  };
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={value ? previewUrl(value, 100) : null} alt="" size={56} radius="md">
        <IconPhoto aria-hidden />
      </Avatar>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Group gap="xs">
          <FileButton accept={IMAGE_TYPES} onChange={pick} inputProps={{ 'aria-label': label } as never}>
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={uploading}>
                {value ? t('form.replaceImage') : t('form.chooseImage')}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button size="xs" variant="subtle" color="gray" onClick={() => onChange(null)}>
              {t('form.removeImage')}
            </Button>
          )}
        </Group>
      </Stack>
    </Group>
  );
}

/**
 * The host: a member picked as the Publisher types a name or username (GET /api/members/lookup, which
 * matches both, so its answer is shown as it comes); the field holds the username the API expects.
 */
function HostField({ form }: { form: UseFormReturn<FormValues> }) {
  const { t } = useTranslation('events');
  const fieldError = useFieldError();
  const { field, fieldState } = useController({ control: form.control, name: 'host' });
  const value = field.value ?? '';
  // A name typed before the app took the page over (the page is rendered on the server).
  const input = useRef<HTMLInputElement>(null);
  const ref = useMergedRef(field.ref, input);
  useKeepTyped(input, (typed) => form.setValue('host', typed, { shouldDirty: true, shouldValidate: true }));
  const [typed] = useDebouncedValue(value, 250);
  const lookup = useMemberLookup(typed, true);
  const members = lookup.data?.members ?? [];
  const names = new Map(members.map((m) => [m.id, m.name]));
  return (
    <Autocomplete
      ref={ref}
      name={field.name}
      label={t('form.host')}
      description={t('form.hostHint')}
      placeholder={t('form.hostPlaceholder')}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      data={members.map((m) => m.id)}
      filter={({ options }) => options}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{names.get(option.value) ?? option.value}</Text>
          <Text size="xs" c="dimmed">
            {option.value}
          </Text>
        </Stack>
      )}
      rightSection={lookup.isFetching ? <Loader size={16} /> : null}
      autoCapitalize="none"
      autoComplete="off"
      spellCheck={false}
      error={fieldError(fieldState.error?.message)}
    />
  );
}

/**
 * "Record for replay" (docs/product/live-video.md, "Watch again"): in SFU mode the server records the stream
 * and members can watch it again; peer-to-peer, the video never passes through the server, and the form says
 * so.
 */
function RecordReplayField({ form }: { form: UseFormReturn<FormValues> }) {
  const { t } = useTranslation('events');
  const { data } = usePublicConfig();
  return (
    <Checkbox
      label={t('form.recordReplay')}
      description={data?.liveMode === 'sfu' ? t('form.recordReplayHint') : t('form.recordReplayPeer')}
      {...form.register('recordReplay')}
    />
  );
}

/**
 * Where the event is on the community map (optional, both or neither): degrees as a map app shows
 * them; a 'lat, lng' pair pasted into the first field fills both. Once both read, a link shows the place.
 */
function PlaceFields({
  form,
  latitude,
  longitude,
}: {
  form: UseFormReturn<FormValues>;
  latitude: string;
  longitude: string;
}) {
  const { t } = useTranslation('events');
  // Typed, pasted, or adopted from what was typed before the app took the page over: split here.
  useEffect(() => {
    const pair = PAIR.exec(latitude);
    if (!pair) return;
    form.setValue('latitude', pair[1] as string, { shouldDirty: true, shouldValidate: true });
    form.setValue('longitude', pair[2] as string, { shouldDirty: true, shouldValidate: true });
  }, [form, latitude]);
  const lat = asDegrees(latitude);
  const lng = asDegrees(longitude);
  const shown = latitude && longitude && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  return (
    <Stack gap={6} role="group" aria-labelledby="event-place-title">
      <Text id="event-place-title" size="sm" fw={500}>
        {t('form.place')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('form.placeHint')}
      </Text>
      <Group grow align="flex-start">
        <FormField
          form={form}
          name="latitude"
          label={t('form.latitude')}
          inputMode="decimal"
          autoComplete="off"
        />
        <FormField
          form={form}
          name="longitude"
          label={t('form.longitude')}
          inputMode="decimal"
          autoComplete="off"
        />
      </Group>
      {shown && (
        <Anchor
          href={mapLink(lat, lng, form.getValues('location') || form.getValues('name'))}
          target="_blank"
          size="sm"
        >
          {t('form.placePreview')}
        </Anchor>
      )}
    </Stack>
  );
}

function EventForm({ event }: { event: EventView | null }) {
  const { t } = useTranslation('events');
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const explain = useErrorMessage();
  const explainField = useErrorMessage('events:form.errors');
  const fieldError = useFieldError();
  const save = useSaveEvent(event?.id ?? null);
  const remove = useDeleteEvent();
  const [error, setError] = useState<string | null>(null);
  const zone = useCommunityTimeZone();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(event, zone),
  });
  const latitude = form.watch('latitude') ?? '';
  const longitude = form.watch('longitude') ?? '';
  const thumbnail = form.watch('thumbnail') ?? null;
  const cover = form.watch('file') ?? null;
  const description = form.watch('description') ?? '';
  const busy = save.isPending || remove.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const { latitude: lat, longitude: lng, ...rest } = values;
      const saved = await save.mutateAsync({
        ...rest,
        time: (fromZonedInput(values.time, zone) as Date).toISOString(),
        coordinates: lat && lng ? { latitude: asDegrees(lat), longitude: asDegrees(lng) } : null,
      });
      // The host lands on the screen they go live from; anyone else on the list, not on a viewer's
      // waiting screen.
      navigate(saved.host === user?.id ? `/event/${encodeURIComponent(saved.id)}` : '/events');
    } catch (failure) {
      // The API names the place's fields under `coordinates.`; the form has them side by side.
      const field =
        failure instanceof ApiError ? (failure.field?.replace(/^coordinates\./, '') ?? null) : null;
      if (field && INPUT_FIELDS.has(field)) {
        form.setError(field as Path<FormValues>, { message: explainField(failure) }, { shouldFocus: true });
      } else {
        setError(explain(failure));
      }
    }
  });
  const onDelete = async () => {
    if (!event || !window.confirm(t('form.confirmDelete'))) return;
    setError(null);
    try {
      await remove.mutateAsync(event.id);
      navigate('/events', { replace: true });
    } catch (failure) {
      setError(explain(failure));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={560}>
        <FormField form={form} name="name" label={t('form.name')} required />
        <FormField
          form={form}
          name="description"
          kind="textarea"
          label={t('form.description')}
          description={`${description.length} / ${EVENT_DESCRIPTION_MAX}`}
          minRows={3}
        />
        <TextInput
          type="datetime-local"
          label={t('form.time')}
          description={t('form.timeZone', { zone })}
          required
          {...form.register('time')}
          error={fieldError(form.formState.errors.time?.message)}
        />
        <FormField form={form} name="location" label={t('form.location')} />
        <PlaceFields form={form} latitude={latitude} longitude={longitude} />
        <HostField form={form} />
        <Checkbox label={t('form.liveStream')} {...form.register('liveStream')} />
        <RecordReplayField form={form} />
        <ImagePicker
          label={t('form.thumbnail')}
          value={thumbnail}
          onChange={(id) => form.setValue('thumbnail', id, { shouldDirty: true })}
          onError={(e) => setError(explain(e))}
        />
        <ImagePicker
          label={t('form.cover')}
          value={cover}
          onChange={(id) => form.setValue('file', id, { shouldDirty: true })}
          onError={(e) => setError(explain(e))}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Button type="submit" loading={save.isPending} disabled={busy}>
            {event ? t('form.save') : t('form.create')}
          </Button>
          {event && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onDelete}
              loading={remove.isPending}
              disabled={busy}
            >
              {t('form.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function EditEvent({ id }: { id: string }) {
  const { t } = useTranslation('events');
  const query = useEvent(id);
  if (query.isPending) return <Loader />;
  if (query.isError || !query.data.canManage) {
    return (
      <Alert color="gray" role="alert">
        {t('form.cannotEdit')}
      </Alert>
    );
  }
  return <EventForm event={query.data} />;
}

export default function EventEditor({ id }: { id: string | null }) {
  return id ? <EditEvent id={id} /> : <EventForm event={null} />;
}
