// npm run ocpi -- add-party (--tenant NAME | --all-tenants) --country CC --party PID [--label TEXT]
//   registers an OCPI party (a CPO) that may push Locations to /ocpi/2.2.1/locations and prints its
//   credentials token on its own line (shown once; the database keeps its hash). --all-tenants: its
//   sites are the operator's, seen by every tenant; --tenant: that tenant alone sees them.
// npm run ocpi -- list-parties (--tenant NAME | --all-tenants)
// npm run ocpi -- revoke-party ID      (the feed's data goes with its last active token)
import { CountryCode, PartyId } from "../src/contract/ocpi";
import { closeDb, db } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { databaseUrl } from "../src/server/db/url";
import { createParty, listParties, revokePartyAnywhere } from "../src/server/ocpi/parties";
import { PUBLIC } from "../src/server/stations/store";

const [command, ...rest] = process.argv.slice(2);

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    "usage: npm run ocpi -- add-party (--tenant NAME | --all-tenants) --country CC --party PID [--label TEXT]\n" +
      "       npm run ocpi -- list-parties (--tenant NAME | --all-tenants)\n" +
      "       npm run ocpi -- revoke-party ID",
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
  } else {
    usage();
  }
} finally {
  await closeDb();
}
