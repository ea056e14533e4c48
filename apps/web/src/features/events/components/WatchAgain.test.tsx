import type { EventView } from '@samaj/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/Providers';
import { createQueryClient } from '../../../app/queryClient';
import { loadNamespace } from '../../../lib/i18n';
import { requestsTo, stubServer } from '../../../test/render';
import { WatchAgain } from './WatchAgain';

const ended: EventView = {
  id: 'ev1',
  name: 'Annual Meeting',
  description: '',
  thumbnail: 'newuser',
  file: null,
  time: '2024-03-09T12:00:00.000Z',
  location: 'Samaj Hall',
  host: 'host_user',
  liveStream: true,
  live: false,
  liveEndedAt: '2024-03-09T14:00:00.000Z',
  createdAt: '2024-01-01T00:00:00.000Z',
  canManage: false,
  requestedStreaming: false,
  streamRequests: null,
  recordReplay: true,
  replay: { duration: 3600, size: 200_000_000 },
};

const show = (event: EventView) =>
  render(
    <Providers client={createQueryClient()}>
      <WatchAgain event={event} />
    </Providers>,
  );

describe('Watch again', () => {
  beforeAll(() => loadNamespace('events'));

  it('is not offered without a replay', () => {
    show({ ...ended, replay: null });
    expect(screen.queryByRole('button', { name: 'ફરી જુઓ' })).toBeNull();
  });

  it("plays the event's replay in the browser's own (seekable) player; closing returns to the button", async () => {
    show(ended);
    const button = screen.getByRole('button', { name: 'ફરી જુઓ' });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Annual Meeting નું રેકોર્ડિંગ' });
    const video = dialog.querySelector('video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/api/events/ev1/replay');
    expect(video.controls).toBe(true);
    // A member who does not manage the event cannot delete it.
    expect(screen.queryByRole('button', { name: 'રેકોર્ડિંગ કાઢી નાખો' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('its manager deletes the replay after confirming', async () => {
    const fetchMock = stubServer({
      routes: ({ path, method }) =>
        path === '/api/events/ev1/replay' && method === 'DELETE' ? { status: 204 } : undefined,
    });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    show({ ...ended, canManage: true });
    fireEvent.click(screen.getByRole('button', { name: 'ફરી જુઓ' }));
    const remove = await screen.findByRole('button', { name: 'રેકોર્ડિંગ કાઢી નાખો' });
    fireEvent.click(remove);
    expect(confirm).toHaveBeenCalledOnce();
    expect(requestsTo(fetchMock)).toEqual([]);
    confirm.mockReturnValue(true);
    fireEvent.click(remove);
    await waitFor(() => expect(requestsTo(fetchMock)).toEqual(['DELETE /api/events/ev1/replay']));
  });
});
