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
import { fitsRequiredText, POST_CARD_MAX_WIDTH, POST_DESCRIPTION_MAX } from '@samaj/core';
import { IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/GrowingTextarea';
import { postsKeys } from '../api/cache';
import { uploadPost } from '../api/posts';

/**
 * SPEC §2/§4/§5 Add post: text up to 1000 with a counter, an optional image, progress while
 * sending. The outcome is told once, under the form: 'Post Submitted' (with the review note when
 * the post waits for staff) or the failure notice.
 */
export function AddPost() {
  const { t } = useTranslation('posts');
  const client = useQueryClient();
  const [description, setDescription] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<'submitted' | 'published' | 'failed' | null>(null);
  const [imageError, setImageError] = useState(false);
  // The server's rule (addPostSchema), judged without loading zod on every keystroke.
  const valid = fitsRequiredText(description, POST_DESCRIPTION_MAX);
  const sending = progress !== null;

  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const pick = (file: File | null) => {
    if (!file) return;
    // Image types only (SPEC §5); the server checks the bytes again.
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
    setProgress(0);
    try {
      const created = await uploadPost(form, setProgress);
      setDescription('');
      setImage(null);
      setOutcome(created.status === 'approved' ? 'published' : 'submitted');
      await client.invalidateQueries({ queryKey: postsKeys.all });
    } catch {
      // What the member wrote stays in the form.
      setOutcome('failed');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card w="100%" maw={POST_CARD_MAX_WIDTH} component="form" onSubmit={submit} aria-label={t('add.label')}>
      <Stack gap="sm">
        <GrowingTextarea
          aria-label={t('add.label')}
          placeholder={t('add.placeholder')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          minRows={2}
          maxRows={10}
          maxLength={POST_DESCRIPTION_MAX}
          disabled={sending}
        />
        {preview && (
          <Box pos="relative">
            <Image src={preview} alt="" radius="sm" mah={260} fit="contain" bg="gray.1" />
            {!sending && (
              <CloseButton
                pos="absolute"
                top={6}
                right={6}
                variant="filled"
                aria-label={t('add.removeImage')}
                onClick={() => setImage(null)}
              />
            )}
          </Box>
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
            <Text size="xs" c={description.length > POST_DESCRIPTION_MAX ? 'red' : 'dimmed'} data-counter>
              {t('add.counter', { n: description.length, max: POST_DESCRIPTION_MAX })}
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
            {t('add.failed')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
