import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language, setLanguage } from '../../../lib/i18n';

/** ગુજરાતી / English, remembered in this browser. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('settings');
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text fw={600} id={labelId}>
        {t('language')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        // Re-read on every language change (i18n.language makes this component re-render).
        value={i18n.language === 'en' ? 'en' : currentLanguage()}
        onChange={(value) => void setLanguage(value as Language)}
        data={[
          { value: 'gu', label: t('languages.gu') },
          { value: 'en', label: t('languages.en') },
        ]}
      />
    </Stack>
  );
}
