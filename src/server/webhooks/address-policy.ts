// Which addresses a completion webhook (or a telematics source, with its own
// settings) may reach: public unicast only, unless the operator's allow-list
// (WEBHOOK_ALLOWED_HOSTS, TELEMATICS_ALLOWED_HOSTS) names the host or a range
// holding the address. Private (RFC 1918, fc00::/7), loopback, link-local,
// unspecified, CGNAT and every other special range (ipaddr.js's ranges) are
// refused. An IPv6 address that carries an IPv4 address is judged by that IPv4
// address too (carriedIPv4), so no spelling of an internal IPv4 address passes.
import ipaddr from "ipaddr.js";

export interface AddressPolicy {
  allowHttp: boolean;
  /** Host names (lower case) allowed to resolve to any address. */
  hosts: ReadonlySet<string>;
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
  /** The operator's setting that lists exceptions, named in refusals (WEBHOOK_ALLOWED_HOSTS unless said). */
  setting?: string;
}

const RANGE_NAMES: Record<string, string> = {
  private: "a private (RFC 1918)",
  uniqueLocal: "a unique-local (fc00::/7)",
  loopback: "a loopback",
  linkLocal: "a link-local",
  unspecified: "an unspecified",
  carrierGradeNat: "a shared (CGNAT, 100.64.0.0/10)",
  multicast: "a multicast",
  broadcast: "a broadcast",
  reserved: "a reserved",
  rfc6145: "an IPv4-translated (::ffff:0:0:0/96)",
  rfc6052: "a NAT64 (64:ff9b::/96, 64:ff9b:1::/48)",
  "6to4": "a 6to4 (2002::/16)",
  teredo: "a Teredo (2001::/32)",
};

/** Reads the allow-list: host names, IP addresses and CIDR ranges, comma-separated. */
export function parsePolicy(allowHttp: boolean, allowedHosts: string, setting = "WEBHOOK_ALLOWED_HOSTS"): AddressPolicy {
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
  return { allowHttp, hosts, ranges, setting };
}

type IP = ipaddr.IPv4 | ipaddr.IPv6;

const ipv4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
const v6 = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr);

const TRANSLATED = v6("::ffff:0:0:0/96");
const NAT64 = [v6("64:ff9b::/96"), v6("64:ff9b:1::/48")];
const SIX_TO_FOUR = v6("2002::/16");
const TEREDO = v6("2001::/32");

export interface CarriedIPv4 {
  /** How the IPv6 address carries it, for messages. */
  form: string;
  /** Which of two carried addresses it is (Teredo). */
  role?: "server" | "client";
  address: ipaddr.IPv4;
  /**
   * True where the IPv6 address is only another spelling of the IPv4 address
   * (IPv4-mapped, IPv4-compatible): judged as that address alone. Otherwise the
   * IPv6 address is a relay's or translator's, a special-purpose range of its own.
   */
  sameAddress: boolean;
}

/** The IPv4 addresses an IPv6 address carries; empty for one that carries none. */
export function carriedIPv4(a: ipaddr.IPv6): CarriedIPv4[] {
  const p = a.parts;
  const last = ipv4(p[6], p[7]);
  if (a.isIPv4MappedAddress()) return [{ form: "IPv4-mapped", address: last, sameAddress: true }];
  // ::/96 (deprecated IPv4-compatible), but :: and ::1 are the unspecified and loopback addresses themselves.
  if (p.slice(0, 6).every((x) => x === 0)) return p[6] === 0 && p[7] <= 1 ? [] : [{ form: "IPv4-compatible", address: last, sameAddress: true }];
  if (a.match(TRANSLATED)) return [{ form: "IPv4-translated", address: last, sameAddress: false }];
  // A local-use NAT64 prefix may be shorter than /96 and put the IPv4 address elsewhere (RFC 6052);
  // the last 32 bits are the common /96 layout, and the range is refused unless listed anyway.
  if (NAT64.some((net) => a.match(net))) return [{ form: "NAT64", address: last, sameAddress: false }];
  if (a.match(SIX_TO_FOUR)) return [{ form: "6to4", address: ipv4(p[1], p[2]), sameAddress: false }];
  if (a.match(TEREDO)) {
    return [
      { form: "Teredo", role: "server", address: ipv4(p[2], p[3]), sameAddress: false },
      // The client's address is stored with every bit inverted (RFC 4380).
      { form: "Teredo", role: "client", address: ipv4(p[6] ^ 0xffff, p[7] ^ 0xffff), sameAddress: false },
    ];
  }
  return [];
}

/** The end of every refusal: what would allow the address. */
export const unlessListed = (policy: AddressPolicy) => `only public addresses are called unless the operator's ${policy.setting ?? "WEBHOOK_ALLOWED_HOSTS"} lists it`;

const listed = (a: IP, policy: AddressPolicy) => policy.ranges.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits));

/** "a loopback address" when `a`'s own range refuses it, null when it is public unicast or listed. */
function rangeRefusal(a: IP, policy: AddressPolicy): string | null {
  const range = a.range();
  if (range === "unicast" || listed(a, policy)) return null;
  return `${RANGE_NAMES[range] ?? `a special-purpose (${range})`} address`;
}

/**
 * Why `address` (an IP literal) may not be called, or null when it may.
 * An IPv6 address carrying IPv4 addresses is refused if any of them is refused;
 * IPv4-mapped and IPv4-compatible ones are then allowed (they are that IPv4
 * address), the others (translator and relay prefixes) only if the allow-list
 * also holds the IPv6 address: listing a relay's range does not open the
 * internal IPv4 addresses behind it.
 */
export function addressRefusal(address: string, policy: AddressPolicy): string | null {
  const a = ipaddr.parse(address);
  const carried = a.kind() === "ipv6" ? carriedIPv4(a as ipaddr.IPv6) : [];
  for (const c of carried) {
    const why = rangeRefusal(c.address, policy);
    if (why) return `${address} (${c.form}) carries ${c.role ? `the ${c.role} address ` : ""}${c.address}, ${why}; ${unlessListed(policy)}`;
  }
  if (carried.length && carried.every((c) => c.sameAddress)) return null;
  const why = rangeRefusal(a, policy);
  return why && `${address} is ${why}; ${unlessListed(policy)}`;
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
  const checked = checkOutboundUrl(raw, policy, { subject: "callback_url", httpSetting: "WEBHOOK_ALLOW_HTTP", credentials: "authenticate the webhook by its signature" });
  return "problem" in checked ? checked.problem : null;
}

/** How a URL's problems are worded for the setting it comes from. */
export interface OutboundUrlWords {
  /** What the sentences are about ("callback_url"); "" for none ("is not a valid absolute URL"). */
  subject: string;
  /** The operator's setting that admits http. */
  httpSetting: string;
  /** What authenticates instead of credentials in the URL. */
  credentials: string;
  /** A fragment (#...) refused: where the URL is stored to be called, and a fragment is never sent. */
  noFragment?: boolean;
  /** Checks of the parsed URL of this kind, after the scheme, credentials and fragment (a query). */
  more?: (url: URL) => string | null;
  /** A refused literal address as said (default: the refusal as it is). */
  refused?: (why: string) => string;
}

/**
 * A URL the service is to call, checked without DNS: the scheme, credentials in it, and a literal IP
 * address (the URL parser has already normalized forms like http://2130706433/ to 127.0.0.1).
 * Webhooks, OCPI pull sources and telematics sources share it, each in its own words.
 */
export function checkOutboundUrl(raw: string, policy: AddressPolicy, words: OutboundUrlWords): { url: URL } | { problem: string } {
  const say = (s: string) => ({ problem: words.subject ? `${words.subject} ${s}` : s });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return say("is not a valid absolute URL");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && policy.allowHttp)) {
    return say(policy.allowHttp ? "must be an https:// or http:// URL" : `must be an https:// URL (http is refused unless the operator sets ${words.httpSetting})`);
  }
  if (url.username || url.password) return say(`may not hold credentials (user:password@): ${words.credentials}`);
  if (words.noFragment && url.hash) return say("may not have a fragment (#…)");
  const more = words.more?.(url);
  if (more) return { problem: more };
  const host = hostOf(url);
  if (!host) return say("has no host");
  const refusal = !policy.hosts.has(host) && isIpLiteral(host) ? addressRefusal(host, policy) : null;
  return refusal ? { problem: words.refused ? words.refused(refusal) : refusal } : { url };
}
