// Share through the device's share sheet when there is one, else copy the link and say so.

import { notifications } from '@mantine/notifications';
import { withUtm } from '@samaj/core';
import { i18n } from './i18n';

export interface ShareInput {
  /** Absolute or site-relative; utm source and medium are added. */
  url: string;
  title?: string;
  text?: string;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export async function share({ url, title, text }: ShareInput): Promise<ShareOutcome> {
  const tagged = withUtm(new URL(url, window.location.origin).toString());
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url: tagged, title, text });
      return 'shared';
    } catch (error) {
      // The member closed the sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(tagged);
    notifications.show({ message: i18n.t('common:share.copied'), color: 'teal' });
    return 'copied';
  } catch {
    notifications.show({ message: i18n.t('common:share.failed', { url: tagged }), color: 'red' });
    return 'failed';
  }
}
