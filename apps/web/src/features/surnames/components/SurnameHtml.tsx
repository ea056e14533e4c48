import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import { purifySurnameHtml } from '../lib/html';

/** A surname's description: sanitized by the server on write and again here before rendering. */
export function SurnameHtml({ html }: { html: string }) {
  const clean = useMemo(() => purifySurnameHtml(html), [html]);
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: purified above with the allowlist */}
      <div data-testid="surname-description" dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
