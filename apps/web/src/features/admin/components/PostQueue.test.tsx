import type { QueuedPost } from '@samaj/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, renderApp, stubServer, testAdmin, testPost } from '../../../test/render';

const queued = (id: string, description: string): QueuedPost => {
  const { file, fileWidth, fileHeight, rejectionReason, createdAt, user } = testPost();
  return {
    id,
    description,
    file,
    fileWidth,
    fileHeight,
    rejectionReason,
    createdAt,
    user,
    status: 'requested',
  };
};

function stubQueue(answer: (request: FakeRequest) => { status?: number; body?: unknown } | undefined) {
  const decisions: FakeRequest[] = [];
  stubServer({
    account: testAdmin,
    routes: (request) => {
      if (request.path === '/api/admin/summary') {
        return { body: { posts: 2, reports: 0, publisherRequests: 0, surnameSubmissions: 0 } };
      }
      if (request.path === '/api/admin/posts') {
        return {
          body: { documents: [queued('p1', 'Garba night'), queued('p2', 'Blood camp')], nextCursor: null },
        };
      }
      if (request.path.endsWith('/decision')) {
        decisions.push(request);
        return answer(request);
      }
      return undefined;
    },
  });
  return decisions;
}

describe('post queue (staff console)', () => {
  it('approves with one click and rejects only after the reason step, sending the reason', async () => {
    const decisions = stubQueue(() => ({ body: { ok: true } }));
    renderApp('/admin/posts');
    const [first] = await screen.findAllByRole('article');
    fireEvent.click(within(first).getByRole('button', { name: 'મંજૂર કરો' }));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0].path).toBe('/api/admin/posts/p1/decision');
    expect(decisions[0].body).toEqual({ status: 'approved' });

    const second = (await screen.findAllByRole('article'))[1];
    fireEvent.click(within(second).getByRole('button', { name: 'નામંજૂર કરો' }));
    expect(decisions).toHaveLength(1); // the first click only opens the reason
    fireEvent.change(within(second).getByLabelText(/કારણ/), { target: { value: '  Not community news  ' } });
    fireEvent.click(within(second).getByRole('button', { name: 'પોસ્ટ નામંજૂર કરો' }));
    await waitFor(() => expect(decisions).toHaveLength(2));
    expect(decisions[1].path).toBe('/api/admin/posts/p2/decision');
    expect(decisions[1].body).toEqual({ status: 'rejected', reason: 'Not community news' });
  });

  it('says so when a decision fails, and the buttons can be used again', async () => {
    stubQueue(() => ({
      status: 409,
      body: { message: 'Already decided', code: 409, type: 'document_conflict' },
    }));
    renderApp('/admin/posts');
    const [first] = await screen.findAllByRole('article');
    fireEvent.click(within(first).getByRole('button', { name: 'ખાનગી કરો' }));
    expect(await within(first).findByRole('alert')).toBeTruthy();
    await waitFor(() =>
      expect(within(first).getByRole('button', { name: 'મંજૂર કરો' }).hasAttribute('disabled')).toBe(false),
    );
  });
});
