import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MemberOnly } from '../../../components/MemberOnly';
import { SettingsSubpage } from '../../../components/SettingsSubpage';
import { DeleteAccount } from '../components/DeleteAccount';

const VISIBLE = ['name', 'username', 'picture', 'badges', 'joined', 'posts'] as const;
const HIDDEN = ['email', 'phone', 'birthday', 'gender', 'marital', 'matrimony'] as const;

/** Which of the member's details others see (visible) or only the member and staff (hidden). */
function FieldList({ group, items }: { group: 'visible' | 'hidden'; items: readonly string[] }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <Title order={2} size="h4" mt={group === 'hidden' ? 'sm' : undefined}>
        {t(`privacyPage.${group}Title`)}
      </Title>
      <List spacing={4}>
        {items.map((item) => (
          <List.Item key={item}>{t(`privacyPage.${group}.${item}`)}</List.Item>
        ))}
      </List>
    </>
  );
}

export default function Privacy() {
  const { t } = useTranslation('settings');
  return (
    <SettingsSubpage title={t('privacy')} description={t('privacyPage.description')}>
      <MemberOnly>
        {() => (
          <>
            <Card>
              <Stack gap="xs">
                <FieldList group="visible" items={VISIBLE} />
                <FieldList group="hidden" items={HIDDEN} />
              </Stack>
            </Card>
            <Card>
              <Stack gap="xs" align="flex-start">
                <Title order={2} size="h4">
                  {t('privacyPage.downloadTitle')}
                </Title>
                <Text>{t('privacyPage.downloadText')}</Text>
                {/* A plain link: the server answers with the file and its name (Content-Disposition). */}
                <Button
                  component="a"
                  href="/api/account/export"
                  download
                  variant="light"
                  leftSection={<IconDownload size={18} aria-hidden />}
                >
                  {t('privacyPage.download')}
                </Button>
              </Stack>
            </Card>
            <Card style={{ borderColor: 'var(--mantine-color-red-4)' }}>
              <Stack gap="xs">
                <Title order={2} size="h4" c="red">
                  {t('privacyPage.delete.title')}
                </Title>
                <DeleteAccount />
              </Stack>
            </Card>
          </>
        )}
      </MemberOnly>
    </SettingsSubpage>
  );
}
