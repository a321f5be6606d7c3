import { migrate } from "../src/server/db/migrate";
import { databaseUrl } from "../src/server/db/url";

const url = databaseUrl();
const applied = await migrate(url);
console.log(applied.length ? `migrations applied: ${applied.join(", ")}` : "database schema is up to date");
