// docs/API.md, Lookups: GET /routing/geocode with a street-level geocoder (GEOCODER_URL) asked
// first, against a local replay of Photon and Nominatim answers; the embedded gazetteer answers
// when it has none, fails or is slow. The web app's autocomplete stays on the gazetteer.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as trpcRoute from "@/app/api/trpc/[trpc]/route";
import { useGeocoder, type GeocoderSettings } from "@/server/geocode/geocoder";
import { call } from "../support/api";
import { freshDatabase, twoTenants, type TestTenants } from "../support/env";
import { SLOW_MS } from "../support/geocoder-replay";
import { newSessionCookie, sessionCookie } from "../support/session";

const USER_AGENT = "etruck-planner-test/1 (ops@example.com)";

// Before anything reads the configuration: GEOCODER_URL names the replay's Photon path.
const { replay } = await vi.hoisted(async () => {
  const { startGeocoderReplay } = await import("../support/geocoder-replay");
  const replay = await startGeocoderReplay();
  process.env.GEOCODER_URL = `${replay.url}/api`;
  process.env.GEOCODER_USER_AGENT = "etruck-planner-test/1 (ops@example.com)";
  return { replay };
});

let t: TestTenants;

beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(async () => {
  useGeocoder(undefined);
  await replay.close();
});
afterEach(() => {
  replay.requests.length = 0;
});
function use(kind: GeocoderSettings["kind"], path = "", timeoutMs = 1_000) {
  useGeocoder({ url: `${replay.url}${path}`, kind, timeoutMs, userAgent: USER_AGENT });
}
const geocode = (q: string) => call("GET", `/routing/geocode?address=${encodeURIComponent(q)}`, { key: t.a.key });

it("takes the street-level geocoder from the environment (GEOCODER_URL .../api: Photon)", async () => {
  const res = await geocode("Berlin Alexanderplatz");
  expect(res.json).toMatchObject({ kind: "street", source: "photon" });
  expect(replay.requests.map((r) => [r.path, r.headers["user-agent"]])).toEqual([["/api", USER_AGENT]]);
});

describe.each(["photon", "nominatim"] as const)("%s first", (kind) => {
  it("answers a street and an address from the street-level geocoder", async () => {
    use(kind);
    const street = await geocode("Berlin Alexanderplatz");
    expect(street.status).toBe(200);
    expect(street.json).toMatchObject({ kind: "street", approximate: false, source: kind, latitude: 52.5219184, longitude: 13.4132147 });
    expect(street.json.label).toMatch(/^Alexanderplatz, .*Berlin/);
    expect(street.json).not.toHaveProperty("unmatched");
    const address = await geocode("Marienplatz 1, 80331 München");
    expect(address.json).toMatchObject({ kind: "address", approximate: false, source: kind, latitude: 48.1373932 });

    expect(replay.requests).toHaveLength(2);
    const [first] = replay.requests;
    expect(first.path).toBe(kind === "photon" ? "/api" : "/search");
    expect(first.query.get("q")).toBe("Berlin Alexanderplatz");
    if (kind === "nominatim") expect(first.query.get("format")).toBe("jsonv2");
    expect(first.headers["user-agent"]).toBe(USER_AGENT);
  });

  it("answers a postcode with kind postcode", async () => {
    use(kind);
    expect((await geocode("80331")).json).toMatchObject({ kind: "postcode", source: kind, approximate: false });
  });

  it("asks once for the same address (answers are cached)", async () => {
    use(kind);
    await geocode("Berlin Alexanderplatz");
    await geocode("Berlin Alexanderplatz");
    expect(replay.requests).toHaveLength(1);
  });

  const embeddedAlex = { kind: "place", label: "Berlin, DE", approximate: true, unmatched: "Alexanderplatz", source: "embedded" };

  it("falls back to the embedded gazetteer on an empty answer", async () => {
    use(kind);
    const res = await geocode("Hamburg Hafen");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ label: "Hamburg, DE", approximate: true, unmatched: "Hafen", source: "embedded" });
    expect(replay.requests).toHaveLength(1);
  });

  it("falls back on a 500", async () => {
    use(kind, "/fail");
    expect((await geocode("Berlin Alexanderplatz")).json).toMatchObject(embeddedAlex);
    expect(replay.requests).toHaveLength(1);
  });

  it("falls back on a body that is not the API's", async () => {
    use(kind, "/garbage");
    expect((await geocode("Berlin Alexanderplatz")).json).toMatchObject(embeddedAlex);
  });

  it("falls back on an answer too large, read no further than the cap", async () => {
    use(kind, "/huge", 5_000);
    const res = await geocode("Berlin Alexanderplatz");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject(embeddedAlex);
    expect(replay.requests).toHaveLength(1);
  });

  it("falls back when the answer does not come within the timeout", async () => {
    use(kind, "/slow", 200);
    const started = performance.now();
    const res = await geocode("Berlin Alexanderplatz");
    expect(res.json).toMatchObject(embeddedAlex);
    expect(performance.now() - started).toBeLessThan(SLOW_MS);
  });

  it("falls back when nothing listens", async () => {
    useGeocoder({ url: "http://127.0.0.1:9", kind, timeoutMs: 1_000, userAgent: USER_AGENT });
    expect((await geocode("Berlin Alexanderplatz")).json).toMatchObject(embeddedAlex);
  });

  it("still answers 404 in JSON when neither knows a place in the address", async () => {
    use(kind);
    const res = await geocode("Xqzzyweg 12");
    expect(res.status).toBe(404);
    expect(res.json.detail).toContain("Xqzzyweg 12");
    expect(replay.requests).toHaveLength(1);
  });
});

describe("the web app", () => {
  const trpc = async (path: string, input: unknown) =>
    trpcRoute.GET(new Request(`http://planner.test/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
      headers: { cookie: await sessionCookie(t.a.key) },
    }));

  it("suggests from the embedded gazetteer only, asking the street-level geocoder nothing", async () => {
    use("photon");
    const res = await trpc("places.suggest", { text: "Alexanderpl", limit: 5 });
    expect(res.status).toBe(200);
    const hits = (await res.json()).result.data as { label: string }[];
    expect(hits.every((h) => !/Alexanderplatz/.test(h.label))).toBe(true);
    const berlin = (await (await trpc("places.suggest", { text: "Berl", limit: 3 })).json()).result.data as { label: string }[];
    expect(berlin.map((h) => h.label)).toContain("Berlin, DE");
    expect(replay.requests).toHaveLength(0);
  });

  it("resolves a typed address as the API does, street-level geocoder first", async () => {
    use("photon");
    const res = await trpc("places.geocode", { address: "Berlin Alexanderplatz" });
    expect((await res.json()).result.data).toMatchObject({ kind: "street", source: "photon" });
    expect(replay.requests).toHaveLength(1);
  });
});
