import {
  ActionIcon,
  Avatar,
  Card,
  Flex,
  Group,
  Image,
  Modal,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { formatJoinDate, hasLabel } from '@samaj/core';
import { IconPencil, IconRosetteDiscountCheckFilled, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PictureActions } from '../../../components/PictureActions';
import { previewUrl } from '../../../lib/previewUrl';
import { LabelBadges } from './LabelBadges';
import classes from './ProfileHeader.module.css';

export interface ProfileHeaderProps {
  username: string;
  name: string;
  dp: string;
  labels: readonly string[];
  createdAt?: string;
  isOwner: boolean;
}

/** Picture, name with the verified tick, @username, badges and join date; owner tools on top. */
export function ProfileHeader({ username, name, dp, labels, createdAt, isOwner }: ProfileHeaderProps) {
  const { t } = useTranslation('profiles');
  const [open, setOpen] = useState(false);
  return (
    <Card padding="lg" pos="relative">
      {isOwner && (
        <ActionIcon
          component={Link}
          to="/settings"
          variant="subtle"
          color="gray"
          size="lg"
          pos="absolute"
          top={12}
          right={12}
          aria-label={t('settings')}
          title={t('settings')}
        >
          <IconSettings size={22} aria-hidden />
        </ActionIcon>
      )}
      {/* Stacked and centred on phones, side by side from the small breakpoint up. */}
      <Flex
        direction={{ base: 'column', xs: 'row' }}
        align="center"
        gap="lg"
        pr={{ base: 0, xs: isOwner ? 40 : 0 }}
      >
        <UnstyledButton
          onClick={() => setOpen(true)}
          aria-label={isOwner ? t('picture.edit') : t('picture.open')}
          pos="relative"
          style={{ borderRadius: '50%', flexShrink: 0 }}
        >
          <Avatar src={previewUrl(dp, 300)} alt={t('picture.alt', { name })} size={96} radius={96} />
          {isOwner && (
            <ActionIcon
              component="span"
              radius="xl"
              size="md"
              pos="absolute"
              bottom={0}
              right={0}
              aria-hidden
            >
              <IconPencil size={16} />
            </ActionIcon>
          )}
        </UnstyledButton>
        <Stack gap={4} style={{ minWidth: 0 }} className={classes.details}>
          <Group gap={6} wrap="nowrap" className={classes.row}>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {hasLabel(labels, 'Verified') && (
              <IconRosetteDiscountCheckFilled
                size={22}
                color="var(--mantine-color-blue-6)"
                role="img"
                aria-label={t('labels.Verified')}
                title={t('labels.Verified')}
                style={{ flexShrink: 0 }}
              />
            )}
          </Group>
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            @{username}
          </Text>
          <div className={classes.row}>
            <LabelBadges labels={labels} />
          </div>
          {createdAt && (
            <Text size="sm" c="dimmed">
              {t('joined', { date: formatJoinDate(createdAt) })}
            </Text>
          )}
        </Stack>
      </Flex>
      <Modal opened={open} onClose={() => setOpen(false)} title={name} centered size="auto">
        <Stack align="center">
          <Image
            src={previewUrl(dp, 490)}
            alt={t('picture.alt', { name })}
            w="min(490px, 80vw)"
            radius="md"
            fit="contain"
          />
          {isOwner && <PictureActions dp={dp} />}
        </Stack>
      </Modal>
    </Card>
  );
}
