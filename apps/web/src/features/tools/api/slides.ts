// The tools-home carousel: everyone reads the filled slides; staff fill, change and empty the
// five places in the console (features/tools/admin).
import type { SlideData, SlideImageUpload, SlideList, SlideView } from '@samaj/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const slidesQueryKey = ['slides'] as const;

/** The slides as the tools home asks for them (its page data and `useSlides`). */
export const slidesQuery = queryOptions({
  queryKey: slidesQueryKey,
  queryFn: ({ signal }) => api<SlideList>('/api/slides', { signal }),
  staleTime: 5 * 60_000,
});

/** The filled slides by position (an empty list until staff fill one). */
export function useSlides() {
  return useQuery({ ...slidesQuery, select: (list) => list.documents });
}

export function uploadSlideImage(file: File): Promise<SlideImageUpload> {
  const body = new FormData();
  body.append('file', file);
  return api<SlideImageUpload>('/api/admin/slides/image', { body });
}

/** Saves or empties one place; the tools home shows the change on its next look. */
export function useSlideActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: slidesQueryKey });
  const save = useMutation({
    mutationFn: ({ position, slide }: { position: number; slide: SlideData }) =>
      api<SlideView>(`/api/admin/slides/${position}`, { method: 'PUT', body: slide }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (position: number) => api<void>(`/api/admin/slides/${position}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { save, remove };
}
