import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.ts';

// A pair printed by `npx web-push generate-vapid-keys`.
const VAPID_KEYS = {
  VAPID_PUBLIC_KEY: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
  VAPID_PRIVATE_KEY: 'UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls',
};

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/samaj');
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('/srv/samaj/data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.s3).toBeUndefined();
    expect(config.timeZone).toBe('Asia/Kolkata');
    expect(loadConfig({ COMMUNITY_TIME_ZONE: 'Europe/London' }).timeZone).toBe('Europe/London');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a number from 1 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be a number from 1 to 65535 (got "70000")'],
    [{ PUBLIC_URL: 'samaj.org' }, 'PUBLIC_URL must be an http(s) URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a PostgreSQL URL'],
    [{ S3_BUCKET: 'b' }, 'missing S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ AUTH_RATE_LIMIT: 'no' }, 'AUTH_RATE_LIMIT must be on or off'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be at least 16 characters'],
    [{ METRICS_TOKEN: 'a long token with spaces' }, 'METRICS_TOKEN must be at least 16 characters'],
    [{ VAPID_PUBLIC_KEY: 'k' }, 'missing VAPID_PRIVATE_KEY'],
    [
      { VAPID_SUBJECT: 'http://samaj.example.org' },
      'VAPID_SUBJECT must be a mailto: address or an https: URL',
    ],
    [{ VAPID_SUBJECT: 'https://localhost' }, 'VAPID_SUBJECT must be a mailto: address or an https: URL'],
    [{ VAPID_SUBJECT: 'mailto:nobody' }, 'VAPID_SUBJECT must be a mailto: address or an https: URL'],
    [{ VAPID_SUBJECT: 'admin@example.org' }, 'VAPID_SUBJECT must be a mailto: address or an https: URL'],
    [{ ...VAPID_KEYS, VAPID_PUBLIC_KEY: 'abc' }, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key'],
    [{ ...VAPID_KEYS, VAPID_PRIVATE_KEY: 'abc' }, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key'],
    [VAPID_KEYS, 'VAPID keys are set but Web Push has no subject'],
    [{ PUSH_ENDPOINTS: 'all' }, 'PUSH_ENDPOINTS must be public or any'],
    [{ SMTP_URL: 'mail.example.org' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ SMTP_URL: 'https://user:secret@mail.example.org' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ SMTP_URL: 'smtp://mail.example.org', MAIL_FROM: 'nobody' }, 'MAIL_FROM must be an address'],
    [{ MAIL_FROM: 'samaj@example.org' }, 'MAIL_FROM is set but SMTP_URL is not'],
    // Any peer's X-Forwarded-For believed: a client would pick the address its rate limits count.
    [{ TRUST_PROXY: 'true' }, "TRUST_PROXY must be false, or your reverse proxy's addresses: loopback"],
    [{ TRUST_PROXY: '1' }, 'true and hop counts are not taken (got "1")'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be false'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY must be false'],
    [{ TRUST_PROXY: 'loopback, 10.0.0.300' }, 'TRUST_PROXY must be false'],
    [{ TRUST_PROXY: 'loopback,' }, 'TRUST_PROXY must be false'],
    [
      { COMMUNITY_TIME_ZONE: 'Asia/Bhuj' },
      'COMMUNITY_TIME_ZONE must be an IANA time zone such as Asia/Kolkata (got "Asia/Bhuj")',
    ],
  ])('%o → one clear line', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it("names the variable in a message in zod's own words too", () => {
    expect(() => loadConfig({ PORT: 8080 as unknown as string })).toThrow(
      new ConfigError('PORT: Invalid input: expected string, received number'),
    );
  });

  it("trusts X-Forwarded-For only from the proxy's addresses: loopback, addresses, CIDRs, or none", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'loopback, uniquelocal' }).trustProxy).toBe('loopback, uniquelocal');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2,172.16.0.0/12, ::1, fd00::/8' }).trustProxy).toBe(
      '10.0.0.2, 172.16.0.0/12, ::1, fd00::/8',
    );
    // What deploy/ sets is taken as it is.
    const root = path.resolve(import.meta.dirname, '../../..');
    const shipped = [
      /^TRUST_PROXY=(.+)$/m.exec(
        fs.readFileSync(path.join(root, 'deploy/systemd/samaj.env.example'), 'utf8'),
      ),
      /^\s+TRUST_PROXY: (.+)$/m.exec(fs.readFileSync(path.join(root, 'deploy/docker/compose.yaml'), 'utf8')),
    ].map((match) => match?.[1] as string);
    expect(shipped).toEqual(['loopback', 'loopback, uniquelocal']);
    for (const value of shipped) expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(value);
  });

  it('reads S3 only when complete, and PUBLIC_URL as an origin', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://samaj.example.org/',
      S3_ENDPOINT: 'https://s3.example.org',
      S3_BUCKET: 'b',
      S3_REGION: 'r',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(config.publicUrl).toBe('https://samaj.example.org');
    expect(config.s3?.bucket).toBe('b');
  });

  it('keeps the login and signup limits on unless AUTH_RATE_LIMIT=off', () => {
    expect(loadConfig({}).authRateLimit).toBe(true);
    expect(loadConfig({ AUTH_RATE_LIMIT: 'off' }).authRateLimit).toBe(false);
  });

  it('serves metrics only with a METRICS_TOKEN', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '0123456789abcdef0123' }).metricsToken).toBe('0123456789abcdef0123');
  });

  it('takes the VAPID subject from VAPID_SUBJECT, else CONTACT_EMAIL, else an https PUBLIC_URL; none: push is off', () => {
    expect(loadConfig({}).vapid).toEqual({ keys: undefined, subject: undefined });
    expect(loadConfig({ CONTACT_EMAIL: 'admin@example.org' }).vapid.subject).toBe('mailto:admin@example.org');
    expect(loadConfig({ PUBLIC_URL: 'https://samaj.example.org' }).vapid.subject).toBe(
      'https://samaj.example.org',
    );
    const given = loadConfig({ ...VAPID_KEYS, VAPID_SUBJECT: 'mailto:push@example.org' }).vapid;
    expect(given.subject).toBe('mailto:push@example.org');
    expect(given.keys).toEqual({
      publicKey: VAPID_KEYS.VAPID_PUBLIC_KEY,
      privateKey: VAPID_KEYS.VAPID_PRIVATE_KEY,
    });
  });

  it('sends mail only with SMTP_URL; MAIL_FROM defaults to the community at CONTACT_EMAIL or no-reply', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.org:465', PUBLIC_URL: 'https://samaj.example.org' })
        .mail,
    ).toEqual({
      url: 'smtps://u:p@mail.example.org:465',
      from: '"Samaj" <no-reply@samaj.example.org>',
    });
    expect(
      loadConfig({
        SMTP_URL: 'smtp://localhost:2525',
        COMMUNITY_NAME: 'Kadva "Patel"',
        CONTACT_EMAIL: 'staff@example.org',
      }).mail?.from,
    ).toBe('"Kadva Patel" <staff@example.org>');
    expect(
      loadConfig({ SMTP_URL: 'smtp://localhost', MAIL_FROM: 'Samaj <samaj@example.org>' }).mail?.from,
    ).toBe('Samaj <samaj@example.org>');
  });

  it.each([
    [{ METRICS_TOKEN: 'hunter22 hunter22' }],
    [{ ...VAPID_KEYS, VAPID_PRIVATE_KEY: 'hunter22hunter22' }],
    [{ VAPID_PUBLIC_KEY: 'hunter22' }],
    [{ JANUS_URL: 'ws://127.0.0.1:8188', JANUS_API_SECRET: 'hunter22 x' }],
    [{ DATABASE_URL: 'mysql://root:hunter22@db/samaj' }],
    [{ S3_ENDPOINT: 'https://s3.example.org', S3_SECRET_ACCESS_KEY: 'hunter22' }],
  ])('%o → a line without the secret', (env) => {
    expect(() => loadConfig(env)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter22') }),
    );
  });

  it('never prints the SMTP password', () => {
    expect(() => loadConfig({ SMTP_URL: 'https://user:hunter22@mail.example.org' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter22') }),
    );
  });
});

describe('the documented configuration', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  /** The `NAME`s (or `NAME=value`s) in a markdown section's table cells, column `column` of each row. */
  const namesIn = (file: string, heading: string, column: number) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const section = text.slice(text.indexOf(`\n${heading}\n`)).split(/\n## /)[1] ?? '';
    const cells = section
      .split('\n')
      .filter((line) => line.startsWith('| '))
      .map((line) => line.split(' | ')[column] ?? '');
    return cells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)(=[^`]*)?`/g)].map((m) => m[1]));
  };

  it("README's Configuration table lists exactly the variables the schema reads, each once", () => {
    const documented = namesIn('README.md', '## Configuration', 0);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it("docs/product/operations.md's Configuration groups name the same variables", () => {
    const grouped = namesIn('docs/product/operations.md', '## Configuration', 1);
    expect([...new Set(grouped)].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
