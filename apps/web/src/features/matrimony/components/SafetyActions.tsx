// On every card (issue 9): Not interested (gone from my suggestions), Block (neither side sees the
// other anywhere in matrimony) and Report with a reason (reaches staff; reporting also blocks).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { REPORT_REASON_MAX } from '@samaj/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { GrowingTextarea } from '../../../components/GrowingTextarea';
import { useErrorMessage } from '../../../lib/errors';
import { useBlock, useNotInterested, useReport } from '../api/matrimony';

interface Props {
  profile: string;
  name: string;
}

export function SafetyActions({ profile, name }: Props) {
  const { t } = useTranslation('matrimony');
  const explain = useErrorMessage();
  const hide = useNotInterested();
  const block = useBlock();
  const report = useReport();
  const [open, setOpen] = useState<'block' | 'report' | null>(null);
  const [reason, setReason] = useState('');
  const close = () => {
    setOpen(null);
    block.reset();
    report.reset();
  };
  const failed = (error: Error) =>
    notifications.show({ message: t('card.failed', { message: explain(error) }), color: 'red' });
  const done = (message: string) => () => notifications.show({ message, color: 'teal' });
  const trimmed = reason.trim();
  return (
    <>
      <Group gap={4} justify="flex-end">
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          loading={hide.isPending}
          onClick={() => hide.mutate(profile, { onSuccess: done(t('safety.hidden')), onError: failed })}
        >
          {t('safety.notInterested')}
        </Button>
        <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setOpen('block')}>
          {t('safety.block')}
        </Button>
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => setOpen('report')}>
          {t('safety.report')}
        </Button>
      </Group>
      <SafetyModal
        opened={open === 'block'}
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
              done(t('safety.blocked'))();
            },
          })
        }
      />
      <SafetyModal
        opened={open === 'report'}
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
                done(t('safety.reported'))();
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
