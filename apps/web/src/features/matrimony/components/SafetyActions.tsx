// On every card (docs/product/matrimony.md, "Safety"): Not interested (gone from my suggestions), Block
// (neither side sees the other anywhere in matrimony) and Report with a reason (reaches staff; reporting also
// blocks). The Block and Report dialogs load the first time either is pressed (SafetyDialogs.tsx).
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/errors';
import { useNotInterested } from '../api/matrimony';

const loadDialogs = () => import('./SafetyDialogs');
const SafetyDialogs = lazy(loadDialogs);

interface Props {
  profile: string;
  name: string;
}

export function SafetyActions({ profile, name }: Props) {
  const { t } = useTranslation('matrimony');
  const explain = useErrorMessage();
  const hide = useNotInterested();
  // null until Block or Report is first pressed: the dialogs are not even loaded before.
  const [open, setOpen] = useState<'block' | 'report' | null | undefined>(undefined);
  const failed = (error: Error) =>
    notifications.show({ message: t('card.failed', { message: explain(error) }), color: 'red' });
  const preload = () => void loadDialogs();
  return (
    <>
      <Group gap={4} justify="flex-end">
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          loading={hide.isPending}
          onClick={() =>
            hide.mutate(profile, {
              onSuccess: () => notifications.show({ message: t('safety.hidden'), color: 'teal' }),
              onError: failed,
            })
          }
        >
          {t('safety.notInterested')}
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => setOpen('block')}
        >
          {t('safety.block')}
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => setOpen('report')}
        >
          {t('safety.report')}
        </Button>
      </Group>
      {open !== undefined && (
        <Suspense fallback={null}>
          <SafetyDialogs profile={profile} name={name} open={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
