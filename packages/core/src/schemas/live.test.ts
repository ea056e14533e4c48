import { describe, expect, it } from 'vitest';
import { uniqueId } from '../ids.ts';
import { REALTIME_CHANNEL_PATTERN, realtimeChannels, realtimeClientMessageSchema } from '../realtime.ts';
import { eventSchema } from './events.ts';
import { iceServersSchema, PEER_ID_PATTERN, parsePeerId, viewerPeerId } from './live.ts';

describe('peer ids', () => {
  it('the host takes the event id; a viewer id names the event and never equals an event id', () => {
    const eventId = uniqueId();
    expect(parsePeerId(eventId)).toEqual({ role: 'host', eventId });
    const viewer = viewerPeerId(eventId);
    expect(viewer).toMatch(PEER_ID_PATTERN);
    expect(viewer).toMatch(new RegExp(`^viewer-[0-9a-f]{16}-${eventId}$`));
    expect(parsePeerId(viewer)).toEqual({ role: 'viewer', eventId });
    expect(viewerPeerId(eventId)).not.toBe(viewer);
  });

  it('refuses what PeerJS refuses and viewer look-alikes', () => {
    for (const bad of [
      '',
      'a  b',
      '-a',
      'a-',
      'a__b',
      'a/b',
      'viewer-xyz-abc',
      'viewer-0011223344556677',
      'x'.repeat(129),
    ]) {
      expect(parsePeerId(bad), bad).toBeNull();
    }
  });
});

describe('event form', () => {
  const base = { name: 'Garba', time: '2026-12-01T18:30:00.000Z' };
  it('takes an ISO time with offset on a real date; defaults the rest', () => {
    expect(eventSchema.parse(base)).toEqual({
      ...base,
      description: '',
      thumbnail: null,
      file: null,
      location: '',
      coordinates: null,
      host: null,
      liveStream: false,
      recordReplay: false,
    });
    expect(eventSchema.safeParse({ ...base, time: '2026-12-01T18:30+05:30' }).success).toBe(true);
    for (const time of ['2026-12-01', '2026-02-30T10:00:00Z', '2026-12-01T18:30:00', 'soon']) {
      expect(eventSchema.safeParse({ ...base, time }).success, time).toBe(false);
    }
    expect(eventSchema.safeParse({ ...base, thumbnail: '../etc/passwd' }).success).toBe(false);
  });

  it('a place on the map has both coordinates, each in range', () => {
    const place = { latitude: 22.3072, longitude: 73.1812 };
    expect(eventSchema.parse({ ...base, coordinates: place }).coordinates).toEqual(place);
    expect(eventSchema.parse({ ...base, coordinates: null }).coordinates).toBeNull();
    for (const coordinates of [
      { latitude: 22.3 },
      { longitude: 73.1 },
      { latitude: 91, longitude: 0 },
      { latitude: 0, longitude: -180.5 },
      { latitude: '22.3', longitude: 73.1 },
      { latitude: Number.NaN, longitude: 0 },
      { latitude: 0, longitude: Number.POSITIVE_INFINITY },
      [22.3, 73.1],
    ]) {
      expect(eventSchema.safeParse({ ...base, coordinates }).success, JSON.stringify(coordinates)).toBe(
        false,
      );
    }
  });
});

describe('realtime protocol and ICE servers', () => {
  it('channels are an event or a member; messages are exactly the three client kinds', () => {
    expect(realtimeChannels.event('abc')).toMatch(REALTIME_CHANNEL_PATTERN);
    expect(realtimeChannels.member('member_one')).toMatch(REALTIME_CHANNEL_PATTERN);
    expect(REALTIME_CHANNEL_PATTERN.test('posts')).toBe(false);
    expect(
      realtimeClientMessageSchema.safeParse({ type: 'subscribe', channels: ['event.abc'] }).success,
    ).toBe(true);
    expect(realtimeClientMessageSchema.safeParse({ type: 'subscribe', channels: [] }).success).toBe(false);
    expect(realtimeClientMessageSchema.safeParse({ type: 'subscribe', channel: 'event.abc' }).success).toBe(
      false,
    );
  });

  it('accepts only STUN/TURN URLs', () => {
    expect(
      iceServersSchema.safeParse([{ urls: ['stun:a:3478', 'turns:a:5349'], username: 'u', credential: 'c' }])
        .success,
    ).toBe(true);
    expect(iceServersSchema.safeParse([{ urls: 'https://0.peerjs.com' }]).success).toBe(false);
  });
});
