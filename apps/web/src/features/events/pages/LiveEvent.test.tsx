import type { EventView } from '@samaj/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, requestsTo, stubServer, testMember } from '../../../test/render';
import type { HostCallbacks } from '../live/host';
import type { ViewerCallbacks } from '../live/viewer';

// The peers are faked: these tests are about what the screen shows in each state. The real PeerJS
// path runs in e2e/tests/live.spec.ts with Chromium's fake camera.
const fakes = vi.hoisted(() => ({
  viewers: [] as { hostId: string; callbacks: ViewerCallbacks; destroyed: boolean; warm: unknown }[],
  warm: [] as { hostId: string; peer: { destroyed: boolean; destroy(): void } }[],
  hosts: [] as { eventId: string; maxViewers: number; callbacks: HostCallbacks; ended: boolean }[],
  hostStart: { fail: null as Error | null },
  realtime: [] as { channel: string | null; onMessage: () => void }[],
}));

vi.mock('../live/viewer', () => ({
  LiveViewer: class {
    destroyed = false;
    constructor(
      readonly hostId: string,
      _options: unknown,
      readonly callbacks: ViewerCallbacks,
      readonly warm: unknown = null,
    ) {
      fakes.viewers.push(this);
    }
    async connect() {}
    destroy() {
      this.destroyed = true;
    }
  },
  warmPeer(hostId: string) {
    const peer = {
      destroyed: false,
      destroy() {
        this.destroyed = true;
      },
    };
    fakes.warm.push({ hostId, peer });
    return Promise.resolve(peer);
  },
}));

vi.mock('../live/host', async (original) => ({
  ...(await original<typeof import('../live/host')>()),
  LiveHost: class {
    ended = false;
    constructor(
      readonly eventId: string,
      _options: unknown,
      readonly maxViewers: number,
      readonly callbacks: HostCallbacks,
    ) {
      fakes.hosts.push(this);
    }
    async start() {
      if (fakes.hostStart.fail) throw fakes.hostStart.fail;
      return fakeStream;
    }
    async afterLive() {}
    setVideoEnabled() {}
    setAudioEnabled() {}
    async switchCamera() {
      return true;
    }
    end() {
      this.ended = true;
    }
  },
}));

vi.mock('../../../lib/realtime', () => ({
  useRealtimeChannel: (channel: string | null, onMessage: () => void) => {
    fakes.realtime.push({ channel, onMessage });
  },
}));

const fakeStream = { id: 'stream' } as unknown as MediaStream;

const base: EventView = {
  id: 'ev1',
  name: 'Annual Meeting',
  description: '',
  thumbnail: 'newuser',
  file: null,
  // Upcoming: a past event that never streamed says it ended instead of 'Not Started'.
  time: '2099-03-09T06:30:00.000Z',
  location: 'Samaj Hall',
  host: 'host_user',
  liveStream: true,
  live: false,
  liveEndedAt: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  canManage: false,
  requestedStreaming: false,
  streamRequests: null,
  recordReplay: false,
  replay: null,
};

/** The server: the event as `current()` says, and the live flag set by PUT. */
function stubEvent(initial: EventView | { status: number; body: unknown }, account: unknown = testMember) {
  let current = initial;
  const fetchMock = stubServer({
    account,
    config: { liveMaxViewers: 3 },
    routes: ({ path, method, body }) => {
      if (path === '/api/events/ev1/live' && method === 'PUT') {
        current = { ...(current as EventView), live: (body as { live: boolean }).live };
        return { body: current };
      }
      if (path.startsWith('/api/events/')) {
        return 'status' in current ? current : { body: current };
      }
      return undefined;
    },
  });
  return {
    fetchMock,
    set(event: EventView) {
      current = event;
    },
  };
}

const lastViewer = () => fakes.viewers[fakes.viewers.length - 1];
const lastHost = () => fakes.hosts[fakes.hosts.length - 1];
/** What the realtime socket would do when the event changes: the screen refetches. */
const realtimeChange = () => act(() => fakes.realtime[fakes.realtime.length - 1]?.onMessage());
const viewerCount = () => screen.getByTestId('viewer-count').textContent;
/** The screen's first join, once the member's ICE servers (GET /api/live/ice-servers) are in. */
async function joining() {
  expect(await screen.findByText('લાઇવ સાથે જોડાઈ રહ્યા છીએ…')).toBeTruthy();
  await waitFor(() => expect(fakes.viewers.length).toBeGreaterThan(0));
}
/** Start, usable once the member's ICE servers are in. */
async function startButton() {
  const start = (await screen.findByRole('button', { name: 'Start' })) as HTMLButtonElement;
  await waitFor(() => expect(start.disabled).toBe(false));
  return start;
}

beforeEach(() => {
  fakes.viewers.length = 0;
  fakes.warm.length = 0;
  fakes.hosts.length = 0;
  fakes.realtime.length = 0;
  fakes.hostStart.fail = null;
  // jsdom plays no media.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live event screen', () => {
  it('tells a visitor what the event is (its share card) and asks them to log in, to come back here', async () => {
    const server = stubServer({
      routes: ({ path }) =>
        path === '/api/share-cards/event/ev1'
          ? { body: { name: 'Annual Meeting', text: '03/10/2026 · Samaj Vadi', image: null } }
          : undefined,
    });
    renderApp('/event/ev1');
    await waitFor(() => expect(document.title).toMatch(/^Annual Meeting \| /));
    const prompt = await screen.findByRole('heading', { name: 'આગળ વધવા લૉગ ઇન કરો' });
    const login = within(prompt.closest('.mantine-Card-root') as HTMLElement).getByRole('link', {
      name: 'Login',
    });
    expect(login.getAttribute('href')).toBe('/login?forward=%2Fevent%2Fev1');
    // The event itself is not asked for: it is for members.
    expect(requestsTo(server, '/api/events/')).not.toContain('GET /api/events/ev1');
  });

  it("a member opening an event that is not live sees 'Not Started' with the Gujarati wait message", async () => {
    stubEvent(base);
    renderApp('/event/ev1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Annual Meeting' })).toBeTruthy();
    expect(screen.getByText('Not Started')).toBeTruthy();
    expect(screen.getByText('આ કાર્યક્રમ હજી શરૂ થયો નથી. લાઇવ થાય ત્યાં સુધી રાહ જુઓ.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
    expect(screen.queryByText('Live')).toBeNull();
    expect(fakes.viewers).toHaveLength(0);
    // It listens for the event going live.
    expect(fakes.realtime.at(-1)?.channel).toBe('event.ev1');
  });

  it('the host starts: camera and peer first, then live; sees the count; END stops and clears live', async () => {
    const server = stubEvent({ ...base, host: testMember.id });
    renderApp('/event/ev1');
    expect(await screen.findByText('તમે આ કાર્યક્રમના યજમાન છો')).toBeTruthy();
    expect(screen.queryByText('Not Started')).toBeNull();
    fireEvent.click(await startButton());

    expect(await screen.findByRole('button', { name: 'END' })).toBeTruthy();
    expect(lastHost()?.eventId).toBe('ev1');
    expect(lastHost()?.maxViewers).toBe(3);
    expect(requestsTo(server.fetchMock, '/api/events/ev1/live')).toEqual(['PUT /api/events/ev1/live']);
    expect(screen.getByText('Live')).toBeTruthy();
    expect(viewerCount()).toBe('0');
    for (const name of ['કૅમેરા બંધ કરો', 'માઇક બંધ કરો', 'કૅમેરા બદલો', 'સ્ક્રીન ભરો', 'પૂર્ણ સ્ક્રીન']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: 'કૅમેરા બંધ કરો' }));
    expect(screen.getByRole('button', { name: 'કૅમેરા ચાલુ કરો' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'સ્ક્રીન ભરો' }));
    expect((screen.getByLabelText('લાઇવ વીડિયો') as HTMLVideoElement).style.objectFit).toBe('cover');

    act(() => lastHost()?.callbacks.onViewers(2));
    expect(viewerCount()).toBe('2');

    // END asks first: keeping the stream changes nothing.
    fireEvent.click(screen.getByRole('button', { name: 'END' }));
    fireEvent.click(await screen.findByRole('button', { name: 'ચાલુ રાખો' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastHost()?.ended).toBeFalsy();
    expect(requestsTo(server.fetchMock, '/api/events/ev1/live')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'END' }));
    fireEvent.click(await screen.findByRole('button', { name: 'લાઇવ બંધ કરો' }));
    expect(await screen.findByText('લાઇવ પૂરું થયું')).toBeTruthy();
    expect(lastHost()?.ended).toBe(true);
    await waitFor(() => expect(requestsTo(server.fetchMock, '/api/events/ev1/live')).toHaveLength(2));
    expect(screen.queryByText('Live')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
  });

  it('a refused camera says so in Gujarati, with a retry, and the event never goes live', async () => {
    const server = stubEvent({ ...base, host: testMember.id });
    const { CameraError } = await import('../live/host');
    fakes.hostStart.fail = new CameraError('NotAllowedError');
    renderApp('/event/ev1');
    fireEvent.click(await startButton());
    expect(await screen.findByText('કૅમેરા અને માઇકની પરવાનગી આપો, પછી ફરી પ્રયાસ કરો.')).toBeTruthy();
    expect(requestsTo(server.fetchMock, '/api/events/ev1/live')).toEqual([]);
    fakes.hostStart.fail = null;
    fireEvent.click(screen.getByRole('button', { name: 'ફરી પ્રયાસ કરો' }));
    expect(await screen.findByRole('button', { name: 'END' })).toBeTruthy();
  });

  it('a member waiting for the host has signalling ready, and the join takes it over when live arrives', async () => {
    const server = stubEvent(base);
    const { unmount } = renderApp('/event/ev1');
    expect(await screen.findByText('Not Started')).toBeTruthy();
    await waitFor(() => expect(fakes.warm).toHaveLength(1));
    const warm = fakes.warm[0];
    expect(warm?.hostId).toBe('ev1');

    server.set({ ...base, live: true });
    await realtimeChange();
    await waitFor(() => expect(fakes.viewers).toHaveLength(1));
    expect(await lastViewer()?.warm).toBe(warm?.peer);
    await new Promise((r) => setTimeout(r, 10));
    expect(warm?.peer.destroyed).toBe(false);
    unmount();
  });

  it('a member leaving before the host starts lets the waiting signalling go', async () => {
    stubEvent(base);
    const { unmount } = renderApp('/event/ev1');
    await waitFor(() => expect(fakes.warm).toHaveLength(1));
    unmount();
    await waitFor(() => expect(fakes.warm[0]?.peer.destroyed).toBe(true));
    expect(fakes.viewers).toHaveLength(0);
  });

  it('a viewer connects while live, shows the video and count, and sees the ended state after END', async () => {
    const server = stubEvent({ ...base, live: true });
    renderApp('/event/ev1');
    await joining();
    expect(lastViewer()?.hostId).toBe('ev1');
    act(() => {
      lastViewer()?.callbacks.onStream(fakeStream);
      lastViewer()?.callbacks.onViewers(1);
    });
    expect(screen.getByLabelText('લાઇવ વીડિયો')).toBeTruthy();
    expect(viewerCount()).toBe('1');
    // Viewers get contain/cover and fullscreen, never the host's controls.
    expect(screen.getByRole('button', { name: 'પૂર્ણ સ્ક્રીન' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'END' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'કૅમેરા બદલો' })).toBeNull();

    server.set({ ...base, live: false });
    await realtimeChange();
    expect(await screen.findByText('લાઇવ પૂરું થયું')).toBeTruthy();
    expect(screen.queryByLabelText('લાઇવ વીડિયો')).toBeNull();
    expect(screen.queryByText('Not Started')).toBeNull();
    expect(lastViewer()?.destroyed).toBe(true);
  });

  it('a viewer past the cap is told the stream is full, not shown a frozen video', async () => {
    stubEvent({ ...base, live: true });
    renderApp('/event/ev1');
    await joining();
    act(() => lastViewer()?.callbacks.onFull());
    expect(await screen.findByText('લાઇવ ભરાઈ ગયું છે')).toBeTruthy();
    expect(screen.queryByLabelText('લાઇવ વીડિયો')).toBeNull();
  });

  it('a peer error shows a short Gujarati message and retry connects again', async () => {
    stubEvent({ ...base, live: true });
    renderApp('/event/ev1');
    await joining();
    act(() => lastViewer()?.callbacks.onError('peer-unavailable'));
    expect(await screen.findByText('લાઇવ પ્રસારણ સાથે જોડાઈ શકાયું નહીં.')).toBeTruthy();
    const before = fakes.viewers.length;
    fireEvent.click(screen.getByRole('button', { name: 'ફરી પ્રયાસ કરો' }));
    await waitFor(() => expect(fakes.viewers.length).toBe(before + 1));
    expect(await screen.findByText('લાઇવ સાથે જોડાઈ રહ્યા છીએ…')).toBeTruthy();
  });

  it('a viewer whose connection drops reconnects by itself while the event is live', async () => {
    stubEvent({ ...base, live: true });
    renderApp('/event/ev1');
    await joining();
    act(() => lastViewer()?.callbacks.onStream(fakeStream));
    const before = fakes.viewers.length;
    act(() => lastViewer()?.callbacks.onLost());
    expect(screen.getByText('જોડાણ તૂટ્યું. ફરી જોડાઈ રહ્યા છીએ…')).toBeTruthy();
    await waitFor(() => expect(fakes.viewers.length).toBe(before + 1), { timeout: 5000 });
  });

  it('header and controls hide after 5 s without movement and come back on mouse movement', async () => {
    stubEvent({ ...base, live: true });
    renderApp('/event/ev1');
    await joining();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => lastViewer()?.callbacks.onStream(fakeStream));
    const header = screen.getByRole('heading', { level: 1, name: 'Annual Meeting' }).closest('header');
    expect(header?.getAttribute('aria-hidden')).toBe('false');
    act(() => vi.advanceTimersByTime(4900));
    expect(header?.getAttribute('aria-hidden')).toBe('false');
    act(() => vi.advanceTimersByTime(200));
    expect(header?.getAttribute('aria-hidden')).toBe('true');
    fireEvent.mouseMove(screen.getByLabelText('લાઇવ વીડિયો'));
    expect(header?.getAttribute('aria-hidden')).toBe('false');
    // Nothing left to watch: the header and controls stay, however long nobody moves.
    act(() => vi.advanceTimersByTime(6000));
    expect(header?.getAttribute('aria-hidden')).toBe('true');
    act(() => lastViewer()?.callbacks.onLost());
    act(() => vi.advanceTimersByTime(20_000));
    expect(header?.getAttribute('aria-hidden')).toBe('false');
  });

  it('an unknown event says it was not found', async () => {
    stubEvent({ status: 404, body: { message: 'No event', code: 404, type: 'document_not_found' } });
    renderApp('/event/nope');
    expect(await screen.findByText('કાર્યક્રમ મળ્યો નથી')).toBeTruthy();
  });
});
