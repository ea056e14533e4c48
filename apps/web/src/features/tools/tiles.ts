import type { PersonaType } from '@samaj/core';
import {
  IconBriefcase,
  IconBuildingCommunity,
  IconBuildingStore,
  IconCalendarEvent,
  IconCoin,
  IconHeartHandshake,
  IconHearts,
  IconId,
  IconMap2,
  IconSchool,
  IconStar,
  IconTrophy,
  IconUserCheck,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { TileIcon } from './components/ToolTile';

export interface ToolTileDef {
  key: 'surnames' | 'matrimony' | 'events' | 'scholarships' | 'jobs' | 'businesses' | 'venues' | 'map';
  to: string;
  icon: TileIcon;
  color: string;
  /** Full width (Surnames and Matrimony: docs/product/shell.md, "Tools home"); the rest take half. */
  wide: boolean;
}

export const toolTiles: ToolTileDef[] = [
  { key: 'surnames', to: '/surnames', icon: IconId, color: 'orange', wide: true },
  { key: 'matrimony', to: '/matrimony', icon: IconHearts, color: 'pink', wide: true },
  { key: 'events', to: '/events', icon: IconCalendarEvent, color: 'grape', wide: false },
  { key: 'scholarships', to: '/scholarships', icon: IconSchool, color: 'blue', wide: false },
  { key: 'jobs', to: '/jobs', icon: IconBriefcase, color: 'teal', wide: false },
  { key: 'businesses', to: '/businesses', icon: IconBuildingStore, color: 'yellow', wide: false },
  { key: 'venues', to: '/venues', icon: IconBuildingCommunity, color: 'indigo', wide: false },
  { key: 'map', to: '/community-map', icon: IconMap2, color: 'green', wide: false },
];

export const personaIcons: Record<PersonaType, TileIcon> = {
  notable: IconStar,
  toppers: IconTrophy,
  professionals: IconUserCheck,
  donors: IconCoin,
  committee: IconUsersGroup,
  volunteers: IconHeartHandshake,
};
