import { Button, FileButton, Group, Stack } from '@mantine/core';
import { DEFAULT_PICTURE_ID, PROFILE_PICTURE_TYPES } from '@samaj/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePictureActions } from '../lib/picture';
import { FormError } from './FormError';

/** Remove Image / Upload new image for the owner (profile popup and Manage Profile). */
export function PictureActions({ dp, onDone }: { dp: string; onDone?: () => void }) {
  const { t } = useTranslation('common');
  const { upload, remove, busy, error } = usePictureActions();
  const [running, setRunning] = useState<'upload' | 'remove' | null>(null);
  // Cleared after each try so picking the same file again still reacts.
  const resetRef = useRef<() => void>(null);
  const act = async (kind: 'upload' | 'remove', action: () => Promise<boolean>) => {
    setRunning(kind);
    const ok = await action();
    setRunning(null);
    resetRef.current?.();
    if (ok) onDone?.();
  };
  return (
    <Stack gap="xs">
      <FormError message={error} />
      <Group gap="sm" justify="center">
        <Button
          variant="default"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          disabled={busy || dp === DEFAULT_PICTURE_ID}
          onClick={() => void act('remove', remove)}
        >
          {running === 'remove' ? t('picture.updating') : t('picture.remove')}
        </Button>
        <FileButton
          accept={PROFILE_PICTURE_TYPES.join(',')}
          onChange={(file) => void act('upload', () => upload(file))}
          disabled={busy}
          resetRef={resetRef}
          inputProps={{ 'aria-label': t('picture.upload') } as never}
        >
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={18} aria-hidden />} disabled={busy}>
              {running === 'upload' ? t('picture.updating') : t('picture.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}
