// Where a member may ask the server to send pushes. The endpoint comes from the member's browser,
// but the server makes the request: an endpoint on this machine or a private network would let a
// member probe the operator's network (404/410 answers are even visible, as a vanished
// subscription). Real push services are on the internet.
//
// Two parsers read an endpoint: ours (WHATWG URL) and web-push's (Node's legacy url.parse, which
// ends the host at characters WHATWG keeps in it: `https://127.0.0.1;.x.com/` is the name
// "127.0.0.1;.x.com" to one and the address 127.0.0.1 to the other). An endpoint is taken only when
// its authority is written in plain characters and both parsers find the same host and port, and
// that host is a DNS name or an IP literal (pushEndpointHost). Then, at every send, the agent checks
// the address it is about to connect to (pushAgent): a name's resolved addresses in its lookup, an
// IP literal (which Node connects to without a lookup) in createConnection.
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import url from 'node:url';
import ipaddr from 'ipaddr.js';

/**
 * An IP address on this machine or a private network, or any other address no push service has:
 * whatever ipaddr.js does not class as global unicast (private, loopback, link-local, carrier-grade
 * NAT, multicast, reserved and documentation ranges, an IPv4 address written as IPv6 — mapped, NAT64,
 * 6to4, Teredo). Only canonical literals (`net.isIP`) are read: ipaddr.js also takes `0x7f.1`.
 */
export function isPrivateAddress(address: string): boolean {
  if (net.isIP(address) === 0) return false;
  return ipaddr.parse(address).range() !== 'unicast';
}

/** The authority as written: letters, digits, dots, hyphens, an IPv6 literal's brackets and colons, a port. */
const PLAIN_AUTHORITY = /^https:\/\/[a-z0-9.:[\]-]+(?=[/?#]|$)/i;
/**
 * Anything the two parsers read differently anywhere: WHATWG drops tabs and newlines and reads \ as
 * /; only printable ASCII without spaces or backslashes is taken.
 */
const UNAMBIGUOUS = /^[!-[\]-~]+$/;
/** Characters url.parse escapes and WHATWG may not (or the reverse): no push service's address has them. */
const ESCAPED_DIFFERENTLY = /['"`{}|^<>]/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function isHostname(host: string): boolean {
  return host.length <= 253 && host.split('.').every((label) => LABEL.test(label)) && !/^[\d.]+$/.test(host);
}

/**
 * The host (lower case, IPv6 without brackets) the server would connect to for this endpoint, or
 * null when the endpoint is not plainly an https URL whose host both URL parsers agree on.
 */
export function pushEndpointHost(endpoint: string): string | null {
  if (!PLAIN_AUTHORITY.test(endpoint) || !UNAMBIGUOUS.test(endpoint) || ESCAPED_DIFFERENTLY.test(endpoint)) {
    return null;
  }
  let whatwg: URL;
  try {
    whatwg = new URL(endpoint);
  } catch {
    return null;
  }
  const legacy = url.parse(endpoint);
  const host = whatwg.hostname.toLowerCase();
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (
    whatwg.protocol !== 'https:' ||
    legacy.protocol !== 'https:' ||
    whatwg.username !== '' ||
    whatwg.password !== '' ||
    legacy.auth !== null ||
    (legacy.hostname ?? '').toLowerCase() !== bare ||
    // WHATWG leaves out https's default port; url.parse keeps what was written.
    (legacy.port === '443' ? '' : (legacy.port ?? '')) !== whatwg.port ||
    whatwg.port === '0'
  ) {
    return null;
  }
  // An IPv4 literal as written (WHATWG turned 0x7f.1 or 2130706433 into a dotted quad, which the
  // comparison above already refused), an IPv6 literal, or DNS labels.
  if (net.isIP(bare) === 4 || (host.startsWith('[') && net.isIP(bare) === 6) || isHostname(bare)) return bare;
  return null;
}

/** Why an endpoint is refused: `malformed` (the parsers disagree), `private` (inside the network), or null. */
export function endpointProblem(endpoint: string, allowPrivate: boolean): 'malformed' | 'private' | null {
  const host = pushEndpointHost(endpoint);
  if (host === null) return 'malformed';
  if (allowPrivate) return null;
  const name = host.replace(/\.$/, '');
  // localhost, mDNS names and single-label intranet names.
  if (name.endsWith('localhost') || name.endsWith('.local') || !/[.:]/.test(name)) return 'private';
  return isPrivateAddress(name) ? 'private' : null;
}

/** Kept for the endpoint tests: true when the endpoint is inside the network (or unreadable). */
export function isPrivateEndpoint(endpoint: string): boolean {
  return endpointProblem(endpoint, false) !== null;
}

/** The error a push gets when its endpoint's name resolves inside the network. */
export const PRIVATE_ADDRESS = 'EPRIVATEADDRESS';

function refused(host: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${host} is a private address`), { code: PRIVATE_ADDRESS });
}

type Lookup = typeof dns.lookup;

/**
 * dns.lookup for the push agent: a name that resolves to a private address is refused before any
 * connection is made (a public name can be pointed inside after the browser subscribed). The
 * addresses handed on are exactly those checked, so the socket connects to a checked address.
 * `resolve` is the seam tests use to make a name resolve inside.
 */
export function publicLookupWith(resolve: Lookup = dns.lookup): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as dns.LookupAddress[];
      if (list.length === 0 || list.some(({ address }) => isPrivateAddress(address))) {
        return callback(refused(hostname), '', 0);
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

export const publicLookup: net.LookupFunction = publicLookupWith();

/**
 * The https agent pushes go out on, kept alive (a fan-out sends thousands to the same few push
 * services), connecting only to public addresses: Node skips `lookup` for an IP literal, so that
 * case is checked where the socket is made.
 */
export class PublicAgent extends https.Agent {
  constructor(options: https.AgentOptions & { resolve?: Lookup } = {}) {
    const { resolve, ...rest } = options;
    super({ keepAlive: true, ...rest, lookup: publicLookupWith(resolve) });
  }

  override createConnection(
    options: https.RequestOptions,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const host = (options.host ?? '').replace(/^\[|\]$/g, '');
    if (net.isIP(host) && isPrivateAddress(host)) {
      const error = refused(host);
      if (!callback) throw error;
      callback(error, undefined as unknown as Duplex);
      return undefined;
    }
    return super.createConnection(options, callback);
  }
}
