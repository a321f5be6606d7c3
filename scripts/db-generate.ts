// Derives the PostgreSQL schema from the SQLite one and generates both clients
// without Prisma's native engines (which cannot be downloaded offline).
import fs from "node:fs";
import { execFileSync } from "node:child_process";

const source = fs.readFileSync("prisma/sqlite/schema.prisma", "utf8");
const postgres = source
  .replace('provider = "sqlite"', 'provider = "postgresql"')
  .replace("generated/sqlite", "generated/postgres")
  .replace(/^\/\/ The one data model[\s\S]*?edit only this one\.\n/m, "// GENERATED from prisma/sqlite/schema.prisma by scripts/db-generate.ts: do not edit.\n");
fs.mkdirSync("prisma/postgres", { recursive: true });
fs.writeFileSync("prisma/postgres/schema.prisma", postgres);

for (const provider of ["sqlite", "postgres"]) {
  execFileSync("npx", ["prisma", "generate", "--schema", `prisma/${provider}/schema.prisma`], {
    stdio: "inherit",
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false", PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  });
}
