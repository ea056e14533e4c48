import { Box, Group, Stack } from '@mantine/core';
import { POST_CARD_MAX_WIDTH } from '@samaj/core';
import type { ReactNode } from 'react';
import { CardSkeletons } from '../../../components/CardSkeletons';

/** The member's home: the feed's column and, on a wide screen, the sidebar beside it. */
export function FeedColumns({ children, sidebar }: { children: ReactNode; sidebar?: ReactNode }) {
  return (
    <Group align="flex-start" justify="center" gap="xl" wrap="nowrap">
      <Stack gap="md" align="center" style={{ flex: '1 1 auto', minWidth: 0, maxWidth: POST_CARD_MAX_WIDTH }}>
        {children}
      </Stack>
      <Box visibleFrom="md" w={280} style={{ flex: '0 0 280px', position: 'sticky', top: 72 }}>
        {sidebar}
      </Box>
    </Group>
  );
}

/**
 * Placeholders where the feed's cards will be, in the same columns, so the cards arriving do not move
 * the page sideways on a wide screen.
 */
export function FeedSkeleton() {
  return (
    <FeedColumns>
      <Box w="100%">
        <CardSkeletons count={3} />
      </Box>
    </FeedColumns>
  );
}
