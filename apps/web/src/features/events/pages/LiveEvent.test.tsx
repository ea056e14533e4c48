import type { EventView } from '@samaj/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubServer, testMember } from '../../../test/render';

const base: EventView = {
  id: 'ev1',
  name: 'Annual Meeting',
  description: '',
  thumbnail: 'newuser',
  file: null,
  time: new Date(2024, 2, 9, 12).toISOString(),
  location: 'Samaj Hall',
  host: 'host_user',
  liveStream: true,
  live: false,
  createdAt: '2024-01-01T00:00:00.000Z',
};

function stubEvent(status: number, body: unknown) {
  stubServer({
    account: testMember,
    routes: ({ path }) => (path.startsWith('/api/events/') ? { status, body } : undefined),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('event screen', () => {
  it("a member opening an event that is not live sees 'Not Started' with the wait message", async () => {
    stubEvent(200, base);
    renderApp('/event/ev1');
    expect(await screen.findByRole('heading', { name: 'Annual Meeting' })).toBeTruthy();
    expect(screen.getByText('Not Started')).toBeTruthy();
    expect(screen.getByText(/હજી શરૂ થયો નથી/)).toBeTruthy();
    expect(screen.getByText(/09\/03\/2024/)).toBeTruthy();
  });

  it('the host sees their own screen, not the waiting one', async () => {
    stubEvent(200, { ...base, host: testMember.id });
    renderApp('/event/ev1');
    expect(await screen.findByText(/તમે આ કાર્યક્રમના યજમાન છો/)).toBeTruthy();
    expect(screen.queryByText('Not Started')).toBeNull();
  });

  it('an unknown event says it was not found', async () => {
    stubEvent(404, { message: 'No event', code: 404, type: 'document_not_found' });
    renderApp('/event/nope');
    expect(await screen.findByText('કાર્યક્રમ મળ્યો નથી')).toBeTruthy();
  });
});
