import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * Where the server may connect on behalf of a user (DECISIONS 46): public unicast addresses only, unless
 * the admin opened a host or a range (OUTBOUND_ALLOW). ipaddr.js knows the special-use ranges and reads
 * every notation of an address (`2130706433`, `0x7f.1`, `0177.0.0.1`, `::ffff:127.0.0.1`).
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** What OUTBOUND_ALLOW opens: host names (exact, or every name under `*.suffix`) and address ranges. */
export interface OutboundAllowList {
  hosts: string[];
  /** `.home.arpa` for `*.home.arpa` */
  suffixes: string[];
  ranges: Array<[Address, number]>;
}

export const NOTHING_ALLOWED: OutboundAllowList = { hosts: [], suffixes: [], ranges: [] };

/** `Example.LAN.` → `example.lan`; `[::1]` → `::1` */
export const normalHost = (host: string) => host.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))*$/;

/** One OUTBOUND_ALLOW entry, or a message saying why it is not one. */
function allowEntry(entry: string): { host: string } | { suffix: string } | { range: [Address, number] } | { error: string } {
  const value = normalHost(entry);
  if (value.includes('/')) {
    try {
      return { range: ipaddr.parseCIDR(value) };
    } catch {
      return { error: `"${entry}" is not an address range (such as 192.168.1.0/24 or fd00::/8)` };
    }
  }
  if (ipaddr.isValid(value)) {
    const address = ipaddr.parse(value);
    return { range: [address, address.kind() === 'ipv4' ? 32 : 128] };
  }
  if (value.startsWith('*.') && HOST_NAME.test(value.slice(2))) return { suffix: value.slice(1) };
  if (HOST_NAME.test(value)) return { host: value };
  return { error: `"${entry}" is neither a host name, an address nor a range` };
}

/** OUTBOUND_ALLOW as the environment has it: entries separated by commas or spaces; unset or empty opens nothing. */
export const outboundAllowSchema = z
  .string()
  .optional()
  .transform((text, ctx): OutboundAllowList => {
    const allow: OutboundAllowList = { hosts: [], suffixes: [], ranges: [] };
    for (const entry of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
      const parsed = allowEntry(entry);
      if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
      else if ('host' in parsed) allow.hosts.push(parsed.host);
      else if ('suffix' in parsed) allow.suffixes.push(parsed.suffix);
      else allow.ranges.push(parsed.range);
    }
    return allow;
  });

/** Parses OUTBOUND_ALLOW; throws on a bad entry (the env parsers report it as a bad variable). */
export const parseOutboundAllow = (text: string | undefined): OutboundAllowList => outboundAllowSchema.parse(text);

/** Whether the admin opened this host name (any address it resolves to is then fine). */
export function allowsHostName(allow: OutboundAllowList, host: string): boolean {
  const name = normalHost(host);
  return allow.hosts.includes(name) || allow.suffixes.some((suffix) => name.endsWith(suffix));
}

const GLOBAL_UNICAST_V6: [ipaddr.IPv6, number] = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/**
 * The kind of special-use address `address` is (`loopback`, `private`, `linkLocal`, …), or null for a
 * public one. IPv4-mapped IPv6 is judged as the IPv4 it carries, and so is NAT64's 64:ff9b::/96; IPv6
 * must be global unicast (2000::/3) outside the special ranges (6to4, Teredo, documentation…). What is not
 * an address at all counts as `invalid`.
 */
export function specialUseOf(address: string): string | null {
  let parsed: Address;
  try {
    parsed = ipaddr.process(normalHost(address).replace(/%.*$/, ''));
  } catch {
    return 'invalid';
  }
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    return range === 'unicast' ? null : range;
  }
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'rfc6052' && v6.match(ipaddr.parseCIDR('64:ff9b::/96'))) return specialUseOf(ipaddr.fromByteArray(v6.toByteArray().slice(12)).toString());
  if (range !== 'unicast') return range;
  return v6.match(GLOBAL_UNICAST_V6) ? null : 'reserved';
}

/** Why the server may not connect to `address` (an IP in any notation), or null when it may. */
export function refusalOf(address: string, allow: OutboundAllowList = NOTHING_ALLOWED): string | null {
  const special = specialUseOf(address);
  if (special === null || special === 'invalid') return special;
  const parsed = ipaddr.process(normalHost(address).replace(/%.*$/, ''));
  const opened = allow.ranges.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits));
  return opened ? null : special;
}

/** Whether `host` is written as an address (`127.1`, `2130706433`, `[::1]`) rather than a name. */
export const isAddressLiteral = (host: string) => ipaddr.isValid(normalHost(host).replace(/%.*$/, ''));
