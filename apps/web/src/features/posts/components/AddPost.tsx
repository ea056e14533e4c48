import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  CloseButton,
  FileButton,
  Group,
  Image,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { fitsRequiredText, keptLength, POST_CARD_MAX_WIDTH, POST_DESCRIPTION_MAX } from '@samaj/core';
import { IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/GrowingTextarea';
import { ApiError } from '../../../lib/api';
import { isTryAgain, useErrorMessage } from '../../../lib/errors';
import { useKeepTyped } from '../../../lib/keepTyped';
import { postsKeys } from '../api/cache';
import { uploadPost } from '../api/posts';

/**
 * docs/product/feed.md, "Add a post": text up to 1000 with a counter, an optional image, progress while
 * sending. The outcome is told once, under the form: 'Post Submitted' (with the review note when
 * the post waits for staff) or the failure notice.
 */
export function AddPost() {
  const { t } = useTranslation('posts');
  const client = useQueryClient();
  const [description, setDescription] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  useKeepTyped(field, setDescription);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<'submitted' | 'published' | 'failed' | null>(null);
  /** The server's passing trouble (database away, disk full) in its own words: try again in a moment. */
  const [failure, setFailure] = useState<string | null>(null);
  const [imageError, setImageError] = useState(false);
  // The server's refusal of the chosen file (415 not a picture, 413 too big), in the member's words.
  const [fileRefused, setFileRefused] = useState<string | null>(null);
  // A file whose bytes the browser cannot draw gets no preview, only its chip.
  const [unreadable, setUnreadable] = useState(false);
  const explain = useErrorMessage();
  // The server's rule (addPostSchema), judged without loading zod on every keystroke.
  const valid = fitsRequiredText(description, POST_DESCRIPTION_MAX);
  const length = keptLength(description);
  const sending = progress !== null;

  useEffect(() => {
    setUnreadable(false);
    setFileRefused(null);
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const pick = (file: File | null) => {
    if (!file) return;
    // Image types only; the server checks the bytes again.
    const ok = file.type.startsWith('image/');
    setImageError(!ok);
    setImage(ok ? file : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || sending) return;
    const form = new FormData();
    form.append('description', description);
    if (image) form.append('file', image);
    setOutcome(null);
    setFailure(null);
    setProgress(0);
    try {
      const created = await uploadPost(form, setProgress);
      setDescription('');
      setImage(null);
      setOutcome(created.status === 'approved' ? 'published' : 'submitted');
      await client.invalidateQueries({ queryKey: postsKeys.all });
    } catch (error) {
      // What the member wrote stays in the form. A refused file is named at its chip, in the API's
      // words (not the generic notice), so the member removes it and posts.
      if (image && error instanceof ApiError && (error.code === 415 || error.code === 413))
        setFileRefused(explain(error));
      else {
        setFailure(isTryAgain(error) ? explain(error) : null);
        setOutcome('failed');
      }
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card w="100%" maw={POST_CARD_MAX_WIDTH} component="form" onSubmit={submit} aria-label={t('add.label')}>
      <Stack gap="sm">
        <GrowingTextarea
          ref={field}
          aria-label={t('add.label')}
          placeholder={t('add.placeholder')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          minRows={2}
          maxRows={10}
          disabled={sending}
        />
        {preview && !unreadable && (
          <Box>
            <Image
              src={preview}
              alt=""
              radius="sm"
              mah={260}
              fit="contain"
              bg="gray.1"
              onError={() => setUnreadable(true)}
            />
          </Box>
        )}
        {image && (
          // The chosen file as a chip, whether or not it could be previewed: always removable.
          <Group
            gap="xs"
            wrap="nowrap"
            px="sm"
            py={4}
            data-file-chip
            style={{
              border: `1px solid var(--mantine-color-${fileRefused ? 'red-6' : 'gray-4'})`,
              borderRadius: 'var(--mantine-radius-xl)',
              alignSelf: 'flex-start',
              maxWidth: '100%',
            }}
          >
            <IconPhoto size={16} aria-hidden />
            <Text size="sm" truncate>
              {image.name}
            </Text>
            {!sending && (
              <CloseButton size="sm" aria-label={t('add.removeImage')} onClick={() => setImage(null)} />
            )}
          </Group>
        )}
        {fileRefused && (
          <Text size="sm" c="red.8" role="alert">
            {fileRefused}
          </Text>
        )}
        {imageError && (
          <Text size="sm" c="red">
            {t('add.imageOnly')}
          </Text>
        )}
        {sending && image && (
          <Stack gap={4}>
            <Progress
              value={Math.round((progress ?? 0) * 100)}
              aria-label={t('add.uploading', { percent: Math.round((progress ?? 0) * 100) })}
              animated
            />
            <Text size="xs" c="dimmed">
              {t('add.uploading', { percent: Math.round((progress ?? 0) * 100) })}
            </Text>
          </Stack>
        )}
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <FileButton onChange={pick} accept="image/*" disabled={sending}>
              {(props) => (
                <ActionIcon
                  {...props}
                  variant="light"
                  size="lg"
                  aria-label={image ? t('add.changeImage') : t('add.addImage')}
                >
                  <IconPhoto size={20} />
                </ActionIcon>
              )}
            </FileButton>
            {/* Counted as the server counts (core keptLength): an emoji is one. */}
            <Text size="xs" c={length > POST_DESCRIPTION_MAX ? 'red.8' : 'dimmed'} data-counter>
              {t('add.counter', { n: length, max: POST_DESCRIPTION_MAX })}
            </Text>
          </Group>
          <Button type="submit" disabled={!valid || sending} loading={sending}>
            {t('add.submit')}
          </Button>
        </Group>
        {(outcome === 'submitted' || outcome === 'published') && (
          <Alert
            color="teal"
            variant="light"
            role="status"
            title={t('add.submitted')}
            withCloseButton
            closeButtonLabel={t('add.dismiss')}
            onClose={() => setOutcome(null)}
          >
            {outcome === 'submitted' ? t('add.review') : null}
          </Alert>
        )}
        {outcome === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {failure ?? t('add.failed')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
