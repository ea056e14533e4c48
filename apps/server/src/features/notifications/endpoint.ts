// Where a member may ask the server to send pushes. The endpoint comes from the member's browser,
// but the server makes the request: an endpoint on this machine or a private network would let a
// member probe the operator's network (404/410 answers are even visible, as a vanished
// subscription). Real push services are on the internet. The host as written is checked when a
// browser subscribes; what a name resolves to is checked again when a push is sent (publicLookup).
import dns from 'node:dns';
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

/** An IP address on this machine or a private network. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  // An IPv4 address written as IPv6 (::ffff:7f00:1, ::ffff:127.0.0.1): no push service needs one.
  if (family === 6) return address.toLowerCase().startsWith('::ffff:') || PRIVATE.check(address, 'ipv6');
  return false;
}

export function isPrivateEndpoint(endpoint: string): boolean {
  const host = new URL(endpoint).hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  // localhost, mDNS names and single-label intranet names.
  if (host.endsWith('localhost') || host.endsWith('.local') || !/[.:]/.test(host)) return true;
  return isPrivateAddress(host);
}

/** The error a push gets when its endpoint's name resolves inside the network. */
export const PRIVATE_ADDRESS = 'EPRIVATEADDRESS';

/**
 * dns.lookup for the push agent: a name that resolves to a private address is refused before any
 * connection is made (a public name can be pointed inside after the browser subscribed).
 */
export const publicLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some(({ address }) => isPrivateAddress(address))) {
      const refused = Object.assign(new Error(`${hostname} resolves to a private address`), {
        code: PRIVATE_ADDRESS,
      });
      return callback(refused, '', 0);
    }
    if (options.all) return callback(null, list);
    return callback(null, list[0].address, list[0].family);
  });
};
