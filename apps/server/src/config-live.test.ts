// LIVE_MAX_VIEWERS and ICE_SERVERS: what the live screen's peers get (docs/product/live-video.md, "Watching";
// operators: docs/live-video.md).
import { LIVE_MAX_VIEWERS_DEFAULT } from '@samaj/core';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('live video configuration', () => {
  it('serves 12 viewers per host and uses no STUN/TURN server unless told', () => {
    const config = loadConfig({});
    expect(config.liveMaxViewers).toBe(LIVE_MAX_VIEWERS_DEFAULT);
    expect(config.liveMaxViewers).toBe(12);
    expect(config.iceServers).toEqual([]);
  });

  it('reads LIVE_MAX_VIEWERS as a whole number from 1 to 1000', () => {
    expect(loadConfig({ LIVE_MAX_VIEWERS: '2' }).liveMaxViewers).toBe(2);
    for (const bad of ['0', '-1', '2.5', 'many', '1001']) {
      expect(failure({ LIVE_MAX_VIEWERS: bad })).toBe(
        `LIVE_MAX_VIEWERS must be a whole number from 1 to 1000 (got ${JSON.stringify(bad)})`,
      );
    }
  });

  it('reads ICE_SERVERS as a JSON array of STUN/TURN servers', () => {
    const servers = [
      { urls: 'stun:turn.example.org:3478' },
      {
        urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'],
        username: 'samaj',
        credential: 's3cret',
      },
    ];
    expect(loadConfig({ ICE_SERVERS: JSON.stringify(servers) }).iceServers).toEqual(servers);
  });

  it.each([
    ['not json', 'it does not parse'],
    ['{"urls":"stun:x"}', 'must be a JSON array'],
    ['[{"urls":"https://0.peerjs.com"}]', 'stun:, stuns:, turn: or turns: URLs'],
    ['[{"url":"stun:x"}]', 'must be a JSON array'],
  ])('ICE_SERVERS=%s → one clear line', (value, message) => {
    expect(failure({ ICE_SERVERS: value })).toContain(message);
  });
});
