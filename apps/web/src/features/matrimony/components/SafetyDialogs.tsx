// The Block and Report dialogs of a matrimony card, loaded the first time a member presses either
// (SafetyActions.tsx): two closed Modals on every card each mounted a portal, focus trap and scroll lock.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { REPORT_REASON_MAX } from '@samaj/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { GrowingTextarea } from '../../../components/GrowingTextarea';
import { useErrorMessage } from '../../../lib/errors';
import { useBlock, useReport } from '../api/matrimony';

export interface SafetyDialogsProps {
  profile: string;
  name: string;
  open: 'block' | 'report' | null;
  onClose: () => void;
}

export default function SafetyDialogs({ profile, name, open, onClose }: SafetyDialogsProps) {
  const { t } = useTranslation('matrimony');
  const explain = useErrorMessage();
  const block = useBlock();
  const report = useReport();
  const [reason, setReason] = useState('');
  // Mounted closed, then opened: the entrance plays, and the dialog remembers the pressed button to
  // give focus back to it.
  const mounted = useMounted();
  const close = () => {
    onClose();
    block.reset();
    report.reset();
  };
  const done = (message: string) => notifications.show({ message, color: 'teal' });
  const trimmed = reason.trim();
  return (
    <>
      <SafetyModal
        opened={mounted && open === 'block'}
        onClose={close}
        title={t('safety.blockTitle', { name })}
        text={t('safety.blockText')}
        error={block.isError ? explain(block.error) : null}
        confirm={t('safety.blockConfirm')}
        pending={block.isPending}
        onConfirm={() =>
          block.mutate(profile, {
            onSuccess: () => {
              close();
              done(t('safety.blocked'));
            },
          })
        }
      />
      <SafetyModal
        opened={mounted && open === 'report'}
        onClose={close}
        title={t('safety.reportTitle', { name })}
        text={t('safety.reportText')}
        error={report.isError ? explain(report.error) : null}
        confirm={t('safety.reportConfirm')}
        pending={report.isPending}
        disabled={!trimmed}
        onConfirm={() =>
          report.mutate(
            { profile, reason: trimmed },
            {
              onSuccess: () => {
                close();
                setReason('');
                done(t('safety.reported'));
              },
            },
          )
        }
      >
        <GrowingTextarea
          label={t('safety.reason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={REPORT_REASON_MAX}
          minRows={3}
          required
          data-autofocus
        />
      </SafetyModal>
    </>
  );
}

interface SafetyModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: string;
  error: string | null;
  confirm: string;
  pending: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  children?: React.ReactNode;
}

/** Block and Report ask the same way: what it means, anything more to say, Cancel or the red button. */
function SafetyModal({
  opened,
  onClose,
  title,
  text,
  error,
  confirm,
  pending,
  disabled,
  onConfirm,
  children,
}: SafetyModalProps) {
  const { t } = useTranslation('matrimony');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text size="sm">{text}</Text>
        {children}
        <FormError message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('safety.cancel')}
          </Button>
          <Button color="red" disabled={disabled} loading={pending} onClick={onConfirm}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
