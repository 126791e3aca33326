import { t } from '@lingui/core/macro';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may send a webhook (no SSRF into the internal network): only public unicast
 * addresses, unless an admin allowed the endpoint into private ranges. The check runs when an
 * endpoint is saved and again at every connection (the address is resolved anew), so a name
 * that later resolves to 10.0.0.5 or 169.254.169.254 is refused too.
 */
export const PRIVATE_TARGET_MESSAGE =
  'This address is in a private or reserved network: allow private networks for this endpoint if it is meant to be internal';

/**
 * Never a webhook target, whatever an admin allows (decision 0040): the cloud metadata service
 * (169.254.0.0/16, AWS's fd00:ec2::254) and "this host" (0.0.0.0/8, ::); and loopback
 * (127.0.0.0/8, ::1), which only the operator can open (WEBHOOK_ALLOW_LOOPBACK, for a receiver on
 * the same machine).
 */
export const FORBIDDEN_TARGET_MESSAGE =
  'This address is the server itself or a cloud metadata service: webhooks are never sent there';

function forbiddenTargetMessage(): string {
  return t`This address is the server itself or a cloud metadata service: webhooks are never sent there`;
}

const NEVER_RANGES = ['169.254.0.0/16', '0.0.0.0/8', 'fd00:ec2::254/128', '::/128'].map((cidr) =>
  ipaddr.parseCIDR(cidr),
);
const LOOPBACK_RANGES = ['127.0.0.0/8', '::1/128'].map((cidr) => ipaddr.parseCIDR(cidr));

/** ::ffff:a.b.c.d and ::a.b.c.d are the IPv4 address they carry. */
function parseUnwrapped(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
    if (v6.match(ipaddr.parse('::'), 96) && !v6.match(ipaddr.parse('::'), 128)) {
      const bytes = v6.toByteArray().slice(12);
      if (!(bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0 && bytes[3] === 1)) {
        return ipaddr.fromByteArray(bytes);
      }
    }
  }
  return parsed;
}

/** Whether an address may never be a target (see NEVER_RANGES); loopback unless allowed. */
export function isForbiddenAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = parseUnwrapped(address);
  const ranges = allowLoopback ? NEVER_RANGES : [...NEVER_RANGES, ...LOOPBACK_RANGES];
  return ranges.some(
    ([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits),
  );
}

/** PRIVATE_TARGET_MESSAGE in the reader's language (an endpoint saved by an admin). */
function privateTargetMessage(): string {
  return t`This address is in a private or reserved network: allow private networks for this endpoint if it is meant to be internal`;
}

/** Whether an IP address is public unicast (not loopback, private, link-local, reserved…). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // ::ffff:10.0.0.1 is 10.0.0.1.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.range() !== 'unicast') return false;
  // Public IPv6 is global unicast, 2000::/3; ipaddr.js also calls ::/96 forms like ::7f00:1 unicast.
  return parsed.kind() === 'ipv4' || parsed.match(ipaddr.parse('2000::'), 3);
}

export class TargetRefused extends Error {}

/** dns.lookup, refusing any answer that is not a public address (for http.request's `lookup`). */
export function guardedLookup(allowPrivateNetwork: boolean, allowLoopback = false) {
  return (
    hostname: string,
    options: object,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      if (list.some((entry) => isForbiddenAddress(entry.address, allowLoopback))) {
        return callback(new TargetRefused(FORBIDDEN_TARGET_MESSAGE), []);
      }
      if (!allowPrivateNetwork && list.some((entry) => !isPublicAddress(entry.address))) {
        return callback(new TargetRefused(PRIVATE_TARGET_MESSAGE), []);
      }
      const wantsAll = (options as { all?: boolean }).all === true;
      if (wantsAll) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new TargetRefused('The address does not resolve'), []);
      callback(null, first.address, first.family);
    });
  };
}

/** Checks an endpoint's address now: the scheme, and where its host resolves. Null when fine. */
export async function whyTargetRefused(
  url: string,
  allowPrivateNetwork: boolean,
  allowLoopback = false,
): Promise<string | null> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && allowPrivateNetwork)) {
    return t`Use an https:// address (plain http only for an endpoint allowed into private networks)`;
  }
  if (parsed.username || parsed.password) return t`Put no user name or password in the address`;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isForbiddenAddress(host, allowLoopback)) return forbiddenTargetMessage();
    return allowPrivateNetwork || isPublicAddress(host) ? null : privateTargetMessage();
  }
  const addresses = await new Promise<LookupAddress[] | null>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? null : found)),
  );
  // An internal name may not resolve from here yet; every send checks it again (guardedLookup).
  if (!addresses || addresses.length === 0) {
    return allowPrivateNetwork ? null : t`The host ${host} could not be found`;
  }
  if (addresses.some((entry) => isForbiddenAddress(entry.address, allowLoopback))) {
    return forbiddenTargetMessage();
  }
  if (allowPrivateNetwork) return null;
  return addresses.every((entry) => isPublicAddress(entry.address)) ? null : privateTargetMessage();
}
