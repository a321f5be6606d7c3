// npm run route -- --from LAT,LON --to LAT,LON [--pack ID] [--json]
// The engine's router without the server: distance, time, ascent, descent, polyline.
import fs from "node:fs";
import path from "node:path";
import { chFromArrays } from "../src/engine/network/ch/arrays";
import { turnByTurn } from "../src/engine/network/narrative";
import { loadPack } from "../src/engine/network/pack";
import { encodePolyline } from "../src/engine/network/polyline";
import { createRouter } from "../src/engine/network/router";
import { createSnapper } from "../src/engine/network/snap";
import { chooseNetwork, type NetworkEntry } from "../src/engine/plan/choose-network";
import { config } from "../src/server/config";

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const point = (text: string | undefined): [number, number] | null => {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text ?? "");
  return m ? [Number(m[1]), Number(m[2])] : null;
};
const from = point(opt("from")), to = point(opt("to"));
if (!from || !to) {
  console.error("usage: npm run route -- --from LAT,LON --to LAT,LON [--pack ID] [--json]");
  process.exit(2);
}

const dir = config().packDir;
const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^network-.+\.bin$/.test(f)) : [];
const wanted = opt("pack");
const entries: NetworkEntry[] = files
  .filter((f) => !wanted || f === `network-${wanted}.bin`)
  .map((f) => {
    const { net, arrays } = loadPack(path.join(dir, f));
    return { net, snapper: createSnapper(net, arrays), router: createRouter(net, arrays["ch.rank"] ? chFromArrays(arrays, net.edgeCount) : undefined) };
  });
if (entries.length === 0) {
  console.error(wanted ? `no pack '${wanted}' in ${dir}` : `no network packs in ${dir}: npm run data:build`);
  process.exit(1);
}
const fallback = entries.find((e) => e.net.id === config().DEFAULT_NETWORK) ?? entries[0];
const { net, snapper, router } = wanted ? entries[0] : chooseNetwork(entries, [from, to], fallback);

const a = snapper.snap(...from), b = snapper.snap(...to);
const t0 = performance.now();
const route = router.route(a.departNode, b.arriveNode);
const ms = performance.now() - t0;
if (!route) {
  console.error(`no route between the points on ${net.id}`);
  process.exit(1);
}
let ascent = 0, descent = 0;
for (const e of route.edges) {
  ascent += net.attributes?.ascentM[e] ?? 0;
  descent += net.attributes?.descentM[e] ?? 0;
}
const out = {
  pack: { id: net.id, version: net.version, technique: router.technique },
  from: { query: from, snapped: [a.lat, a.lon], snap_distance_m: Math.round(a.distanceM) },
  to: { query: to, snapped: [b.lat, b.lon], snap_distance_m: Math.round(b.distanceM) },
  distance_m: Math.round(route.lengthM),
  time_s: Math.round(route.timeS),
  ascent_m: Math.round(ascent),
  descent_m: Math.round(descent),
  query_ms: Math.round(ms * 1000) / 1000,
  polyline: encodePolyline(route.coords),
  turn_by_turn: turnByTurn(net, route.edges)?.map((t) => t.instruction) ?? null,
};
if (args.includes("--json")) console.log(JSON.stringify(out, null, 2));
else {
  console.log(`${net.id} (${router.technique}): ${(out.distance_m / 1000).toFixed(1)} km, ${(out.time_s / 3600).toFixed(2)} h, +${out.ascent_m} m / -${out.descent_m} m, query ${out.query_ms} ms`);
  for (const t of out.turn_by_turn ?? []) console.log(`  ${t}`);
}
