// One profile on a card (suggestions, matches, requests): photo, first name, age, education,
// career and about — never phone or address (the server does not send them). The card's own
// actions come as children; Not interested / Block / Report are on every card. The name (and the
// photo) open the full profile page, /matrimony/profile/:id (docs/product/matrimony.md, "Privacy").
import { Anchor, Box, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { ProfileCard } from '@samaj/core';
import { IconBriefcase, IconLock, IconSchool, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SafetyActions } from './SafetyActions';

interface Props {
  card: ProfileCard;
  children?: ReactNode;
}

const PHOTO_W = 96;
const PHOTO_H = 120;

export function ProfileCardView({ card, children }: Props) {
  const { t } = useTranslation('matrimony');
  const page = `/matrimony/profile/${encodeURIComponent(card.id)}`;
  return (
    <Card component="article" aria-label={card.firstName}>
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap" align="flex-start">
          {/* The same page as the name's link: kept out of the tab order and the reading. */}
          <Link to={page} tabIndex={-1} aria-hidden style={{ flexShrink: 0, display: 'block' }}>
            {card.photo ? (
              <Image
                src={card.photo}
                alt={t('card.photoAlt', { name: card.firstName })}
                w={PHOTO_W}
                h={PHOTO_H}
                radius="md"
                fit="cover"
                style={{ flexShrink: 0 }}
              />
            ) : (
              <Box
                w={PHOTO_W}
                h={PHOTO_H}
                bg="gray.1"
                style={{
                  borderRadius: 'var(--mantine-radius-md)',
                  display: 'grid',
                  placeItems: 'center',
                  flexShrink: 0,
                }}
                aria-hidden
              >
                {card.photoLocked ? (
                  <IconLock size={32} color="var(--mantine-color-gray-6)" />
                ) : (
                  <IconUser size={40} color="var(--mantine-color-gray-5)" />
                )}
              </Box>
            )}
          </Link>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" align="baseline">
              {/* Level 2 under the page's h1 (a skipped level failed Lighthouse's heading order). */}
              <Title order={2} size="h4">
                <Anchor component={Link} to={page} inherit c="inherit" underline="hover">
                  {card.firstName}
                </Anchor>
              </Title>
              <Text c="dimmed" size="sm">
                {t('card.age', { age: card.age })}
              </Text>
            </Group>
            <Fact icon={IconSchool} label={t('card.education')} value={card.education} />
            <Fact icon={IconBriefcase} label={t('card.career')} value={card.career} />
          </Stack>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {card.description}
        </Text>
        {children}
        <SafetyActions profile={card.id} name={card.firstName} />
      </Stack>
    </Card>
  );
}

/** One line of the card: an icon that names the fact for screen readers, then the member's words. */
function Fact({ icon: Icon, label, value }: { icon: typeof IconSchool; label: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Icon size={16} aria-label={label} style={{ flexShrink: 0, marginTop: 3 }} />
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
