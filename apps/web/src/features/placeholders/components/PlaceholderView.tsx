import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageMeta } from '../../../lib/head';

/** These screens are a heading and a subtitle only (docs/product/shell.md, "Placeholders"). */
export function PlaceholderView({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="sm" py="md">
      <PageMeta title={title} description={subtitle} />
      <Title order={1}>{title}</Title>
      <Text c="dimmed" size="lg">
        {subtitle}
      </Text>
      {children}
    </Stack>
  );
}
