import { matrimonyPhotoPath } from '@samaj/core';

/**
 * The owner's own photo `index` through the checked route, marked with its file id: after a reorder
 * the same index is another photo, and a browser keeps an image it drew for an address it saw before
 * (its list of available images ignores `no-store`). The server ignores the mark.
 */
export function ownPhotoSrc(profileId: string, fileId: string, index: number): string {
  return `${matrimonyPhotoPath(profileId, 300, index)}&v=${encodeURIComponent(fileId)}`;
}
