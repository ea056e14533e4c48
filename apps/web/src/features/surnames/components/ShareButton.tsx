import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../lib/hydrated';
import { share } from '../../../lib/share';

/** 'Share with others': the device share sheet (or a copied link) with utm source and medium. */
export function ShareButton({ path, title, text }: { path: string; title: string; text: string }) {
  const { t } = useTranslation('surnames');
  const ready = useHydrated();
  return (
    <Button
      disabled={!ready}
      variant="light"
      leftSection={<IconShare size={18} aria-hidden />}
      onClick={() => void share({ url: path, title, text })}
    >
      {t('share.button')}
    </Button>
  );
}
