// A tenant's price list in the database (one JSON document, TenantPriceList),
// and the file format an admin can PUT: JSON, or CSV of contracts (./csv.ts).
import { nextTurn } from "../http/pace";
import { PriceListInput, type PriceList } from "../../contract/prices";
import type { TenantPrices } from "../../engine/cost/contracts";
import type { Db } from "../db/client";
import { parseOrThrow } from "../http/validation";
import { parseContractsCsv } from "./csv";

const EMPTY: PriceListInput = { contracts: [], depot_energy_price_per_kWh: null, value_of_time_eur_per_h: null };

export async function getPriceList(db: Db, tenantId: number): Promise<PriceList> {
  const row = await db.tenantPriceList.findUnique({ where: { tenantId } });
  if (!row) return { ...EMPTY, updated_at: null };
  return { ...PriceListInput.parse(JSON.parse(row.document)), updated_at: row.updatedAt.toISOString() };
}

/** Replaces the whole list (JSON body), or only its contracts (CSV body). */
export async function putPriceList(db: Db, tenantId: number, body: { json: unknown } | { csv: string }): Promise<PriceList> {
  const list = "json" in body
    ? parseOrThrow(PriceListInput, body.json, "body")
    : { ...(await storedFigures(db, tenantId)), contracts: await parseContractsCsv(body.csv) };
  // Both are validated already: stored and answered as they are (2,000 contracts parsed again would hold the thread for nothing).
  const stored: PriceListInput = { contracts: list.contracts, depot_energy_price_per_kWh: list.depot_energy_price_per_kWh, value_of_time_eur_per_h: list.value_of_time_eur_per_h };
  // 2,000 contracts are a megabyte: serializing, storing and answering it each take a turn of their own.
  await nextTurn();
  const document = JSON.stringify(stored);
  await nextTurn();
  const row = await db.tenantPriceList.upsert({ where: { tenantId }, create: { tenantId, document }, update: { document } });
  await nextTurn();
  return { ...stored, updated_at: row.updatedAt.toISOString() };
}

const Figures = PriceListInput.pick({ depot_energy_price_per_kWh: true, value_of_time_eur_per_h: true });

/** The stored list's figures, which a CSV of contracts keeps (its contracts, up to 2,000, are not read). */
async function storedFigures(db: Db, tenantId: number): Promise<Omit<PriceListInput, "contracts">> {
  const row = await db.tenantPriceList.findUnique({ where: { tenantId } });
  await nextTurn();
  const stored = row ? (JSON.parse(row.document) as Record<string, unknown>) : {};
  return Figures.parse({ depot_energy_price_per_kWh: stored.depot_energy_price_per_kWh ?? null, value_of_time_eur_per_h: stored.value_of_time_eur_per_h ?? null });
}

/** The engine's view, for planning. */
export async function tenantPrices(db: Db, tenantId: number): Promise<TenantPrices> {
  const l = await getPriceList(db, tenantId);
  return { contracts: l.contracts, depotEurPerKWh: l.depot_energy_price_per_kWh ?? null, valueOfTimeEurPerH: l.value_of_time_eur_per_h ?? null };
}
