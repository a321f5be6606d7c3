// npm run stations:import -- --format bnetza|ocm|ocpi|ocpi-tariffs FILE [--source KEY] [--tenant ID]
//   loads a charger file into the station store; the same source key again updates it
// npm run stations:import -- --overlay FILE [--tenant ID]
//   loads truck attributes (JSON array or CSV, docs/API.md) for every tenant, or one
import { readFileSync } from "node:fs";
import { closeDb, db } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { databaseUrl } from "../src/server/db/url";
import { HttpError } from "../src/server/http/errors";
import { importOverlays, parseOverlayFile } from "../src/server/stations/admin";
import { importStationFile, PUBLIC, STATION_FORMATS, type StationFormat } from "../src/server/stations/store";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const positional = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(`usage: npm run stations:import -- --format ${STATION_FORMATS.join("|")} FILE [--source KEY] [--tenant ID]\n       npm run stations:import -- --overlay FILE [--tenant ID]`);
  process.exit(2);
}

const tenant = option("tenant");
const tenantId = tenant === undefined ? PUBLIC : Number(tenant);
if (!Number.isInteger(tenantId) || tenantId < 0) usage(`--tenant must be a tenant id, got '${tenant}'`);

await migrate(databaseUrl());
try {
  const overlay = option("overlay");
  if (overlay) {
    const count = await importOverlays(db(), parseOverlayFile(readFileSync(overlay, "utf8")), tenantId);
    console.log(`overlay ${overlay}: ${count} entries for ${tenantId === PUBLIC ? "every tenant" : `tenant ${tenantId}`}`);
  } else {
    const format = option("format") as StationFormat | undefined;
    const file = positional[0];
    if (!format || !STATION_FORMATS.includes(format) || !file) usage();
    if (tenantId !== PUBLIC && !(await db().tenant.findUnique({ where: { id: tenantId } }))) usage(`no tenant ${tenantId}`);
    const r = await importStationFile(db(), { format, fileName: file, bytes: readFileSync(file), key: option("source"), tenantId });
    console.log(
      `${file} (${format}) -> source '${r.source}'${r.tenantId ? ` of tenant ${r.tenantId}` : ""}: ${r.records} records, ${r.skipped} skipped; ` +
        `${format === "ocpi-tariffs" ? "tariffs" : "sites"} ${r.added} added, ${r.updated} updated, ${r.unchanged} unchanged, ${r.removed} removed`,
    );
    for (const w of r.warnings) console.log(`  warning: ${w}`);
  }
} catch (e) {
  if (e instanceof HttpError) {
    console.error(JSON.stringify(e.body, null, 2));
    process.exitCode = 1;
  } else throw e;
} finally {
  await closeDb();
}
