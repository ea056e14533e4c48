import { ActionIcon, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type PostView, REPORT_REASON_MAX } from '@samaj/core';
import { IconDots, IconFlag, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/GrowingTextarea';
import { useDeletePost, useReportPost } from '../api/posts';

/** Delete (with confirmation) for the author; Report (asks a reason, then thanks) for everyone else. */
export function PostMenu({
  post,
  mine,
  onDeleted,
}: {
  post: PostView;
  mine: boolean;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('posts');
  const [dialog, setDialog] = useState<'delete' | 'report' | 'thanks' | null>(null);
  const [reason, setReason] = useState('');
  const del = useDeletePost();
  const report = useReportPost();
  // Only approved posts can be reported; an author's own post offers Delete whatever its status.
  if (!mine && post.status !== 'approved') return null;

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
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('card.actions')}>
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
