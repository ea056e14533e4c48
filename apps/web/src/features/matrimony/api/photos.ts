// The owner's photos (docs/product/matrimony.md, "Photos"): each picked file goes through the media pipeline
// first (POST /api/matrimony/photo: sniffed, re-encoded, EXIF dropped), then the list in its order with who
// sees them is saved at once (PUT /api/matrimony/photos; uploads left out are deleted by the server).
import type { MatrimonyPhotosInput, MyProfile, PhotoUpload } from '@samaj/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { matrimonyKeys } from './matrimony';

/** Uploads one picked photo; its file id is what the photo list names. */
export async function uploadMatrimonyPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const { dp } = await api<PhotoUpload>('/api/matrimony/photo', { body });
  return dp;
}

export function useSavePhotos() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MatrimonyPhotosInput) =>
      api<MyProfile>('/api/matrimony/photos', { method: 'PUT', body: input }),
    onSuccess: (profile) => client.setQueryData(matrimonyKeys.mine, profile),
  });
}
