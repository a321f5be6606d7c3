// A tenant's price list in the database (one JSON document, TenantPriceList),
// and the file format an admin can PUT: JSON, or CSV of contracts.
import { ContractPrice, PriceListInput, type PriceList } from "../../contract/prices";
import type { TenantPrices } from "../../engine/cost/contracts";
import { parseCsv } from "../../engine/stations/bnetza";
import type { Db } from "../db/client";
import { ValidationFailed, type ValidationDetail } from "../http/errors";
import { issuesToDetails, parseOrThrow } from "../http/validation";

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
    : { ...(await getPriceList(db, tenantId)), contracts: parseContractsCsv(body.csv) };
  const document = JSON.stringify(PriceListInput.parse({ contracts: list.contracts, depot_energy_price_per_kWh: list.depot_energy_price_per_kWh, value_of_time_eur_per_h: list.value_of_time_eur_per_h }));
  const row = await db.tenantPriceList.upsert({ where: { tenantId }, create: { tenantId, document }, update: { document } });
  return { ...PriceListInput.parse(JSON.parse(document)), updated_at: row.updatedAt.toISOString() };
}

/** The engine's view, for planning. */
export async function tenantPrices(db: Db, tenantId: number): Promise<TenantPrices> {
  const l = await getPriceList(db, tenantId);
  return { contracts: l.contracts, depotEurPerKWh: l.depot_energy_price_per_kWh ?? null, valueOfTimeEurPerH: l.value_of_time_eur_per_h ?? null };
}

const NUMBERS = new Set(["min_power_kW", "max_power_kW", "energy_price_per_kWh", "session_fee", "price_per_min", "per_min_after_min"]);

/**
 * Contracts as CSV (comma or semicolon) with a header of ContractPrice's field
 * names; an empty cell is "not stated". Every invalid line is reported (loc:
 * ["body", line, field]) and nothing is stored.
 */
export function parseContractsCsv(text: string): ContractPrice[] {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  const first = trimmed.split(/\r?\n/, 1)[0] ?? "";
  const sep = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ";" : ",";
  const [header = [], ...rows] = parseCsv(trimmed, sep).filter((r) => r.some((c) => c.trim()));
  const details: ValidationDetail[] = [];
  const out: ContractPrice[] = [];
  rows.forEach((cells, i) => {
    const entry: Record<string, unknown> = {};
    header.forEach((h, j) => {
      const key = h.trim(), v = (cells[j] ?? "").trim();
      if (v !== "") entry[key] = NUMBERS.has(key) && /^-?\d+([.,]\d+)?$/.test(v) ? Number(v.replace(",", ".")) : v;
    });
    const parsed = ContractPrice.safeParse(entry);
    if (parsed.success) out.push(parsed.data);
    else details.push(...issuesToDetails(parsed.error.issues, "body").map((d) => ({ ...d, loc: ["body", i + 1, ...d.loc.slice(1)] })));
  });
  if (details.length) throw new ValidationFailed(details);
  return out;
}
