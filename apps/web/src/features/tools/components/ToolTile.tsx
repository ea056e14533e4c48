import { Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { PersonaType } from '@samaj/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './ToolTile.module.css';

export type TileIcon = ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;

interface ToolTileProps {
  to: string;
  title: string;
  subtitle?: string;
  icon: TileIcon;
  color: string;
  wide?: boolean;
}

export function ToolTile({ to, title, subtitle, icon: Icon, color, wide }: ToolTileProps) {
  return (
    <UnstyledButton component={Link} to={to} className={classes.tile} data-wide={wide || undefined}>
      <ThemeIcon size={wide ? 52 : 44} radius="md" variant="light" color={color}>
        <Icon size={wide ? 30 : 26} stroke={1.6} aria-hidden />
      </ThemeIcon>
      <div className={classes.text}>
        <Text fw={600} size={wide ? 'lg' : 'md'} className={classes.title}>
          {title}
        </Text>
        {subtitle && (
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        )}
      </div>
    </UnstyledButton>
  );
}

export function PersonaTile({ type, icon: Icon }: { type: PersonaType; icon: TileIcon }) {
  // The home page's own copy of the six titles: the placeholders texts (every page's subtitle) would
  // be one more file before the home page can show.
  const { t } = useTranslation('tools');
  return (
    <UnstyledButton component={Link} to={`/personas?type=${type}`} className={classes.persona}>
      <ThemeIcon size={44} radius="xl" variant="light">
        <Icon size={24} stroke={1.6} aria-hidden />
      </ThemeIcon>
      <Text size="sm" fw={600} ta="center" className={classes.title}>
        {t(`personaTitles.${type}`)}
      </Text>
    </UnstyledButton>
  );
}
