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
export function guardedLookup(allowPrivateNetwork: boolean) {
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
): Promise<string | null> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && allowPrivateNetwork)) {
    return t`Use an https:// address (plain http only for an endpoint allowed into private networks)`;
  }
  if (parsed.username || parsed.password) return t`Put no user name or password in the address`;
  if (allowPrivateNetwork) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host) ? null : privateTargetMessage();
  const addresses = await new Promise<LookupAddress[] | null>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? null : found)),
  );
  if (!addresses || addresses.length === 0) return t`The host ${host} could not be found`;
  return addresses.every((entry) => isPublicAddress(entry.address)) ? null : privateTargetMessage();
}
