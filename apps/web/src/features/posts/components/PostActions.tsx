// The "…" menu of a post and its dialogs, loaded the first time a member presses the button
// (PostMenu.tsx): Delete (with confirmation) for the author, Report (asks a reason, then thanks) for
// everyone else.
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type PostView, REPORT_REASON_MAX } from '@samaj/core';
import { IconDots, IconFlag, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/GrowingTextarea';
import { useDeletePost, useReportPost } from '../api/posts';

export interface PostActionsProps {
  post: PostView;
  mine: boolean;
  onDeleted?: () => void;
}

export default function PostActions({ post, mine, onDeleted }: PostActionsProps) {
  const { t } = useTranslation('posts');
  const [menuOpened, setMenuOpened] = useState(false);
  const [dialog, setDialog] = useState<'delete' | 'report' | 'thanks' | null>(null);
  const [reason, setReason] = useState('');
  const target = useRef<HTMLButtonElement>(null);
  const del = useDeletePost();
  const report = useReportPost();
  // Loaded by a press on the button, so it opens at once; focus goes to this button first (the one
  // pressed was replaced), which is where the menu gives it back when it closes.
  useEffect(() => {
    target.current?.focus();
    setMenuOpened(true);
  }, []);
  const confirmDelete = () =>
    del.mutate(post, {
      onSuccess: () => {
        setDialog(null);
        onDeleted?.();
      },
      onError: () => notifications.show({ color: 'red', message: t('delete.failed') }),
    });
  const sendReport = () =>
    report.mutate(
      { post, reason: reason.trim() },
      {
        onSuccess: () => {
          setReason('');
          setDialog('thanks');
        },
        onError: () => notifications.show({ color: 'red', message: t('report.failed') }),
      },
    );

  return (
    <>
      <Menu position="bottom-end" withinPortal opened={menuOpened} onChange={setMenuOpened}>
        <Menu.Target>
          <ActionIcon ref={target} variant="subtle" color="gray" aria-label={t('card.actions')}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {mine ? (
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog('delete')}>
              {t('card.delete')}
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconFlag size={16} />} onClick={() => setDialog('report')}>
              {t('card.report')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>

      <Modal opened={dialog === 'delete'} onClose={() => setDialog(null)} title={t('delete.title')} centered>
        <Stack>
          <Text size="sm">{t('delete.confirmText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {t('delete.cancel')}
            </Button>
            <Button color="red" loading={del.isPending} onClick={confirmDelete}>
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'report'} onClose={() => setDialog(null)} title={t('report.title')} centered>
        <Stack>
          <GrowingTextarea
            label={t('report.reasonLabel')}
            placeholder={t('report.reasonPlaceholder')}
            value={reason}
            maxLength={REPORT_REASON_MAX}
            minRows={3}
            data-autofocus
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {t('report.cancel')}
            </Button>
            <Button loading={report.isPending} disabled={reason.trim().length === 0} onClick={sendReport}>
              {t('report.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'thanks'} onClose={() => setDialog(null)} withCloseButton={false} centered>
        <Stack align="center">
          <Text ta="center" role="status">
            {t('report.thanks')}
          </Text>
          <Button onClick={() => setDialog(null)}>{t('report.close')}</Button>
        </Stack>
      </Modal>
    </>
  );
}
