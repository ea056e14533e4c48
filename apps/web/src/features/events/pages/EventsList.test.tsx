import type { EventPage, EventView } from '@samaj/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, requestsTo, stubServer, testMember } from '../../../test/render';

function event(id: string, name: string, extra: Partial<EventView>): EventView {
  return {
    id,
    name,
    description: '',
    thumbnail: `thumb_${id}`,
    file: null,
    // Noon in the community's time zone (Asia/Kolkata unless public-config says otherwise), whatever
    // the zone the test runs in; upcoming, so nothing says it ended unless the test means it.
    time: '2099-03-09T06:30:00.000Z',
    location: 'Samaj Hall, Surat',
    host: 'host_user',
    liveStream: false,
    live: false,
    liveEndedAt: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    canManage: false,
    requestedStreaming: false,
    streamRequests: null,
    recordReplay: false,
    replay: null,
    ...extra,
  };
}

const firstPage: EventPage = {
  documents: [
    event('ev4', 'Navratri Garba', { live: true, liveStream: true }),
    event('ev3', 'Annual Meeting', { liveStream: true }),
    event('ev2', 'Blood Donation Camp', { time: '2099-12-25T06:30:00.000Z' }),
    event('ev1', 'Youth Cricket', {
      liveStream: true,
      liveEndedAt: '2024-03-09T08:00:00.000Z',
      description: 'Under-16 final at the school ground.',
    }),
  ],
  nextCursor: 'ev1',
};
const secondPage: EventPage = {
  // A past event that never streamed says it ended.
  documents: [event('ev0', 'Diwali Sneh Milan', { time: '2023-11-12T13:30:00.000Z' })],
  nextCursor: null,
};

/** The shell's fake server plus the events list, answering page by cursor. */
function stubEvents(pages: Record<string, EventPage>) {
  return stubServer({
    account: testMember,
    routes: ({ path, query }) =>
      path === '/api/events' ? { body: pages[query.get('cursor') ?? ''] } : undefined,
  });
}

const eventCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  requestsTo(fetchMock, '/api/events').map((call) => call.replace(/^GET /, ''));

afterEach(() => vi.unstubAllGlobals());

describe('events list', () => {
  it('shows each event with its date, link, label and stream status', async () => {
    stubEvents({ '': firstPage });
    renderApp('/events');
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeTruthy();

    const live = (await screen.findByText('Navratri Garba')).closest('a');
    expect(live?.getAttribute('href')).toBe('/event/ev4');
    expect(within(live as HTMLElement).getByText('Streaming now')).toBeTruthy();
    expect(within(live as HTMLElement).getByText('Watch Live')).toBeTruthy();
    expect(within(live as HTMLElement).getByText('09/03/2099 · 12:00')).toBeTruthy();
    expect(live?.querySelector('img')?.getAttribute('src')).toBe('/api/files/thumb_ev4/preview?width=100');

    const notStarted = screen.getByText('Annual Meeting').closest('a') as HTMLElement;
    expect(within(notStarted).getByText('Live stream not started')).toBeTruthy();
    expect(within(notStarted).queryByText('Watch Live')).toBeNull();
    expect(within(notStarted).queryByText('Request Streaming')).toBeNull();

    const noStream = screen.getByText('Blood Donation Camp').closest('a') as HTMLElement;
    expect(within(noStream).getByText('No live stream')).toBeTruthy();
    // Request Streaming is an action of its own, beside the link (a button inside a link is none).
    const noStreamCard = noStream.parentElement as HTMLElement;
    expect(within(noStreamCard).getByRole('button', { name: 'Request Streaming' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Request Streaming' })).toHaveLength(1);
    expect(within(noStream).getByText('25/12/2099 · 12:00')).toBeTruthy();
    expect(within(noStream).getByText('Samaj Hall, Surat')).toBeTruthy();

    // A stream that ran and stopped says it ended, with what the event is about.
    const ended = screen.getByText('Youth Cricket').closest('a') as HTMLElement;
    expect(within(ended).getByText('લાઇવ પ્રસારણ પૂરું થયું')).toBeTruthy();
    expect(within(ended).queryByText('Live stream not started')).toBeNull();
    expect(within(ended).getByText('Under-16 final at the school ground.')).toBeTruthy();

    expect(screen.getAllByRole('link', { name: /Navratri|Annual|Blood|Youth/ })).toHaveLength(4);
  });

  it("fetches the next page with the last page's cursor when asked for more", async () => {
    const fetchMock = stubEvents({ '': firstPage, ev1: secondPage });
    renderApp('/events');
    const more = await screen.findByRole('button', { name: 'વધુ કાર્યક્રમો જુઓ' });
    expect(screen.queryByText('Diwali Sneh Milan')).toBeNull();
    fireEvent.click(more);
    expect(await screen.findByText('Diwali Sneh Milan')).toBeTruthy();
    const past = screen.getByText('Diwali Sneh Milan').closest('a') as HTMLElement;
    expect(within(past).getByText('સમાપ્ત')).toBeTruthy();
    expect(within(past).getByText('12/11/2023 · 19:00')).toBeTruthy();
    expect(eventCalls(fetchMock)).toEqual(['/api/events', '/api/events?cursor=ev1']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'વધુ કાર્યક્રમો જુઓ' })).toBeNull());
    expect(screen.getByText('Youth Cricket')).toBeTruthy();
  });

  it('says so in Gujarati when there are no events', async () => {
    stubEvents({ '': { documents: [], nextCursor: null } });
    renderApp('/events');
    expect(await screen.findByText('હજી કોઈ કાર્યક્રમ નથી')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'વધુ કાર્યક્રમો જુઓ' })).toBeNull();
  });

  it('Request Streaming records the request once and the card then says it was sent', async () => {
    const requests: string[] = [];
    stubServer({
      account: testMember,
      routes: ({ path, method }) => {
        if (path === '/api/events/ev2/stream-requests' && method === 'POST') {
          requests.push(path);
          return { body: { requestedStreaming: true, streamRequests: null } };
        }
        return path === '/api/events' ? { body: firstPage } : undefined;
      },
    });
    renderApp('/events');
    fireEvent.click(await screen.findByRole('button', { name: 'Request Streaming' }));
    const sent = await screen.findByRole('button', { name: 'વિનંતી મોકલી' });
    expect((sent as HTMLButtonElement).disabled).toBe(true);
    expect(requests).toEqual(['/api/events/ev2/stream-requests']);
    expect(screen.queryByRole('button', { name: 'Request Streaming' })).toBeNull();
  });

  it('the host and staff see how many members asked for a stream, and managers get Edit', async () => {
    stubEvents({
      '': {
        documents: [
          event('ev2', 'Blood Donation Camp', {
            streamRequests: 3,
            canManage: true,
            requestedStreaming: true,
          }),
        ],
        nextCursor: null,
      },
    });
    renderApp('/events');
    expect(await screen.findByText('3 સભ્યોએ લાઇવ માંગ્યું')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ફેરફાર કરો' }).getAttribute('href')).toBe(
      '/events/create?id=ev2',
    );
  });

  it('offers Create event to Admins and Publishers only', async () => {
    stubEvents({ '': firstPage });
    renderApp('/events');
    await screen.findByText('Navratri Garba');
    expect(screen.queryByRole('link', { name: 'Create event' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'ફેરફાર કરો' })).toBeNull();
    vi.unstubAllGlobals();
    cleanup();

    stubServer({
      account: { ...testMember, labels: ['Publisher'] },
      routes: ({ path }) => (path === '/api/events' ? { body: firstPage } : undefined),
    });
    renderApp('/events');
    expect((await screen.findByRole('link', { name: 'Create event' })).getAttribute('href')).toBe(
      '/events/create',
    );
  });

  it('shows visitors the login card and never asks for events', async () => {
    const fetchMock = stubServer();
    renderApp('/events');
    expect(await screen.findByRole('link', { name: 'Create New Account' })).toBeTruthy();
    expect(eventCalls(fetchMock)).toEqual([]);
  });
});
