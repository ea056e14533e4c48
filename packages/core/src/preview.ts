import { DEFAULT_PICTURE_ID, type PreviewWidth } from './constants.ts';

/**
 * The server's resized copy of a stored image (GET /api/files/:id/preview). No id (a member
 * without a picture, an event without a thumbnail) shows the default picture.
 */
export function previewUrl(fileId: string | null | undefined, width: PreviewWidth): string {
  return `/api/files/${encodeURIComponent(fileId || DEFAULT_PICTURE_ID)}/preview?width=${width}`;
}
