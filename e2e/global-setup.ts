// Creates an API key for the e2e tenant (the server prints its first key only
// once, on first start) and hands it to the tests through the environment.
import { execFileSync } from "node:child_process";

export default function globalSetup(): void {
  const databaseUrl = process.env.E2E_DATABASE_URL ?? "file:./.data/e2e.db";
  const out = execFileSync("npx", ["tsx", "scripts/apikey.ts", "create", "--tenant", "e2e", "--label", "playwright"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 120_000,
  });
  const key = out
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !/\s/.test(l))
    .pop();
  if (!key) throw new Error(`scripts/apikey.ts printed no key:\n${out}`);
  process.env.E2E_API_KEY = key;
}
