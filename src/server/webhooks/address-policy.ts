// Which addresses a completion webhook may reach: public unicast only, unless
// the operator's allow-list (WEBHOOK_ALLOWED_HOSTS) names the host or a range
// holding the address. Private (RFC 1918, fc00::/7), loopback, link-local,
// unspecified, CGNAT and every other special range (ipaddr.js's ranges) are
// refused, IPv4-mapped IPv6 addresses judged as the IPv4 address they carry.
import ipaddr from "ipaddr.js";

export interface AddressPolicy {
  allowHttp: boolean;
  /** Host names (lower case) allowed to resolve to any address. */
  hosts: ReadonlySet<string>;
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

const RANGE_NAMES: Record<string, string> = {
  private: "private (RFC 1918)",
  uniqueLocal: "unique-local (fc00::/7)",
  loopback: "loopback",
  linkLocal: "link-local",
  unspecified: "unspecified",
  carrierGradeNat: "shared (CGNAT, 100.64.0.0/10)",
  multicast: "multicast",
  broadcast: "broadcast",
  reserved: "reserved",
};

/** Reads the allow-list: host names, IP addresses and CIDR ranges, comma-separated. */
export function parsePolicy(allowHttp: boolean, allowedHosts: string): AddressPolicy {
  const hosts = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const raw of allowedHosts.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean)) {
    const entry = raw.replace(/^\[(.*)\]$/, "$1");
    if (entry.includes("/")) ranges.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const a = ipaddr.parse(entry);
      ranges.push([a, a.kind() === "ipv4" ? 32 : 128]);
    } else hosts.add(entry);
  }
  return { allowHttp, hosts, ranges };
}

function plain(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const a = ipaddr.parse(address);
  return a.kind() === "ipv6" && (a as ipaddr.IPv6).isIPv4MappedAddress() ? (a as ipaddr.IPv6).toIPv4Address() : a;
}

/** Why `address` (an IP literal) may not be called, or null when it may. */
export function addressRefusal(address: string, policy: AddressPolicy): string | null {
  const a = plain(address);
  const range = a.range();
  if (range === "unicast") return null;
  if (policy.ranges.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits))) return null;
  return `${address} is a ${RANGE_NAMES[range] ?? `special-purpose (${range})`} address; only public addresses are called unless the operator's WEBHOOK_ALLOWED_HOSTS lists it`;
}

/** The URL's host without IPv6 brackets, lower case. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
}

export function isIpLiteral(host: string): boolean {
  return ipaddr.IPv6.isValid(host) || ipaddr.IPv4.isValidFourPartDecimal(host);
}

/**
 * What can be decided without DNS: the scheme, credentials in the URL, and a
 * literal IP address (the URL parser has already normalized forms like
 * http://2130706433/ to 127.0.0.1). Null when the URL may be stored.
 */
export function urlRefusal(raw: string, policy: AddressPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "callback_url is not a valid absolute URL";
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && policy.allowHttp)) {
    return policy.allowHttp ? "callback_url must be an https:// or http:// URL" : "callback_url must be an https:// URL (http is refused unless the operator sets WEBHOOK_ALLOW_HTTP)";
  }
  if (url.username || url.password) return "callback_url may not hold credentials (user:password@): authenticate the webhook by its signature";
  const host = hostOf(url);
  if (!host) return "callback_url has no host";
  if (policy.hosts.has(host)) return null;
  return isIpLiteral(host) ? addressRefusal(host, policy) : null;
}
