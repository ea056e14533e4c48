import type { Page, SubmissionView } from '@samaj/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface SubmissionInput {
  gam: string;
  kuldevta: string;
  /** HTML (the form turns the member's plain text into paragraphs). */
  description: string;
}

export const mySubmissionsQueryKey = (name: string) => ['surname-submissions', 'mine', name] as const;

/** The member's own submissions for one surname, newest first. */
export const mySubmissionsQuery = (name: string) =>
  queryOptions({
    queryKey: mySubmissionsQueryKey(name),
    queryFn: ({ signal }) =>
      api<Page<SubmissionView>>(`/api/surname-submissions/mine?surname=${encodeURIComponent(name)}`, {
        signal,
      }),
  });

export function useMySubmissions(name: string, enabled: boolean) {
  return useQuery({ ...mySubmissionsQuery(name), enabled: enabled && name !== '' });
}

export function useSubmitSurname(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmissionInput) =>
      api<SubmissionView>(`/api/surnames/${encodeURIComponent(name)}/submissions`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: mySubmissionsQueryKey(name) }),
  });
}
