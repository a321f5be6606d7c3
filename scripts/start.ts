// Starts the built service: migrations first, then `next start` on PORT.
import { spawn } from "node:child_process";
import { config } from "../src/server/config";
import { migrate } from "../src/server/db/migrate";
import { databaseUrl } from "../src/server/db/url";

const applied = await migrate(databaseUrl());
if (applied.length) console.log(`migrations applied: ${applied.join(", ")}`);
const child = spawn("npx", ["next", "start", "-p", String(config().PORT)], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
