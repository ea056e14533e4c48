import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { vapidDetails } from '../../platform/vapid.ts';

describeEachDatabase(
  'GET /api/public-config',
  (ctx) => {
    it("tells anyone the operator's community name, contact and tile settings", async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        communityName: 'Kutch Samaj',
        // Unset: empty, so the web app shows its own default in the member's language.
        communityAbout: '',
        contactEmail: 'help@kutch.example',
        contactPhone: null,
        tileUrl: 'https://tiles.kutch.example/{z}/{x}/{y}.png',
        tileAttribution: expect.stringContaining('OpenStreetMap'),
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        iceServers: [{ urls: 'stun:turn.kutch.example:3478' }],
        liveMaxViewers: 12,
        // Generated into DATA_DIR on first start (CONTACT_EMAIL gives the subject).
        vapidPublicKey: expect.stringMatching(/^B[A-Za-z0-9_-]{86}$/),
      });
      expect(response.headers['cache-control']).toBe('no-cache');
      // The public half only.
      expect(response.body).not.toContain(vapidDetails(ctx.config)?.privateKey);
    });
  },
  {
    env: {
      COMMUNITY_NAME: 'Kutch Samaj',
      CONTACT_EMAIL: 'help@kutch.example',
      TILE_URL: 'https://tiles.kutch.example/{z}/{x}/{y}.png',
      ICE_SERVERS: '[{"urls":"stun:turn.kutch.example:3478"}]',
    },
  },
);
