import path from 'node:path';
// What a member's SFU channel passes on, by role (rules.ts), and the settings that turn SFU mode on.
import { LIVE_MAX_VIEWERS_DEFAULT, REALTIME_CLOSE } from '@samaj/core';
import { describe, expect, it } from 'vitest';
import { ConfigError, LIVE_MAX_VIEWERS_SFU_DEFAULT, loadConfig } from '../../../config.ts';
import {
  checkSfuMessage,
  MSG_SFU_HOST_ONLY,
  MSG_SFU_MALFORMED,
  MSG_SFU_ONLY_VIDEOROOM,
  MSG_SFU_ROOMS,
  MSG_SFU_SERVER_FIELD,
  sfuQuery,
  toMember,
} from './rules.ts';

const message = (body: Record<string, unknown>, jsep?: Record<string, unknown>) =>
  JSON.stringify({ janus: 'message', transaction: 't1', body, ...(jsep ? { jsep } : {}) });
const offer = { type: 'offer', sdp: 'v=0\r\n' };
const answer = { type: 'answer', sdp: 'v=0\r\n' };

describe('SFU channel rules', () => {
  it('passes a viewer its subscription and a host its publishing, nothing more', () => {
    const viewerOk = [
      message({ request: 'join', ptype: 'subscriber' }),
      message({ request: 'start' }, answer),
      message({ request: 'configure', streams: [{ mid: '0', send: false, substream: 1 }] }),
      message({ request: 'pause' }),
      message({ request: 'leave' }),
      JSON.stringify({
        janus: 'trickle',
        transaction: 't',
        candidate: { candidate: 'candidate:1 1 udp 1 192.0.2.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 },
      }),
      JSON.stringify({ janus: 'trickle', transaction: 't', candidate: { completed: true } }),
      JSON.stringify({ janus: 'hangup', transaction: 't' }),
      JSON.stringify({ janus: 'keepalive', transaction: 't' }),
    ];
    for (const text of viewerOk) expect(checkSfuMessage('viewer', text).ok, text).toBe(true);
    const hostOk = [
      message({ request: 'join', ptype: 'publisher' }),
      message({ request: 'publish', videocodec: 'vp8', bitrate: 600_000 }, offer),
      message({ request: 'configure', bitrate: 300_000 }),
      message({ request: 'configure' }, offer),
      message({ request: 'unpublish' }),
      message({ request: 'leave' }),
    ];
    for (const text of hostOk) expect(checkSfuMessage('host', text).ok, text).toBe(true);
  });

  it('refuses with a clear code what the role may not do', () => {
    const cases: Array<['host' | 'viewer', string, number, string]> = [
      ['viewer', message({ request: 'publish' }, offer), REALTIME_CLOSE.POLICY, MSG_SFU_HOST_ONLY],
      ['viewer', message({ request: 'unpublish' }), REALTIME_CLOSE.POLICY, MSG_SFU_HOST_ONLY],
      ['viewer', message({ request: 'join', ptype: 'publisher' }), REALTIME_CLOSE.POLICY, MSG_SFU_HOST_ONLY],
      [
        'viewer',
        message({ request: 'joinandconfigure', ptype: 'publisher' }),
        REALTIME_CLOSE.POLICY,
        MSG_SFU_HOST_ONLY,
      ],
      [
        'host',
        message({ request: 'join', ptype: 'subscriber' }),
        REALTIME_CLOSE.POLICY,
        MSG_SFU_SERVER_FIELD,
      ],
      ['host', message({ request: 'start' }, answer), REALTIME_CLOSE.POLICY, MSG_SFU_ROOMS],
      ...(
        [
          'create',
          'destroy',
          'edit',
          'list',
          'exists',
          'listparticipants',
          'kick',
          'moderate',
          'allowed',
          'rtp_forward',
          'enable_recording',
          'switch',
          '__proto__',
          'toString',
        ] as const
      ).flatMap((request) =>
        (['host', 'viewer'] as const).map(
          (role) =>
            [role, message({ request }), REALTIME_CLOSE.POLICY, MSG_SFU_ROOMS] as [
              'host' | 'viewer',
              string,
              number,
              string,
            ],
        ),
      ),
      [
        'host',
        message({ request: 'join', ptype: 'publisher', room: 1 }),
        REALTIME_CLOSE.POLICY,
        MSG_SFU_SERVER_FIELD,
      ],
      [
        'host',
        message({ request: 'publish', secret: 'x' }, offer),
        REALTIME_CLOSE.POLICY,
        MSG_SFU_SERVER_FIELD,
      ],
      [
        'host',
        message({ request: 'publish', record: true }, offer),
        REALTIME_CLOSE.POLICY,
        MSG_SFU_SERVER_FIELD,
      ],
      [
        'viewer',
        message({ request: 'join', ptype: 'subscriber', pin: 'x' }),
        REALTIME_CLOSE.POLICY,
        MSG_SFU_SERVER_FIELD,
      ],
      [
        'viewer',
        message({ request: 'join', ptype: 'subscriber', feed: 1 }),
        REALTIME_CLOSE.POLICY,
        MSG_SFU_SERVER_FIELD,
      ],
      [
        'viewer',
        JSON.stringify({ janus: 'attach', transaction: 't', plugin: 'janus.plugin.streaming' }),
        REALTIME_CLOSE.POLICY,
        MSG_SFU_ONLY_VIDEOROOM,
      ],
      [
        'viewer',
        JSON.stringify({ janus: 'claim', transaction: 't' }),
        REALTIME_CLOSE.POLICY,
        MSG_SFU_ONLY_VIDEOROOM,
      ],
      [
        'viewer',
        JSON.stringify({ janus: 'message', transaction: 't', session_id: 1, body: { request: 'pause' } }),
        REALTIME_CLOSE.POLICY,
        MSG_SFU_ONLY_VIDEOROOM,
      ],
      [
        'viewer',
        JSON.stringify({ janus: 'keepalive', transaction: 't', apisecret: 'guess' }),
        REALTIME_CLOSE.POLICY,
        MSG_SFU_ONLY_VIDEOROOM,
      ],
      // An SDP where Janus expects none, or the wrong kind.
      ['host', message({ request: 'publish' }), REALTIME_CLOSE.MALFORMED, MSG_SFU_MALFORMED],
      ['host', message({ request: 'publish' }, answer), REALTIME_CLOSE.MALFORMED, MSG_SFU_MALFORMED],
      ['viewer', message({ request: 'start' }), REALTIME_CLOSE.MALFORMED, MSG_SFU_MALFORMED],
      [
        'viewer',
        message({ request: 'join', ptype: 'subscriber' }, offer),
        REALTIME_CLOSE.MALFORMED,
        MSG_SFU_MALFORMED,
      ],
      ['viewer', '[]', REALTIME_CLOSE.MALFORMED, MSG_SFU_MALFORMED],
      [
        'viewer',
        JSON.stringify({ janus: 'message', body: { request: 'pause' } }),
        REALTIME_CLOSE.MALFORMED,
        MSG_SFU_MALFORMED,
      ],
      [
        'viewer',
        JSON.stringify({ janus: 'trickle', transaction: 't', candidate: { candidate: 'x', extra: 1 } }),
        REALTIME_CLOSE.MALFORMED,
        MSG_SFU_MALFORMED,
      ],
    ];
    for (const [role, text, code, reason] of cases) {
      expect(checkSfuMessage(role, text), `${role} ${text}`).toEqual({ ok: false, code, reason });
    }
  });

  it('hands the member only the fields janus.js reads, never the server session', () => {
    const fromJanus = {
      janus: 'event',
      session_id: 123,
      sender: 456,
      transaction: 'server-tx',
      plugindata: { plugin: 'janus.plugin.videoroom', data: { videoroom: 'attached' } },
      jsep: offer,
    };
    expect(toMember(fromJanus, 't1')).toEqual({
      janus: 'event',
      transaction: 't1',
      plugindata: { plugin: 'janus.plugin.videoroom', data: { videoroom: 'attached' } },
      jsep: offer,
    });
  });

  it('reads the channel query exactly: event and role, once each', () => {
    expect(sfuQuery('/sfu?event=abc123&role=viewer')).toEqual({ eventId: 'abc123', role: 'viewer' });
    for (const url of [
      '/sfu?event=abc123',
      '/sfu?event=abc123&role=viewer&role=host',
      '/sfu?event=abc123&role=owner',
      '/sfu/x?event=abc123&role=host',
      '/sfu?event=abc123&role=host&room=1',
      '/sfu?event=../x&role=host',
    ]) {
      expect(sfuQuery(url), url).toBeNull();
    }
  });
});

describe('SFU settings', () => {
  const failure = (env: Record<string, string>) => {
    try {
      loadConfig({ DATA_DIR: '/tmp/unused', ...env });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    return undefined;
  };

  it('is off without JANUS_URL; with it LIVE_MAX_VIEWERS defaults to 500 and still applies when set', () => {
    expect(loadConfig({}).janus).toBeUndefined();
    expect(loadConfig({}).liveMaxViewers).toBe(LIVE_MAX_VIEWERS_DEFAULT);
    const sfu = loadConfig({ JANUS_URL: 'ws://127.0.0.1:8188', JANUS_API_SECRET: 'janus-api-secret' });
    expect(sfu.janus).toEqual({
      url: 'ws://127.0.0.1:8188',
      apiSecret: 'janus-api-secret',
      // Where Janus writes the recordings of events that asked for a replay (replay/recording.ts).
      recordingsDir: path.join(sfu.dataDir, 'recordings'),
    });
    expect(
      loadConfig({ JANUS_URL: 'ws://127.0.0.1:8188', JANUS_RECORDINGS_DIR: '/srv/recordings' }).janus
        ?.recordingsDir,
    ).toBe('/srv/recordings');
    expect(sfu.liveMaxViewers).toBe(LIVE_MAX_VIEWERS_SFU_DEFAULT);
    expect(LIVE_MAX_VIEWERS_SFU_DEFAULT).toBe(500);
    expect(
      loadConfig({ JANUS_URL: 'wss://janus.example.org/ws', LIVE_MAX_VIEWERS: '40' }).liveMaxViewers,
    ).toBe(40);
  });

  it('says in one line what is wrong', () => {
    expect(failure({ JANUS_URL: 'http://127.0.0.1:8088/janus' })).toBe(
      `JANUS_URL must be the ws:// or wss:// URL of Janus's WebSocket transport, like ws://127.0.0.1:8188 (got "http://127.0.0.1:8088/janus")`,
    );
    expect(failure({ JANUS_URL: 'ws://127.0.0.1:8188', JANUS_RECORDINGS_DIR: 'recordings' })).toBe(
      'JANUS_RECORDINGS_DIR must be an absolute path (got "recordings")',
    );
    expect(failure({ JANUS_API_SECRET: 'x' })).toBe(
      'JANUS_API_SECRET is set but JANUS_URL is not: set JANUS_URL too, or unset both',
    );
  });
});
