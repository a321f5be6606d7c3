// IPv6 addresses that carry an IPv4 address (IPv4-mapped and -compatible,
// IPv4-translated, NAT64, 6to4, Teredo) are judged by the IPv4 address they
// carry as well, the allow-list included; a host name's refusal names the host
// but not what it resolved to, and neither do network errors.
import http from "node:http";
import type { AddressInfo } from "node:net";
import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { addressRefusal, carriedIPv4, parsePolicy, urlRefusal } from "@/server/webhooks/address-policy";
import { AddressRefused, checkedAddresses, postJson, type Resolved } from "@/server/webhooks/send";

const strict = parsePolicy(false, "");
const carried = (address: string) => carriedIPv4(ipaddr.IPv6.parse(address)).map((c) => ({ form: c.form, role: c.role, address: c.address.toString() }));

describe("the IPv4 addresses an IPv6 address carries", () => {
  it.each([
    ["::ffff:10.0.0.1", [{ form: "IPv4-mapped", address: "10.0.0.1" }]],
    // Written in hex: ipaddr.js reads the dotted "::127.0.0.1" as IPv4-mapped (the URL parser writes hex anyway).
    ["::7f00:1", [{ form: "IPv4-compatible", address: "127.0.0.1" }]],
    ["::ffff:0:192.168.1.2", [{ form: "IPv4-translated", address: "192.168.1.2" }]],
    ["64:ff9b::a9fe:a9fe", [{ form: "NAT64", address: "169.254.169.254" }]],
    ["64:ff9b:1:2::10.1.2.3", [{ form: "NAT64", address: "10.1.2.3" }]],
    // 6to4: bits 16-47, whatever follows.
    ["2002:c0a8:102:5::1", [{ form: "6to4", address: "192.168.1.2" }]],
    // Teredo (RFC 4380's example): server 65.54.227.120 in bits 32-63, client 192.0.2.45 inverted in the last 32.
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", [{ form: "Teredo", role: "server", address: "65.54.227.120" }, { form: "Teredo", role: "client", address: "192.0.2.45" }]],
  ])("%s", (address, expected) => {
    expect(carried(address)).toEqual(expected.map((e) => ({ role: undefined, ...e })));
  });

  it("none for :: and ::1 themselves, nor for other IPv6 addresses", () => {
    for (const address of ["::", "::1", "2a00:1450:4001:80b::200e", "fd00::7f00:1", "2001:db8::7f00:1", "64:ff9b:2::7f00:1"]) expect(carried(address), address).toEqual([]);
  });
});

describe("addressRefusal under the default policy", () => {
  it.each([
    ["::7f00:1", /^::7f00:1 \(IPv4-compatible\) carries 127\.0\.0\.1, a loopback address; only public addresses/],
    ["::127.0.0.1", /carries 127\.0\.0\.1, a loopback address/],
    ["::a00:1", /carries 10\.0\.0\.1, a private \(RFC 1918\) address/],
    ["::0.0.0.2", /carries 0\.0\.0\.2, an unspecified address/],
    ["::ffff:127.0.0.1", /\(IPv4-mapped\) carries 127\.0\.0\.1, a loopback/],
    ["::ffff:0:127.0.0.1", /\(IPv4-translated\) carries 127\.0\.0\.1, a loopback/],
    ["64:ff9b::169.254.169.254", /\(NAT64\) carries 169\.254\.169\.254, a link-local/],
    ["64:ff9b:1::10.0.0.1", /\(NAT64\) carries 10\.0\.0\.1, a private/],
    ["2002:7f00:1::1", /\(6to4\) carries 127\.0\.0\.1, a loopback/],
    ["2002:6440:1::", /\(6to4\) carries 100\.64\.0\.1, a shared \(CGNAT/],
    // Teredo: either address refused refuses it.
    ["2001:0:a00:1:8000:63bf:f7f7:fbfb", /\(Teredo\) carries the server address 10\.0\.0\.1, a private/],
    ["2001:0:808:808:8000:63bf:80ff:fffe", /\(Teredo\) carries the client address 127\.0\.0\.1, a loopback/],
  ])("%s is refused for the IPv4 address it carries", (address, message) => {
    expect(addressRefusal(address, strict)).toMatch(message);
  });

  it("with public IPv4 addresses, the mapped and compatible forms are that address; relays and translators stay refused", () => {
    expect(addressRefusal("::ffff:8.8.8.8", strict)).toBeNull();
    expect(addressRefusal("::808:808", strict)).toBeNull();
    expect(addressRefusal("::ffff:0:8.8.8.8", strict)).toMatch(/^::ffff:0:8\.8\.8\.8 is an IPv4-translated \(::ffff:0:0:0\/96\) address/);
    expect(addressRefusal("64:ff9b::8.8.8.8", strict)).toMatch(/is a NAT64 /);
    expect(addressRefusal("2002:808:808::1", strict)).toMatch(/is a 6to4 \(2002::\/16\) address/);
    expect(addressRefusal("2001:0:808:808:8000:63bf:f7f7:fbfb", strict)).toMatch(/is a Teredo \(2001::\/32\) address/);
    // :: and ::1 keep their own names.
    expect(addressRefusal("::", strict)).toMatch(/unspecified/);
    expect(addressRefusal("::1", strict)).toMatch(/^::1 is a loopback address/);
    expect(addressRefusal("2a00:1450:4001:80b::200e", strict)).toBeNull();
  });

  it("a literal in the URL is refused at submit in whatever form it is written", () => {
    for (const url of ["https://[::127.0.0.1]:9443/", "https://[::ffff:0:7f00:1]/", "https://[64:ff9b::7f00:1]/", "https://[2002:7f00:1::]/", "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/"]) {
      expect(urlRefusal(url, strict), url).toMatch(/127\.0\.0\.1, a loopback address/);
    }
  });
});

describe("the operator's allow-list", () => {
  it("allows the mapped and compatible forms of a listed IPv4 address", () => {
    const p = parsePolicy(false, "127.0.0.1, 10.1.0.0/16");
    expect(addressRefusal("::7f00:1", p)).toBeNull();
    expect(addressRefusal("::ffff:10.1.2.3", p)).toBeNull();
    expect(addressRefusal("::a02:1", p)).toMatch(/carries 10\.2\.0\.1, a private/);
    // A listed IPv4 address behind a relay or translator: the relay's range is not listed.
    expect(addressRefusal("2002:7f00:1::1", p)).toMatch(/is a 6to4/);
  });

  it("allows a relay's or translator's range only to the public or listed IPv4 addresses it carries", () => {
    const relays = parsePolicy(false, "2002::/16, 2001::/32, 64:ff9b::/96, ::ffff:0:0:0/96");
    expect(addressRefusal("2002:808:808::1", relays)).toBeNull();
    expect(addressRefusal("2001:0:808:808:8000:63bf:f7f7:fbfb", relays)).toBeNull();
    expect(addressRefusal("64:ff9b::8.8.8.8", relays)).toBeNull();
    expect(addressRefusal("::ffff:0:8.8.8.8", relays)).toBeNull();
    expect(addressRefusal("2002:7f00:1::1", relays)).toMatch(/carries 127\.0\.0\.1, a loopback/);
    expect(addressRefusal("2001:0:a00:1:8000:63bf:f7f7:fbfb", relays)).toMatch(/server address 10\.0\.0\.1/);
    expect(addressRefusal("64:ff9b::10.1.2.3", relays)).toMatch(/carries 10\.1\.2\.3, a private/);
    // Listing both opens it.
    const both = parsePolicy(false, "2002::/16, 2001::/32, 64:ff9b::/96, 127.0.0.1, 10.0.0.0/8");
    expect(addressRefusal("2002:7f00:1::1", both)).toBeNull();
    expect(addressRefusal("2001:0:a00:1:8000:63bf:f7f7:fbfb", both)).toBeNull();
    expect(addressRefusal("64:ff9b::10.1.2.3", both)).toBeNull();
    // Only what is listed: the Teredo client 127.0.0.2 is not.
    expect(addressRefusal("2001:0:a00:1:8000:63bf:80ff:fffd", both)).toMatch(/client address 127\.0\.0\.2, a loopback/);
  });
});

describe("what a host name resolved to stays in the server log", () => {
  const url = new URL("https://hooks.example.internal/done");

  it.each(["127.0.0.1", "::ffff:7f00:1", "::7f00:1", "64:ff9b::a9fe:a9fe", "2002:a00:1::1"])("a refusal of %s names the host only", async (address) => {
    const resolve = async (): Promise<Resolved[]> => [{ address: "93.184.215.14", family: 4 }, { address, family: address.includes(":") ? 6 : 4 }];
    const refused = await checkedAddresses(url, strict, resolve).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AddressRefused);
    const { message, detail } = refused as AddressRefused;
    expect(message).toBe("hooks.example.internal resolves to an address that is not allowed (private, loopback or otherwise special); only public addresses are called unless the operator's WEBHOOK_ALLOWED_HOSTS lists it");
    expect(detail).toContain(address);
  });

  it("a literal's refusal names the literal, before any lookup", async () => {
    const resolve = async (): Promise<Resolved[]> => expect.unreachable("no lookup for a literal");
    const refused = await checkedAddresses(new URL("https://[::127.0.0.1]:9443/"), strict, resolve).catch((e: unknown) => e);
    expect((refused as AddressRefused).message).toMatch(/^::7f00:1 \(IPv4-compatible\) carries 127\.0\.0\.1, a loopback address/);
  });

  it("a connection error names the host, not the addresses it resolved to", async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const addresses = [{ address: "127.0.0.1", family: 4 }];
    const byName = await postJson(new URL(`http://hooks.example.internal:${port}/`), addresses, "{}", {}, 5_000);
    expect(byName).toEqual({ statusCode: null, error: `connect ECONNREFUSED hooks.example.internal:${port}`, detail: `connect ECONNREFUSED 127.0.0.1:${port}` });
    // Two addresses tried (Node's AggregateError has no message of its own): each error once, by name.
    const both = await postJson(new URL(`http://hooks.example.internal:${port}/`), [...addresses, { address: "127.0.0.2", family: 4 }], "{}", {}, 5_000);
    expect(both.error).toBe(`connect ECONNREFUSED hooks.example.internal:${port}`);
    // A literal is the tenant's own text.
    expect((await postJson(new URL(`http://127.0.0.1:${port}/`), addresses, "{}", {}, 5_000)).error).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);
  });
});
