// One POST of a webhook: the host is resolved, every address it resolves to
// is checked against the policy, and the connection goes to a checked address
// (the request's `lookup` answers with them): a name cannot be re-pointed at a
// refused address between the check and the connection (DNS rebinding).
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { addressRefusal, hostOf, isIpLiteral, unlessListed, type AddressPolicy } from "./address-policy";

export interface Resolved {
  address: string;
  family: number;
}

export type Resolver = (host: string) => Promise<Resolved[]>;

export const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * A refused address. The message (a delivery's `last_error`, shown to the
 * tenant) never names what a host name resolved to: that would map the
 * operator's internal network for whoever can pick a callback host. `detail`
 * names it, for the server log only.
 */
export class AddressRefused extends Error {
  constructor(message: string, readonly detail: string = message) {
    super(message);
  }
}

/** The addresses to connect to; throws AddressRefused if any address the host resolves to is refused. */
export async function checkedAddresses(url: URL, policy: AddressPolicy, resolve: Resolver = systemResolver): Promise<Resolved[]> {
  const host = hostOf(url);
  if (isIpLiteral(host)) {
    const why = policy.hosts.has(host) ? null : addressRefusal(host, policy);
    if (why) throw new AddressRefused(why);
    return [{ address: host, family: host.includes(":") ? 6 : 4 }];
  }
  const all = await resolve(host);
  if (!all.length) throw new Error(`${host} resolves to no address`);
  if (policy.hosts.has(host)) return all;
  for (const a of all) {
    const why = addressRefusal(a.address, policy);
    if (why) {
      throw new AddressRefused(
        `${host} resolves to an address that is not allowed (private, loopback or otherwise special); ${unlessListed(policy)}`,
        `${host} resolves to a refused address: ${why}`,
      );
    }
  }
  return all;
}

export interface PostOutcome {
  statusCode: number | null;
  /** For the tenant (`last_error`): names no address a host name resolved to. */
  error: string | null;
  /** The error as it came, for the server log. */
  detail?: string;
}

/**
 * A network error's text without the resolved addresses Node puts in it
 * ("connect ECONNREFUSED 10.0.0.5:443" becomes "connect ECONNREFUSED hooks.example.com:443"),
 * and with the attempts' own errors where Node tried several addresses (its
 * AggregateError has no message of its own).
 */
export function networkError(e: Error, url: URL, addresses: Resolved[]): { error: string; detail: string } {
  const parts = e instanceof AggregateError ? e.errors.map((x) => (x instanceof Error ? x.message : String(x))) : [e.message];
  const detail = [...new Set(parts.filter(Boolean))].join("; ") || (e as NodeJS.ErrnoException).code || e.name;
  const host = hostOf(url);
  if (isIpLiteral(host)) return { error: detail, detail };
  // Longest first, so that no address is left half-replaced inside a longer one.
  const named = [...addresses].sort((a, b) => b.address.length - a.address.length).reduce((text, a) => text.split(a.address).join(host), detail);
  return { error: [...new Set(named.split("; "))].join("; "), detail };
}

/** POSTs `body` to `url` on one of `addresses`, within `timeoutMs`; never throws. */
export function postJson(url: URL, addresses: Resolved[], body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostOutcome> {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: Resolved[]) => void)(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const req = transport.request(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), "user-agent": "electric-truck-planner-webhooks" },
      lookup,
      agent: false,
      signal: AbortSignal.timeout(timeoutMs),
    }, (res) => {
      // The answer's body is not needed, only read so that the request ends.
      res.resume();
      res.on("end", () => resolve({ statusCode: res.statusCode ?? null, error: null }));
      res.on("error", (e) => resolve({ statusCode: res.statusCode ?? null, ...networkError(e, url, addresses) }));
    });
    req.on("error", (e) => resolve({ statusCode: null, ...(e.name === "TimeoutError" || e.name === "AbortError" ? { error: `no answer within ${timeoutMs} ms` } : networkError(e, url, addresses)) }));
    req.end(body);
  });
}
