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
        // COMMUNITY_TIME_ZONE: events' starts are shown and entered in it.
        timeZone: 'Europe/London',
        contactEmail: 'help@kutch.example',
        contactPhone: null,
        tileUrl: 'https://tiles.kutch.example/{z}/{x}/{y}.png',
        tileAttribution: expect.stringContaining('OpenStreetMap'),
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        iceServers: [{ urls: 'stun:turn.kutch.example:3478' }],
        liveMaxViewers: 12,
        // No JANUS_URL: peer-to-peer.
        liveMode: 'peer',
        // Generated into DATA_DIR on first start (CONTACT_EMAIL gives the subject).
        vapidPublicKey: expect.stringMatching(/^B[A-Za-z0-9_-]{86}$/),
        // No SMTP_URL: "Forgot password?" shows the contact above instead of sending mail.
        mailEnabled: false,
      });
      expect(response.headers['cache-control']).toBe('no-cache');
      // The public half only.
      expect(response.body).not.toContain(vapidDetails(ctx.config)?.privateKey);
    });
  },
  {
    env: {
      COMMUNITY_NAME: 'Kutch Samaj',
      COMMUNITY_TIME_ZONE: 'Europe/London',
      CONTACT_EMAIL: 'help@kutch.example',
      TILE_URL: 'https://tiles.kutch.example/{z}/{x}/{y}.png',
      ICE_SERVERS: '[{"urls":"stun:turn.kutch.example:3478"}]',
    },
  },
);

describeEachDatabase(
  'GET /api/public-config with SMTP',
  (ctx) => {
    it('says mail is sent, and never shows the SMTP address or its password', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
      expect(response.json().mailEnabled).toBe(true);
      expect(response.body).not.toContain('hunter22');
      expect(response.body).not.toContain('mail.kutch.example');
    });
  },
  { env: { SMTP_URL: 'smtp://samaj:hunter22@mail.kutch.example:2525' } },
);
