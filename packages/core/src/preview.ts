import { DEFAULT_PICTURE_ID, type PreviewWidth } from './constants.ts';

/**
 * The server's resized copy of a stored image (GET /api/files/:id/preview). No id (a member
 * without a picture, an event without a thumbnail) shows the default picture.
 */
export function previewUrl(fileId: string | null | undefined, width: PreviewWidth): string {
  return `/api/files/${encodeURIComponent(fileId || DEFAULT_PICTURE_ID)}/preview?width=${width}`;
}

/**
 * The CSS `aspect-ratio` a picture of this stored size is drawn with before it arrives, so the page
 * keeps its place instead of moving down as pictures load on a slow connection (a preview is the
 * original scaled, never cropped). `auto` (the browser's own: no space kept) when the size is unknown.
 */
export function pictureAspect(width: number | null | undefined, height: number | null | undefined): string {
  if (!width || !height || width < 0 || height < 0) return 'auto';
  return `${width} / ${height}`;
}
