// npm run ocpi -- add-party (--tenant NAME | --all-tenants) --country CC --party PID [--label TEXT]
//   registers an OCPI party (a CPO) that may push Locations to /ocpi/2.2.1/locations and prints its
//   credentials token on its own line (shown once; the database keeps its hash). --all-tenants: its
//   sites are the operator's, seen by every tenant; --tenant: that tenant alone sees them.
// npm run ocpi -- list-parties (--tenant NAME | --all-tenants)
// npm run ocpi -- revoke-party ID      (the feed's data goes with its last active token)
// npm run ocpi -- add-source (--tenant NAME | --all-tenants) --versions-url URL --token TOKEN|- [--label TEXT] [--later]
//   registers a CPO or hub to pull Locations from (its versions URL and the token it issued, `-`: read from
//   stdin), then runs the handshake and the first pull at once (--later: leaves them to the worker).
//   The party is given OCPI_PUBLIC_URL/ocpi/versions as the service's versions URL: it must be set.
// npm run ocpi -- list-sources (--tenant NAME | --all-tenants)
// npm run ocpi -- pull-source ID       (one pull now, due or not)
// npm run ocpi -- remove-source ID
import { CountryCode, PartyId } from "../src/contract/ocpi";
import { closeDb, db } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { databaseUrl } from "../src/server/db/url";
import { config } from "../src/server/config";
import { createParty, listParties, revokePartyAnywhere } from "../src/server/ocpi/parties";
import { pullOptions } from "../src/server/ocpi/pull/options";
import { pullSourceNow, type RunOutcome } from "../src/server/ocpi/pull/schedule";
import { createSource, deleteSource, findSourceAnywhere, listSources } from "../src/server/ocpi/pull/sources";
import { HttpError, ValidationFailed } from "../src/server/http/errors";
import { PUBLIC } from "../src/server/stations/store";

const [command, ...rest] = process.argv.slice(2);

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    "usage: npm run ocpi -- add-party (--tenant NAME | --all-tenants) --country CC --party PID [--label TEXT]\n" +
      "       npm run ocpi -- list-parties (--tenant NAME | --all-tenants)\n" +
      "       npm run ocpi -- revoke-party ID\n" +
      "       npm run ocpi -- add-source (--tenant NAME | --all-tenants) --versions-url URL --token TOKEN|- [--label TEXT] [--later]\n" +
      "       npm run ocpi -- list-sources (--tenant NAME | --all-tenants)\n" +
      "       npm run ocpi -- pull-source ID\n" +
      "       npm run ocpi -- remove-source ID",
  );
  process.exit(2);
}

function option(name: string): string | undefined {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
}

/** --tenant NAME (an existing tenant) or --all-tenants (the operator's: tenant 0); one of them, said explicitly. */
async function scope(): Promise<{ tenantId: number; name: string }> {
  const name = option("tenant"), all = rest.includes("--all-tenants");
  if (!!name === all) usage("say whose the party's sites are: --tenant NAME (that tenant only) or --all-tenants (every tenant)");
  if (all) return { tenantId: PUBLIC, name: "every tenant" };
  const tenant = await db().tenant.findUnique({ where: { name: name! } });
  if (!tenant) usage(`no tenant named '${name}' (npm run apikey -- create --tenant '${name}' creates one)`);
  return { tenantId: tenant.id, name: `tenant '${name}'` };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").trim();
}

function sourceId(): number {
  const id = Number(rest[0]);
  if (!Number.isInteger(id) || id < 1) usage();
  return id;
}

function printOutcome(id: number, outcome: RunOutcome | null): void {
  if (!outcome) {
    console.error(`OCPI source ${id} is being pulled by another process, does not exist, or its party's token was revoked`);
    process.exitCode = 1;
  } else if (outcome.ok) {
    const p = outcome.summary;
    console.error(`source ${id}: ${p.kind} pull, ${p.pages} page(s), ${p.objects} Location(s), ${p.written} written, ${p.skipped} skipped, ${p.removed} removed`);
    for (const why of p.problems) console.error(`  skipped: ${why}`);
  } else {
    console.error(`source ${id}: failed at ${outcome.error.stage}: ${outcome.error.message}`);
    process.exitCode = 1;
  }
}

await migrate(databaseUrl());
try {
  if (command === "add-party") {
    const country = option("country") ?? "", party = option("party") ?? "";
    if (!CountryCode.safeParse(country).success) usage(`--country must be two letters (ISO 3166-1 alpha-2), got '${country}'`);
    if (!PartyId.safeParse(party).success) usage(`--party must be three letters or digits, got '${party}'`);
    const s = await scope();
    const { token, record } = await createParty(db(), { tenantId: s.tenantId, countryCode: country, partyId: party, label: option("label") });
    console.error(`registered OCPI party ${record.country_code}/${record.party_id} (id ${record.id}) for ${s.name}; give it the versions URL <public address>/ocpi/versions and this token:`);
    console.log(token);
  } else if (command === "list-parties") {
    const s = await scope();
    for (const p of await listParties(db(), s.tenantId)) {
      console.log(`${p.id}\t${p.country_code}/${p.party_id}\t${p.token_prefix}…\t${p.label ?? ""}\tcreated ${p.created_at}\t${p.revoked_at ? `revoked ${p.revoked_at}` : p.last_used_at ? `last used ${p.last_used_at}` : "not used yet"}`);
    }
  } else if (command === "revoke-party") {
    const id = Number(rest[0]);
    if (!Number.isInteger(id) || id < 1) usage();
    const r = await revokePartyAnywhere(db(), id);
    if (!r) {
      console.error(`no OCPI party registration ${id}`);
      process.exitCode = 1;
    } else console.error(`revoked ${r.country_code}/${r.party_id} (id ${r.id}) at ${r.revoked_at}`);
  } else if (command === "add-source") {
    const versionsUrl = option("versions-url") ?? "", label = option("label");
    let token = option("token") ?? "";
    if (!versionsUrl || !token) usage("--versions-url and --token are required");
    const publicUrl = config().OCPI_PUBLIC_URL;
    if (!publicUrl) usage("set OCPI_PUBLIC_URL (the service's public address): the party is given <OCPI_PUBLIC_URL>/ocpi/versions and calls it during the handshake");
    if (token === "-") token = await readStdin();
    const s = await scope();
    try {
      const record = await createSource(db(), { tenantId: s.tenantId, versionsUrl, token, label, ourVersionsUrl: `${publicUrl.replace(/\/+$/, "")}/ocpi/versions` }, pullOptions().policy);
      console.error(`registered OCPI source ${record.id} (${versionsUrl}) for ${s.name}`);
      console.log(record.id);
      if (!rest.includes("--later")) printOutcome(record.id, await pullSourceNow(db(), record.id));
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      console.error(e instanceof ValidationFailed ? e.details.map((d) => d.msg).join("; ") : e.message);
      process.exitCode = 1;
    }
  } else if (command === "list-sources") {
    const s = await scope();
    for (const r of await listSources(db(), s.tenantId)) {
      const parties = r.roles.map((x) => `${x.role} ${x.country_code}/${x.party_id}`).join(",") || "-";
      const error = r.failures && r.last_error ? `\t${r.last_error.stage}: ${r.last_error.message}` : "";
      console.log(`${r.id}\t${r.status}\t${r.versions_url}\t${parties}\t${r.label ?? ""}\tlast success ${r.last_success_at ?? "never"}\tnext ${r.next_pull_at}${error}`);
    }
  } else if (command === "pull-source") {
    const id = sourceId();
    printOutcome(id, await pullSourceNow(db(), id));
  } else if (command === "remove-source") {
    const id = sourceId();
    const found = await findSourceAnywhere(db(), id);
    if (!found) {
      console.error(`no OCPI source ${id}`);
      process.exitCode = 1;
    } else {
      await deleteSource(db(), found.tenantId, id);
      console.error(`removed OCPI source ${id} (${found.record.versions_url})`);
    }
  } else {
    usage();
  }
} finally {
  await closeDb();
}
