import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient } from './realtime';

/** A socket the test opens, closes and talks through by hand. */
class FakeSocket extends EventTarget {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  constructor(readonly url: string) {
    super();
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
  serverSays(message: unknown) {
    this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(message) }));
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const log = vi.fn();
  const client = new RealtimeClient({
    url: () => 'ws://test/realtime',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    log,
  });
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  return { client, sockets, log, last };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('realtime connection', () => {
  it('opens one socket 50 ms after the first subscriptions and subscribes each channel on open', () => {
    const { client, sockets, last } = setup();
    client.subscribe('event.a', () => {});
    client.subscribe('event.b', () => {});
    vi.advanceTimersByTime(49);
    expect(sockets).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://test/realtime');
    last().serverOpens();
    expect(last().sent).toEqual([{ type: 'subscribe', channels: ['event.a', 'event.b'] }]);
  });

  it('waits 1 s under 5 attempts, 5 s under 15, 10 s under 100, then 60 s, and logs each wait', () => {
    const { client, sockets, log, last } = setup();
    client.subscribe('event.a', () => {});
    vi.advanceTimersByTime(50);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 102; attempt += 1) {
      const before = sockets.length;
      last().serverCloses(1006);
      const seconds = Number(/in (\d+) seconds/.exec(log.mock.lastCall?.[0] as string)?.[1]);
      // Not a moment earlier than announced, and then at once.
      vi.advanceTimersByTime(seconds * 1000 - 1);
      expect(sockets).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(before + 1);
      waits.push(seconds);
    }
    expect(waits.slice(0, 5)).toEqual([1, 1, 1, 1, 1]);
    expect(waits.slice(5, 15)).toEqual(Array(10).fill(5));
    expect(waits.slice(15, 100)).toEqual(Array(85).fill(10));
    expect(waits.slice(100)).toEqual([60, 60]);
    expect(log).toHaveBeenNthCalledWith(
      1,
      'Realtime got disconnected. Reconnect will be attempted in 1 seconds.',
    );
    expect(log).toHaveBeenLastCalledWith(
      'Realtime got disconnected. Reconnect will be attempted in 60 seconds.',
    );
  });

  it('starts the schedule again once a connection opens, and asks subscribers to refetch', () => {
    const { client, last, log } = setup();
    const refetch = vi.fn();
    client.subscribe('event.a', () => {}, refetch);
    vi.advanceTimersByTime(50);
    last().serverOpens();
    expect(refetch).not.toHaveBeenCalled();
    for (let i = 0; i < 6; i += 1) {
      last().serverCloses(1006);
      vi.runOnlyPendingTimers();
    }
    expect(log).toHaveBeenLastCalledWith(
      'Realtime got disconnected. Reconnect will be attempted in 5 seconds.',
    );
    last().serverOpens();
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(last().sent).toEqual([{ type: 'subscribe', channels: ['event.a'] }]);
    last().serverCloses(1001);
    expect(log).toHaveBeenLastCalledWith(
      'Realtime got disconnected. Reconnect will be attempted in 1 seconds.',
    );
  });

  it('stops for good when the server closes with 1008', () => {
    const { client, sockets, last, log } = setup();
    client.subscribe('event.a', () => {});
    vi.advanceTimersByTime(50);
    last().serverOpens();
    last().serverCloses(1008);
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
    expect(log).not.toHaveBeenCalled();
    client.subscribe('event.b', () => {});
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
  });

  it('hands each message to the subscribers of its channel only', () => {
    const { client, last } = setup();
    const a = vi.fn();
    const b = vi.fn();
    client.subscribe('event.a', a);
    client.subscribe('event.b', b);
    vi.advanceTimersByTime(50);
    last().serverOpens();
    last().serverSays({ type: 'connected', member: 'ramesh_patel' });
    last().serverSays({ type: 'change', channel: 'event.a', id: 'a' });
    last().serverSays('not json at all');
    expect(a).toHaveBeenCalledTimes(1);
    expect(a).toHaveBeenCalledWith({ type: 'change', channel: 'event.a', id: 'a' });
    expect(b).not.toHaveBeenCalled();
  });

  it('closes without reconnecting when the last subscriber leaves, and unsubscribes a channel nobody wants', () => {
    const { client, sockets, last, log } = setup();
    const offA = client.subscribe('event.a', () => {});
    const offB = client.subscribe('event.b', () => {});
    vi.advanceTimersByTime(50);
    last().serverOpens();
    offA();
    expect(last().sent.at(-1)).toEqual({ type: 'unsubscribe', channels: ['event.a'] });
    offB();
    expect(last().closedWith).toBe(1000);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
    expect(log).not.toHaveBeenCalled();
  });
});
