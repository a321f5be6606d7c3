// A local stand-in for a Photon or Nominatim server on 127.0.0.1: answers /api?q= (Photon) and
// /search?format=jsonv2&q= (Nominatim) with the bodies of tests/fixtures/geocoder-answers.ts,
// an empty result for any other query. A first path segment picks a failure instead:
// /fail/… answers 500, /slow/… answers after SLOW_MS, /garbage/… answers an HTML page, /huge/… the
// answer followed by HUGE_BYTES of white space (still valid JSON), chunked: no Content-Length.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { NOMINATIM, PHOTON, PHOTON_EMPTY } from "../fixtures/geocoder-answers";
import { heldAnswers } from "./fixture-server";

export const SLOW_MS = 1_500;
export const HUGE_BYTES = 20_000_000;

export interface GeocoderReplay {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: { path: string; query: URLSearchParams; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

export async function startGeocoderReplay(): Promise<GeocoderReplay> {
  const requests: GeocoderReplay["requests"] = [];
  const held = heldAnswers();
  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://replay");
    requests.push({ path: u.pathname, query: u.searchParams, headers: req.headers });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    const [, mode, ...rest] = u.pathname.split("/");
    const endpoint = "/" + (["fail", "slow", "garbage", "huge"].includes(mode) ? rest : [mode, ...rest]).join("/");
    const q = u.searchParams.get("q") ?? "";
    let body: unknown;
    if (endpoint === "/api") body = PHOTON[q] ?? PHOTON_EMPTY;
    else if (endpoint === "/search" && u.searchParams.get("format") === "jsonv2") body = NOMINATIM[q] ?? [];
    else return json(400, { error: { code: 400, message: `not replayed: ${u.pathname}${u.search}` } });

    if (mode === "fail") return json(500, { message: "internal error" });
    if (mode === "garbage") return void res.writeHead(200, { "content-type": "text/html" }).end("<html><body>Maintenance</body></html>");
    if (mode === "huge") {
      res.writeHead(200, { "content-type": "application/json" });
      res.write(JSON.stringify(body));
      const blanks = " ".repeat(1_000_000);
      for (let sent = 0; sent < HUGE_BYTES; sent += blanks.length) res.write(blanks);
      return void res.end();
    }
    if (mode === "slow") {
      held.later(SLOW_MS, () => json(200, body));
      return;
    }
    json(200, body);
  });
  const { url, close } = await held.listen(server);
  return {
    url,
    requests,
    close,
  };
}
