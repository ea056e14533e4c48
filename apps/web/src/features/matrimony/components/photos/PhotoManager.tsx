// The owner's photos (docs/product/matrimony.md, "Photos"): up to four, the first the main one (on the card
// and the biodata), put in order with buttons (earlier, later, make main — no dragging needed), removed, and
// added through the media pipeline; and who sees them: every verified member who sees the listing, or only
// members whose full-profile request the owner accepted (others see a locked placeholder). Nothing changes
// for others until Save (one PUT /api/matrimony/photos).
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  MATRIMONY_PHOTOS_MAX,
  type MyProfile,
  PHOTO_VISIBILITIES,
  PHOTO_VISIBILITY_LABELS,
  type PhotoVisibility,
  PROFILE_PICTURE_TYPES,
} from '@samaj/core';
import { IconArrowLeft, IconArrowRight, IconPhotoPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../../components/FormError';
import { useErrorMessage } from '../../../../lib/errors';
import { uploadMatrimonyPhoto, useSavePhotos } from '../../api/photos';
import { choiceWords, useLang } from '../family/choices';
import { ownPhotoSrc } from './ownPhoto';

interface Item {
  /** Stable while the dialog is open (React's key; focus follows the photo). */
  key: string;
  /** The stored file's id; null while its upload runs. */
  id: string | null;
  src: string;
  /** An object URL of a picked file, released when it goes. */
  local: boolean;
}

interface Props {
  profile: MyProfile;
  opened: boolean;
  onClose: () => void;
}

export function PhotosDialog({ profile, opened, onClose }: Props) {
  const { t } = useTranslation('matrimony');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('photos.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('photos.close') }}
    >
      {opened && <PhotoManager profile={profile} onDone={onClose} />}
    </Modal>
  );
}

function itemsOf(profile: MyProfile): Item[] {
  return (profile.photos ?? []).map((id, index) => ({
    key: id,
    id,
    src: ownPhotoSrc(profile.id, id, index),
    local: false,
  }));
}

function PhotoManager({ profile, onDone }: { profile: MyProfile; onDone: () => void }) {
  const { t } = useTranslation('matrimony');
  const lang = useLang();
  const explain = useErrorMessage();
  const save = useSavePhotos();
  const [items, setItems] = useState<Item[]>(() => itemsOf(profile));
  const [visibility, setVisibility] = useState<PhotoVisibility>(profile.photoVisibility ?? 'listed');
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const grid = useRef<HTMLDivElement>(null);
  const focusNext = useRef<string | null>(null);
  const counter = useRef(0);
  const resetFile = useRef<() => void>(null);

  // Object URLs of picked files go with the dialog.
  const live = useRef(items);
  live.current = items;
  useEffect(
    () => () => {
      for (const item of live.current) if (item.local) URL.revokeObjectURL(item.src);
    },
    [],
  );

  // After a move, focus stays on the moved photo's button (or its neighbour when that one is now off).
  useEffect(() => {
    const wanted = focusNext.current;
    if (!wanted) return;
    focusNext.current = null;
    const button = grid.current?.querySelector<HTMLButtonElement>(`[data-focus="${wanted}"]`);
    const fallback = grid.current?.querySelector<HTMLButtonElement>(
      `[data-focus^="${wanted.split(':')[0]}:"]:not(:disabled)`,
    );
    (button && !button.disabled ? button : fallback)?.focus();
  });

  const uploading = items.some((item) => item.id === null);
  const room = MATRIMONY_PHOTOS_MAX - items.length;

  const add = (files: File[]) => {
    resetFile.current?.();
    setError(null);
    for (const file of files.slice(0, room)) {
      counter.current += 1;
      const key = `new-${counter.current}`;
      const src = URL.createObjectURL(file);
      setItems((list) => [...list, { key, id: null, src, local: true }]);
      uploadMatrimonyPhoto(file).then(
        (id) => setItems((list) => list.map((item) => (item.key === key ? { ...item, id } : item))),
        (err: unknown) => {
          URL.revokeObjectURL(src);
          setItems((list) => list.filter((item) => item.key !== key));
          setError(explain(err));
        },
      );
    }
  };

  const move = (from: number, to: number, button: string) => {
    const moved = items[from];
    if (!moved || to < 0 || to >= items.length) return;
    const next = [...items];
    next.splice(from, 1);
    next.splice(to, 0, moved);
    setItems(next);
    focusNext.current = `${moved.key}:${button}`;
    setSaid(
      to === 0
        ? t('photos.nowMain', { n: from + 1 })
        : t('photos.movedTo', { from: from + 1, to: to + 1, total: next.length }),
    );
  };

  const remove = (index: number) => {
    const gone = items[index];
    if (!gone) return;
    if (gone.local) URL.revokeObjectURL(gone.src);
    const next = items.filter((_, i) => i !== index);
    setItems(next);
    setSaid(t('photos.removed', { n: index + 1 }));
    const neighbour = next[Math.min(index, next.length - 1)];
    focusNext.current = neighbour ? `${neighbour.key}:remove` : null;
  };

  const onSave = () => {
    setError(null);
    save.mutate(
      { photos: items.map((item) => item.id as string), visibility },
      {
        onSuccess: () => {
          notifications.show({ message: t('photos.saved'), color: 'teal' });
          onDone();
        },
        onError: (err) => setError(explain(err)),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('photos.hint', { max: MATRIMONY_PHOTOS_MAX })}
      </Text>
      <VisuallyHidden aria-live="polite" role="status">
        {said}
      </VisuallyHidden>
      {items.length === 0 ? (
        <Text size="sm">{t('photos.none')}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 2, sm: 4 }}
          spacing="sm"
          ref={grid}
          component="ol"
          aria-label={t('photos.listLabel')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((item, index) => {
            const n = index + 1;
            return (
              <Box component="li" key={item.key} aria-label={t('photos.itemLabel', { n })}>
                <Stack gap={6}>
                  <Box pos="relative">
                    <Image
                      src={item.src}
                      alt={index === 0 ? t('photos.mainAlt') : t('photos.alt', { n })}
                      radius="md"
                      fit="cover"
                      style={{ aspectRatio: '3 / 4' }}
                    />
                    {index === 0 && (
                      <Badge pos="absolute" top={6} left={6} size="sm" color="dark">
                        {t('photos.main')}
                      </Badge>
                    )}
                    {item.id === null && (
                      <Box
                        pos="absolute"
                        inset={0}
                        style={{
                          display: 'grid',
                          placeItems: 'center',
                          background: 'rgb(255 255 255 / 60%)',
                        }}
                      >
                        <Loader size="sm" aria-label={t('photos.uploading')} />
                      </Box>
                    )}
                  </Box>
                  <Group gap={4} justify="center" wrap="nowrap">
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={t('photos.earlier', { n })}
                      data-focus={`${item.key}:earlier`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1, 'earlier')}
                    >
                      <IconArrowLeft size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={t('photos.makeMain', { n })}
                      data-focus={`${item.key}:main`}
                      disabled={index === 0}
                      onClick={() => move(index, 0, 'main')}
                    >
                      <IconStar size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={t('photos.later', { n })}
                      data-focus={`${item.key}:later`}
                      disabled={index === items.length - 1}
                      onClick={() => move(index, index + 1, 'later')}
                    >
                      <IconArrowRight size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      color="red"
                      size="lg"
                      aria-label={t('photos.remove', { n })}
                      data-focus={`${item.key}:remove`}
                      onClick={() => remove(index)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Stack>
              </Box>
            );
          })}
        </SimpleGrid>
      )}
      {room > 0 && (
        <FileButton
          accept={PROFILE_PICTURE_TYPES.join(',')}
          multiple
          onChange={add}
          resetRef={resetFile}
          inputProps={{ 'aria-label': t('photos.add') } as never}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoPlus size={18} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('photos.add')}
            </Button>
          )}
        </FileButton>
      )}
      <Radio.Group
        label={t('photos.visibility')}
        value={visibility}
        onChange={(value) => setVisibility(value as PhotoVisibility)}
      >
        <Stack gap="xs" mt={6}>
          {PHOTO_VISIBILITIES.map((choice) => (
            <Radio
              key={choice}
              value={choice}
              label={choiceWords(PHOTO_VISIBILITY_LABELS[choice], lang)}
              description={t(`photos.visibilityHint.${choice}`)}
            />
          ))}
        </Stack>
      </Radio.Group>
      <FormError message={error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          {t('photos.cancel')}
        </Button>
        <Button onClick={onSave} disabled={uploading || save.isPending} loading={save.isPending}>
          {t('photos.save')}
        </Button>
      </Group>
    </Stack>
  );
}
