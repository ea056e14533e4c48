// The shipped nginx site (deploy/nginx/samaj.conf) made runnable on loopback: its ports and
// certificate substituted, nothing else. Used by the proxy test (test/proxy.test.ts) and the scale
// bench (bench/suites/70-scale.ts), which run Debian's nginx with it in front of server processes.
import { RECEIVER_CERT_PATH } from './push-receiver.ts';

// The push receiver's certificate is for 127.0.0.1: nginx serves it, and the clients trust it.
export const NGINX_CERT = RECEIVER_CERT_PATH;
export const NGINX_KEY = RECEIVER_CERT_PATH.replace(/\.crt$/, '.key');

/**
 * The shipped site with this run's ports and certificate; each substitution must find its line.
 * `apps` names the two upstream processes; one process twice is the one-process setup.
 */
export function siteForTest(site: string, ports: { http: number; https: number; apps: number[] }): string {
  const replacements: Array<[RegExp, string]> = [
    [/server 127\.0\.0\.1:8080\b/g, `server 127.0.0.1:${ports.apps[0]}`],
    [/server 127\.0\.0\.1:8081\b/g, `server 127.0.0.1:${ports.apps[1]}`],
    [/listen 80;/, `listen 127.0.0.1:${ports.http};`],
    [/listen 443 ssl http2;/, `listen 127.0.0.1:${ports.https} ssl http2;`],
    // This machine may have no IPv6.
    [/\n\s*listen \[::\]:80;/, ''],
    [/\n\s*listen \[::\]:443 ssl http2;/, ''],
    [/ssl_certificate \/etc\/letsencrypt\/[^;]+;/, `ssl_certificate ${NGINX_CERT};`],
    [/ssl_certificate_key \/etc\/letsencrypt\/[^;]+;/, `ssl_certificate_key ${NGINX_KEY};`],
  ];
  let out = site;
  for (const [pattern, value] of replacements) {
    if (!pattern.test(out))
      throw new Error(`deploy/nginx/samaj.conf no longer has ${pattern}: update the test`);
    out = out.replace(pattern, value);
  }
  return out;
}
