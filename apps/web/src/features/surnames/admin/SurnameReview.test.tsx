import type { SubmissionReviewView } from '@samaj/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, requestsTo, stubServer, testAdmin } from '../../../test/render';

function submission(id: string, name: string): SubmissionReviewView {
  return {
    id,
    surname: name,
    creator: 'ramesh_patel',
    gam: 'Mandvi',
    kuldevta: '',
    description: '',
    status: 'pending',
    reviewNote: null,
    reviewedAt: null,
    reviewedBy: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    current: {
      name,
      name_guj: name,
      gotra: '',
      gam: '',
      kuldevta: '',
      description: '',
      updatedAt: '2024-01-01T00:00:00.000Z',
    },
  };
}

describe('surname review (staff)', () => {
  it("reads the next page with the server's nextCursor when staff ask for more", async () => {
    const pages: Record<string, unknown> = {
      '': { documents: [submission('s1', 'Patel'), submission('s2', 'Shah')], nextCursor: 's2' },
      s2: { documents: [submission('s3', 'Joshi')], nextCursor: null },
    };
    const fetchMock = stubServer({
      account: testAdmin,
      routes: ({ path, query }) => {
        if (path === '/api/admin/summary') {
          return { body: { posts: 0, reports: 0, publisherRequests: 0, surnameSubmissions: 3 } };
        }
        if (path === '/api/admin/surname-submissions') return { body: pages[query.get('cursor') ?? ''] };
        return undefined;
      },
    });
    renderApp('/admin/surnames');
    expect(await screen.findByRole('article', { name: 'Shah' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Joshi' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'વધુ જુઓ' }));
    expect(await screen.findByRole('article', { name: 'Joshi' })).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/admin/surname-submissions')).toEqual([
      'GET /api/admin/surname-submissions?status=pending',
      'GET /api/admin/surname-submissions?status=pending&cursor=s2',
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'વધુ જુઓ' })).toBeNull());
  });
});
