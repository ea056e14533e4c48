// Staff fill the tools-home carousel (console → Carousel): five places, each with a picture, a
// title, one line and an optional link; saved or emptied one at a time. Members see only the
// filled places, in order; with none filled the tools home shows the community's name instead.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  CAROUSEL_SLIDES,
  isSlideLink,
  MSG_INVALID_VALUE,
  SLIDE_LINK_MAX,
  SLIDE_SUBTITLE_MAX,
  SLIDE_TITLE_MAX,
  type SlideView,
  slideSchema,
} from '@samaj/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError } from '../../../components/FormError';
import { FormField } from '../../../components/FormField';
import { RelativeTime } from '../../../components/RelativeTime';
import { useErrorMessage } from '../../../lib/errors';
import { previewUrl } from '../../../lib/previewUrl';
import { uploadSlideImage, useSlideActions, useSlides } from '../api/slides';

// The form keeps the link as typed ('' for none); the request sends null for none.
const slideFormSchema = slideSchema.extend({
  link: z
    .string()
    .trim()
    .max(SLIDE_LINK_MAX, MSG_INVALID_VALUE)
    .refine((link) => link === '' || isSlideLink(link), MSG_INVALID_VALUE),
});
type SlideForm = z.input<typeof slideFormSchema>;

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

const valuesOf = (slide: SlideView | undefined): SlideForm => ({
  title: slide?.title ?? '',
  subtitle: slide?.subtitle ?? '',
  link: slide?.link ?? '',
});

export default function CarouselEditor() {
  const { t } = useTranslation('tools');
  const slides = useSlides();
  if (slides.isPending) return <Skeleton height={220} radius="md" />;
  const byPosition = new Map((slides.data ?? []).map((slide) => [slide.position, slide]));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('editor.intro')}
      </Text>
      {slides.isError && (
        <Alert color="red" variant="light" role="alert">
          {t('editor.loadFailed')}
        </Alert>
      )}
      {Array.from({ length: CAROUSEL_SLIDES }, (_, i) => i + 1).map((position) => {
        const slide = byPosition.get(position);
        return <SlotCard key={position} position={position} slide={slide} />;
      })}
    </Stack>
  );
}

function SlotCard({ position, slide }: { position: number; slide: SlideView | undefined }) {
  const { t } = useTranslation('tools');
  const explain = useErrorMessage('tools:editor.errors');
  const { save, remove } = useSlideActions();
  const [image, setImage] = useState<string | null>(slide?.image ?? null);
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<SlideForm>({
    resolver: zodResolver(slideFormSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(slide),
  });
  const subtitle = useWatch({ control: form.control, name: 'subtitle' }) ?? '';
  const busy = uploading || save.isPending || remove.isPending;
  const headingId = `slide-${position}-heading`;

  const pick = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    setSaved(false);
    try {
      const { id } = await uploadSlideImage(file);
      setImage(id);
    } catch (err) {
      setError(explain(err));
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setSaved(false);
    try {
      const stored = await save.mutateAsync({
        position,
        slide: { ...values, subtitle: values.subtitle ?? '', link: values.link || null, image },
      });
      // The form now holds what the server stored (trimmed), and says so.
      form.reset(valuesOf(stored));
      setImage(stored.image);
      setSaved(true);
    } catch (err) {
      setError(explain(err));
    }
  });

  const onRemove = async () => {
    setError(null);
    try {
      await remove.mutateAsync(position);
      form.reset(valuesOf(undefined));
      setImage(null);
      setSaved(false);
    } catch (err) {
      setError(explain(err));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card component="section" aria-labelledby={headingId}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={3} size="h5" id={headingId}>
              {t('editor.slot', { n: position })}
            </Title>
            {slide ? (
              <Group gap={6}>
                <Badge color="teal" variant="light">
                  {t('editor.shown')}
                </Badge>
                <RelativeTime date={slide.updatedAt} />
              </Group>
            ) : (
              <Badge color="gray" variant="light">
                {t('editor.empty')}
              </Badge>
            )}
          </Group>
          <FormError message={error} />
          {saved && (
            <Alert color="teal" variant="light" role="status" py="xs">
              {t('editor.saved')}
            </Alert>
          )}
          <Group align="flex-start" gap="md" wrap="wrap">
            <Stack gap={6} w={{ base: '100%', xs: 220 }}>
              {image ? (
                <Image
                  src={previewUrl(image, 490)}
                  alt={t('editor.imageAlt')}
                  radius="sm"
                  h={96}
                  fit="cover"
                />
              ) : (
                <Card withBorder={false} bg="gray.1" radius="sm" h={96} p={0}>
                  <Stack h="100%" align="center" justify="center" gap={2} c="dimmed">
                    <IconPhoto size={24} aria-hidden />
                    <Text size="xs">{t('editor.noImage')}</Text>
                  </Stack>
                </Card>
              )}
              <Stack gap={4}>
                <FileButton
                  accept={IMAGE_TYPES}
                  onChange={(file) => void pick(file)}
                  disabled={busy}
                  inputProps={{ 'aria-label': t('editor.uploadFor', { n: position }) } as never}
                >
                  {(props) => (
                    <Button
                      {...props}
                      size="xs"
                      variant="light"
                      fullWidth
                      loading={uploading}
                      leftSection={<IconUpload size={14} aria-hidden />}
                    >
                      {image ? t('editor.changeImage') : t('editor.addImage')}
                    </Button>
                  )}
                </FileButton>
                {image && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="gray"
                    fullWidth
                    onClick={() => setImage(null)}
                    disabled={busy}
                  >
                    {t('editor.dropImage')}
                  </Button>
                )}
              </Stack>
            </Stack>
            <Stack gap="xs" style={{ flex: '1 1 260px' }}>
              <FormField
                form={form}
                name="title"
                label={t('editor.title')}
                required
                maxLength={SLIDE_TITLE_MAX}
              />
              <FormField
                form={form}
                name="subtitle"
                kind="textarea"
                label={t('editor.subtitle')}
                description={t('editor.counter', { n: subtitle.length, max: SLIDE_SUBTITLE_MAX })}
                minRows={2}
                maxLength={SLIDE_SUBTITLE_MAX}
              />
              <FormField
                form={form}
                name="link"
                label={t('editor.link')}
                description={t('editor.linkHint')}
                placeholder="/surnames"
                inputMode="url"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={SLIDE_LINK_MAX}
              />
            </Stack>
          </Group>
          <Group justify="space-between" gap="xs">
            {slide && !confirming && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
                disabled={busy}
              >
                {t('editor.remove')}
              </Button>
            )}
            {slide && confirming && (
              <Group gap="xs">
                <Text size="sm">{t('editor.confirmRemove')}</Text>
                <Button color="red" size="xs" onClick={() => void onRemove()} loading={remove.isPending}>
                  {t('editor.confirmYes')}
                </Button>
                <Button variant="default" size="xs" onClick={() => setConfirming(false)} disabled={busy}>
                  {t('editor.cancel')}
                </Button>
              </Group>
            )}
            <Button type="submit" ml="auto" loading={save.isPending} disabled={busy}>
              {t('editor.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
