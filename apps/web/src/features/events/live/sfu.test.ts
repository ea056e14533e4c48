import { SFU_CLOSE_REASON } from '@samaj/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeErrorType, JanusError, SfuChannel, SfuClosed, sfuUrl } from './sfu';

/** A WebSocket as the browser gives it, driven by the test: what the page sent, and the server's side. */
class FakeSocket extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static last: FakeSocket;
  readyState = FakeSocket.CONNECTING;
  readonly sent: Array<Record<string, unknown>> = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.last = this;
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closed(1000, '');
  }
  opened() {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  receive(message: Record<string, unknown>) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  closed(code: number, reason: string) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason }));
  }
}

afterEach(() => vi.unstubAllGlobals());

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the SFU channel', () => {
  it('opens /sfu on the page’s own origin for the event and role', () => {
    const here = { protocol: 'https:', host: 'samaj.example.org' } as Location;
    expect(sfuUrl('ev1', 'viewer', here)).toBe('wss://samaj.example.org/sfu?event=ev1&role=viewer');
    expect(sfuUrl('ev1', 'host', { protocol: 'http:', host: 'localhost:3000' } as Location)).toBe(
      'ws://localhost:3000/sfu?event=ev1&role=host',
    );
  });

  it('answers a request with Janus’s event (not its ack), with the jsep; other messages are events', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const channel = new SfuChannel('ev1', 'viewer');
    const socket = FakeSocket.last;
    const events: unknown[] = [];
    channel.onEvent = (m) => events.push(m);
    const joined = channel.request({ request: 'join', ptype: 'subscriber' });
    socket.opened();
    await tick();
    const sent = socket.sent[0];
    expect(sent).toMatchObject({ janus: 'message', body: { request: 'join', ptype: 'subscriber' } });
    // Nothing of a room, pin or feed: the server fills them in.
    expect(JSON.stringify(sent)).not.toMatch(/room|pin|feed/);
    socket.receive({ janus: 'ack', transaction: sent?.transaction });
    socket.receive({ janus: 'webrtcup' });
    const offer = { type: 'offer', sdp: 'v=0' };
    socket.receive({
      janus: 'event',
      transaction: sent?.transaction,
      plugindata: { plugin: 'janus.plugin.videoroom', data: { videoroom: 'attached' } },
      jsep: offer,
    });
    await expect(joined).resolves.toEqual({ data: { videoroom: 'attached' }, jsep: offer });
    expect(events).toEqual([{ janus: 'webrtcup' }]);
  });

  it('rejects on Janus’s error, and on the channel closing with the server’s reason', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const channel = new SfuChannel('ev1', 'viewer');
    const socket = FakeSocket.last;
    const closes: SfuClosed[] = [];
    channel.onClose = (c) => closes.push(c);
    socket.opened();
    const refused = channel.request({ request: 'join', ptype: 'subscriber' });
    await tick();
    socket.receive({
      janus: 'event',
      transaction: socket.sent[0]?.transaction,
      plugindata: { plugin: 'janus.plugin.videoroom', data: { error_code: 428, error: 'No such feed' } },
    });
    await expect(refused).rejects.toEqual(new JanusError(428, 'No such feed'));

    const pending = channel.request({ request: 'start' });
    await tick();
    socket.closed(1013, SFU_CLOSE_REASON.full);
    await expect(pending).rejects.toBeInstanceOf(SfuClosed);
    expect(closes).toHaveLength(1);
    expect(closes[0]?.reason).toBe(SFU_CLOSE_REASON.full);
    // A request after the close fails at once.
    await expect(channel.request({ request: 'start' })).rejects.toBeInstanceOf(SfuClosed);
  });

  it('trickles candidates without the browser’s end-of-generation marker, and says when gathering is done', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const channel = new SfuChannel('ev1', 'host');
    const socket = FakeSocket.last;
    socket.opened();
    channel.trickle({
      candidate: 'candidate:1 1 udp 1 192.0.2.2 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    } as RTCIceCandidate);
    channel.trickle({ candidate: '', sdpMid: '0', sdpMLineIndex: 0 } as RTCIceCandidate);
    channel.trickle(null);
    await tick();
    expect(socket.sent.map((m) => m.candidate)).toEqual([
      { candidate: 'candidate:1 1 udp 1 192.0.2.2 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
      { completed: true },
    ]);
  });

  it('tells the member why in their words: another tab, someone else broadcasting, the server away', () => {
    expect(closeErrorType({ code: 1013, reason: SFU_CLOSE_REASON.watching })).toBe('already-watching');
    expect(closeErrorType({ code: 1013, reason: SFU_CLOSE_REASON.hostTaken })).toBe('unavailable-id');
    expect(closeErrorType({ code: 1013, reason: 'The video server is not available' })).toBe('server-error');
    expect(closeErrorType({ code: 1006, reason: '' })).toBe('disconnected');
  });
});
