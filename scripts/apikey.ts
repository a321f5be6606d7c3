// npm run apikey -- create --tenant NAME [--role admin|member]   prints a new key on its own line
// npm run apikey -- revoke KEY_PREFIX
import { createApiKey, revokeApiKey } from "../src/server/auth/keys";
import { closeDb, db } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { databaseUrl } from "../src/server/db/url";
import { ensureTenant } from "../src/server/tenants";

const [command, ...rest] = process.argv.slice(2);

function usage(): never {
  console.error("usage: npm run apikey -- create --tenant NAME [--label TEXT] [--role admin|member]\n       npm run apikey -- revoke KEY_PREFIX");
  process.exit(2);
}

function option(name: string): string | undefined {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
}

await migrate(databaseUrl());
try {
  if (command === "create") {
    const name = option("tenant");
    if (!name) usage();
    const tenant = await ensureTenant(db(), name);
    const role = option("role") ?? "admin";
    if (role !== "admin" && role !== "member") usage();
    const { key } = await createApiKey(db(), tenant.id, option("label"), role);
    if (tenant.created) console.error(`created tenant '${name}' (id ${tenant.id}) with its seeded fleet`);
    console.log(key);
  } else if (command === "revoke") {
    if (!rest[0]) usage();
    const count = await revokeApiKey(db(), rest[0]);
    console.error(count ? `revoked ${count} key(s)` : "no active key has that prefix");
    process.exitCode = count ? 0 : 1;
  } else {
    usage();
  }
} finally {
  await closeDb();
}
