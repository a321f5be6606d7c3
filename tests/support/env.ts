// A fresh database per test file, two tenants with keys.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApiKey } from "@/server/auth/keys";
import { closeDb, db } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { stopBoss } from "@/server/jobs/pg-boss-instance";
import { ensureTenant } from "@/server/tenants";
import { databaseUrlFor, pgAdmin } from "./pg-admin";
import { API_PG_PREFIX } from "./pg-global-setup";

export interface TestTenants {
  a: { id: number; key: string };
  b: { id: number; key: string };
}

let created = 0;

/** A new database; the api-pg project's global teardown drops it (by its prefix). */
async function freshPostgresUrl(): Promise<string> {
  const name = `${API_PG_PREFIX}${process.pid}_${++created}_${Date.now()}`;
  await pgAdmin(`CREATE DATABASE "${name}"`);
  return databaseUrlFor(name);
}

/**
 * Points DATABASE_URL at a new database and migrates it: the given URL, else a
 * new PostgreSQL database when TEST_DATABASE=postgresql (project api-pg), else a new SQLite file.
 */
export async function freshDatabase(url?: string): Promise<string> {
  const dbUrl =
    url ??
    (process.env.TEST_DATABASE === "postgresql"
      ? await freshPostgresUrl()
      : `file:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), "planner-test-")), "test.db")}`);
  process.env.DATABASE_URL = dbUrl;
  await migrate(dbUrl);
  return dbUrl;
}

/** Closes pg-boss and the Prisma client (their pools would keep the worker alive, and the database in use). */
export async function closeDatabase(): Promise<void> {
  await stopBoss();
  await closeDb();
}

export async function twoTenants(): Promise<TestTenants> {
  const a = await ensureTenant(db(), "tenant-a");
  const b = await ensureTenant(db(), "tenant-b");
  return {
    a: { id: a.id, key: (await createApiKey(db(), a.id)).key },
    b: { id: b.id, key: (await createApiKey(db(), b.id)).key },
  };
}

export const HAMBURG: [number, number] = [53.55, 9.99];
export const MUNICH: [number, number] = [48.14, 11.58];
export const HANNOVER: [number, number] = [52.37, 9.73];

/**
 * A Wednesday morning: plans of the tests do not depend on the day the tests run (a Saturday evening would
 * meet the Sunday driving ban). A test of another departure says its own start_time_tour.
 */
export const WEEKDAY_DEPARTURE = "2026-11-25T06:00:00Z";

export function hamburgMunich(overrides: Record<string, unknown> = {}) {
  return {
    vehicle_id: "mb-eactros-600",
    start_time_tour: WEEKDAY_DEPARTURE,
    battery_level_start: 0.8,
    section_list: [{ start_pos: HAMBURG, stop_pos: MUNICH, payload_kg: 20000 }],
    poi_info: {},
    ...overrides,
  };
}
