// Per-page head tags through React 19's own hoisting of <title>, <meta> and <link>: whatever
// page is mounted owns the head, and leaving the page removes its tags.
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePublicConfig } from './publicConfig';

export const TITLE_SEPARATOR = '|';

export interface PageMetaProps {
  /** The page's own part of the title; the community name is appended (`<title> | <community>`). */
  title: string;
  description: string;
  /** Absolute or site-relative URL of the social-card image. */
  image?: string;
  /** Defaults to this origin + the current path (no query, no hash). */
  canonical?: string;
}

export function useCommunityName(): string {
  const { t } = useTranslation('common');
  const { data } = usePublicConfig();
  return data?.communityName || t('appName');
}

export function pageTitle(title: string, community: string): string {
  return title ? `${title} ${TITLE_SEPARATOR} ${community}` : community;
}

// On the server (entry-server.tsx) there is no location: the operator's PUBLIC_URL stands for it.
let serverOrigin = 'http://localhost';

/** The site's origin where `window` does not exist (set once by the server's render entry). */
export function setServerOrigin(url: string): void {
  serverOrigin = new URL(url).origin;
}

const origin = () => (typeof window === 'undefined' ? serverOrigin : window.location.origin);

/** This site's host (`samaj.example.org`), as a member would type it. */
export function siteHost(): string {
  return new URL(origin()).host;
}

function absolute(url: string): string {
  return new URL(url, origin()).toString();
}

let serverTagsRemoved = false;

/**
 * The server writes each page's share card into the HTML it sends (apps/server platform/share-card.ts,
 * marked `data-ssr`) for link previews; the app takes the head over with its own tags, so there is
 * never a second title or description. A prerendered page drops them before React hydrates it
 * (main.tsx), or React would adopt the server's tags as its own and lose them here.
 */
export function removeServerTags(): void {
  if (serverTagsRemoved) return;
  serverTagsRemoved = true;
  for (const node of document.head.querySelectorAll('[data-ssr]')) node.remove();
}

function useReplaceServerTags(): void {
  useLayoutEffect(removeServerTags, []);
}

export function PageMeta({ title, description, image, canonical }: PageMetaProps) {
  useReplaceServerTags();
  const community = useCommunityName();
  const { pathname } = useLocation();
  const fullTitle = pageTitle(title, community);
  const url = canonical ? absolute(canonical) : origin() + pathname;
  const imageUrl = absolute(image ?? '/icons/icon-512.png');
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={community} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
    </>
  );
}
