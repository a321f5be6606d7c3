// npm run network:export -- --pack ID --format geojson|csv [--out PATH]
//   geojson: one file (default .data/export/<id>.geojson); csv: <out>/nodes.csv and <out>/edges.csv
import fs from "node:fs";
import path from "node:path";
import { edgesCsv, geojson, nodesCsv } from "../src/engine/network/export";
import { loadNetworkPack } from "../src/engine/network/pack";
import { config } from "../src/server/config";

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const id = opt("pack") ?? config().DEFAULT_NETWORK;
const format = opt("format") ?? "geojson";
if (!["geojson", "csv"].includes(format)) {
  console.error("usage: npm run network:export -- --pack ID --format geojson|csv [--out PATH]");
  process.exit(2);
}
const file = path.join(config().packDir, `network-${id}.bin`);
if (!fs.existsSync(file)) {
  const have = fs.readdirSync(config().packDir).filter((f) => f.startsWith("network-")).map((f) => f.slice(8, -4));
  console.error(`no pack '${id}' in ${config().packDir}; packs: ${have.join(", ") || "none (npm run data:build)"}`);
  process.exit(1);
}
const net = loadNetworkPack(file);

async function write(target: string, chunks: Iterable<string>) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const out = fs.createWriteStream(target);
  for (const c of chunks) if (!out.write(c)) await new Promise<void>((r) => out.once("drain", () => r()));
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  console.log(`${target}: ${(fs.statSync(target).size / 1e6).toFixed(1)} MB`);
}

if (format === "geojson") {
  await write(opt("out") ?? path.join(".data", "export", `${id}.geojson`), geojson(net));
} else {
  const dir = opt("out") ?? path.join(".data", "export", id);
  await write(path.join(dir, "nodes.csv"), nodesCsv(net));
  await write(path.join(dir, "edges.csv"), edgesCsv(net));
}
console.log(`${net.id} ${net.version}: ${net.nodeCount} nodes, ${net.edgeCount} directed edges`);
