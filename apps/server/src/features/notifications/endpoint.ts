// Where a member may ask the server to send pushes. The endpoint comes from the member's browser,
// but the server makes the request: an endpoint on this machine or a private network would let a
// member probe the operator's network (404/410 answers are even visible, as a vanished
// subscription). Real push services are on the internet. Host names are not resolved here: a
// public name pointing inside is the operator's DNS to keep clean.
import net from 'node:net';

const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

export function isPrivateEndpoint(endpoint: string): boolean {
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  // localhost, mDNS names and single-label intranet names.
  if (host.endsWith('localhost') || host.endsWith('.local') || !/[.:]/.test(host)) return true;
  const family = net.isIP(host);
  if (family === 0) return false;
  // An IPv4 address written as IPv6 (::ffff:7f00:1): no push service needs one.
  if (family === 6) return host.startsWith('::ffff:') || PRIVATE.check(host, 'ipv6');
  return PRIVATE.check(host, 'ipv4');
}
