// Per-page head tags through React 19's own hoisting of <title>, <meta> and <link>: whatever
// page is mounted owns the head, and leaving the page removes its tags. The server's render hoists
// the same tags into the HTML it sends (apps/server platform/ssr.ts), where link previews read them.
import { COMMUNITY_CARD, type ShareCard } from '@samaj/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from './api';
import { usePublicConfig } from './publicConfig';

export const TITLE_SEPARATOR = '|';

export interface PageMetaProps {
  /** The page's own part of the title; the community name is appended (`<title> | <community>`). */
  title: string;
  description: string;
  /** Absolute or site-relative URL of the social-card image; the community card when absent. */
  image?: string | null;
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

/** The kinds of page about one thing (`/<kind>/<id>`) whose features answer a share card. */
export type ShareCardKind = 'surname' | 'post' | 'event' | 'profile';

/**
 * What a visitor may see of the thing a page is about, for its head tags: every viewer's page words
 * the same card, so a link preview never shows more than a visitor may see. null: no card (the
 * thing is hidden from visitors or gone); the page words its generic meta.
 */
export const shareCardQuery = (kind: ShareCardKind, id: string) =>
  queryOptions({
    queryKey: ['share-card', kind, id],
    queryFn: ({ signal }) =>
      api<ShareCard | null>(`/api/share-cards/${kind}/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
    staleTime: 5 * 60_000,
    retry: 1,
  });

export function useShareCard(kind: ShareCardKind, id: string): ShareCard | null {
  const { data } = useQuery(shareCardQuery(kind, id));
  return data ?? null;
}

const OG_LOCALES: Record<string, string> = { gu: 'gu_IN', en: 'en_IN' };

export function PageMeta({ title, description, image, canonical }: PageMetaProps) {
  const community = useCommunityName();
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const fullTitle = pageTitle(title, community);
  const url = canonical ? absolute(canonical) : origin() + pathname;
  const imageUrl = absolute(image ?? COMMUNITY_CARD.path);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content={OG_LOCALES[i18n.language] ?? OG_LOCALES.gu} />
      <meta property="og:site_name" content={community} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={imageUrl} />
      {!image && <meta property="og:image:width" content={String(COMMUNITY_CARD.width)} />}
      {!image && <meta property="og:image:height" content={String(COMMUNITY_CARD.height)} />}
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
    </>
  );
}
