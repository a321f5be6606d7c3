// The station store: charger files imported into the database (public, or a
// tenant's own depot chargers), and the overlays of truck attributes. The
// planner combines them with the bundled station pack (server/packs.ts).
import { createHash } from "node:crypto";
import { basename, extname } from "node:path";
import { parseBnetzaCsv } from "../../engine/stations/bnetza";
import type { StationOverlay } from "../../engine/stations/merge";
import { parseOcmPois } from "../../engine/stations/ocm";
import { parseOcpiLocations, parseOcpiTariffs } from "../../engine/stations/ocpi";
import { normalizeOperators } from "../../engine/stations/operators";
import type { StationDraft } from "../../engine/stations/types";
import type { Tariff } from "../../engine/cost/ocpi-tariffs";
import type { Db } from "../db/client";

export const STATION_FORMATS = ["bnetza", "ocm", "ocpi", "ocpi-tariffs"] as const;
/** A source of this format holds OCPI Tariff objects (records `tariff:<id>`), not sites. */
export const TARIFFS_FORMAT = "ocpi-tariffs";
export type StationFormat = (typeof STATION_FORMATS)[number];

/** Tenant id of public sources and of the operator's overlay. */
export const PUBLIC = 0;

export interface ParsedFile {
  drafts: StationDraft[];
  records: number;
  skipped: number;
  warnings: string[];
}

export function parseStationFile(format: StationFormat, bytes: Uint8Array, source: string): ParsedFile {
  const text = () => new TextDecoder().decode(bytes).replace(/^\uFEFF/, "");
  if (format === "bnetza") {
    const r = parseBnetzaCsv(bytes, { source });
    return { drafts: r.stations, records: r.devices, skipped: r.skipped, warnings: [] };
  }
  if (format === "ocm") {
    const r = parseOcmPois(text(), { source });
    return { drafts: r.stations, records: r.pois, skipped: r.skipped, warnings: r.warnings };
  }
  if (format === TARIFFS_FORMAT) {
    const r = parseOcpiTariffs(text());
    // Stored like sites (one record each) so that the store's version and removal work alike.
    const drafts = r.tariffs.map((t) => ({ externalId: `tariff:${t.id}`, tariff: t }) as unknown as StationDraft);
    return { drafts, records: r.records, skipped: r.skipped, warnings: [] };
  }
  const r = parseOcpiLocations(text(), { source });
  return { drafts: r.stations, records: r.locations, skipped: r.skipped, warnings: r.warnings };
}

export interface ImportReport {
  source: string;
  tenantId: number;
  records: number;
  skipped: number;
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
  warnings: string[];
}

/** The source key of a file: its name without extension, unless given. */
export const sourceKeyOf = (fileName: string, key?: string) => key ?? basename(fileName, extname(fileName));

/**
 * Loads a file into the store under its source key. Re-importing the same key
 * updates its sites in place (matched on the external id), adds new ones and
 * removes those the file no longer has: never duplicates.
 */
export async function importStationFile(
  db: Db, args: { format: StationFormat; fileName: string; bytes: Uint8Array; key?: string; tenantId?: number },
): Promise<ImportReport> {
  const tenantId = args.tenantId ?? PUBLIC;
  const key = sourceKeyOf(args.fileName, args.key);
  const parsed = parseStationFile(args.format, args.bytes, key);
  const drafts = args.format === TARIFFS_FORMAT ? dedupe(parsed.drafts) : normalizeOperators(dedupe(parsed.drafts));
  const fileHash = createHash("sha256").update(args.bytes).digest("hex");
  const report: ImportReport = { source: key, tenantId, records: parsed.records, skipped: parsed.skipped, added: 0, updated: 0, unchanged: 0, removed: 0, warnings: parsed.warnings };

  await db.$transaction(async (tx) => {
    const meta = { format: args.format, fileName: basename(args.fileName), fileHash, records: parsed.records, sites: drafts.length };
    const source = await tx.stationSource.upsert({
      where: { tenantId_key: { tenantId, key } },
      create: { tenantId, key, ...meta },
      update: { ...meta, importedAt: new Date() },
    });
    const existing = new Map((await tx.stationRecord.findMany({ where: { sourceId: source.id }, select: { id: true, externalId: true, draft: true } })).map((r) => [r.externalId, r]));
    for (const d of drafts) {
      const draft = JSON.stringify(d);
      const old = existing.get(d.externalId);
      existing.delete(d.externalId);
      if (!old) {
        await tx.stationRecord.create({ data: { sourceId: source.id, externalId: d.externalId, draft } });
        report.added++;
      } else if (old.draft !== draft) {
        await tx.stationRecord.update({ where: { id: old.id }, data: { draft } });
        report.updated++;
      } else report.unchanged++;
    }
    if (existing.size) {
      await tx.stationRecord.deleteMany({ where: { id: { in: [...existing.values()].map((r) => r.id) } } });
      report.removed = existing.size;
    }
  }, { timeout: 120_000 });
  return report;
}

function dedupe(drafts: StationDraft[]): StationDraft[] {
  const seen = new Set<string>();
  return drafts.filter((d) => !seen.has(d.externalId) && !!seen.add(d.externalId));
}

export interface StoredSite {
  /** Record id: the site's poi_id is derived from it, so it stays stable. */
  id: number;
  tenantId: number;
  draft: StationDraft;
}

/** Public sites and the tenant's own. */
export async function storedSites(db: Db, tenantId: number): Promise<StoredSite[]> {
  const rows = await db.stationRecord.findMany({
    where: { source: { tenantId: { in: [PUBLIC, tenantId] }, format: { not: TARIFFS_FORMAT } } },
    select: { id: true, draft: true, source: { select: { tenantId: true } } },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => ({ id: r.id, tenantId: r.source.tenantId, draft: JSON.parse(r.draft) as StationDraft }));
}

/** OCPI tariffs imported on their own, by id: the operator's, then the tenant's (later ones win). */
export async function storedTariffs(db: Db, tenantId: number): Promise<Map<string, Tariff>> {
  const rows = await db.stationRecord.findMany({
    where: { source: { tenantId: { in: [PUBLIC, tenantId] }, format: TARIFFS_FORMAT } },
    select: { draft: true, source: { select: { tenantId: true } } },
    orderBy: [{ id: "asc" }],
  });
  rows.sort((a, b) => a.source.tenantId - b.source.tenantId);
  const out = new Map<string, Tariff>();
  for (const r of rows) {
    const t = (JSON.parse(r.draft) as { tariff: Tariff }).tariff;
    out.set(t.id, t);
  }
  return out;
}

/** Links each site's unresolved `tariff_ids` to the tariffs imported on their own. */
export function linkTariffs(sites: StoredSite[], tariffs: Map<string, Tariff>): StoredSite[] {
  if (!tariffs.size) return sites;
  return sites.map((s) => {
    const ids = s.draft.tariffIds;
    if (!ids) return s;
    const linked = { ...s.draft.tariffs };
    for (const [type, list] of Object.entries(ids)) {
      const t = list?.map((id) => tariffs.get(id)).find((x) => x !== undefined);
      if (t && !linked[type as keyof typeof linked]) linked[type as keyof typeof linked] = t;
    }
    return { ...s, draft: { ...s.draft, tariffs: linked } };
  });
}

/** The operator's overlay, then the tenant's (later entries win). */
export async function storedOverlays(db: Db, tenantId: number): Promise<StationOverlay[]> {
  const rows = await db.stationOverlay.findMany({ where: { tenantId: { in: [PUBLIC, tenantId] } }, orderBy: [{ tenantId: "asc" }, { id: "asc" }] });
  return rows.map((r) => ({
    externalId: r.externalId,
    truckApproved: r.truckApproved as StationOverlay["truckApproved"],
    connectorPos: r.connectorPos as StationOverlay["connectorPos"],
    bookable: r.bookable,
    mcsKW: r.mcsKW,
    chargePoints: r.points,
    by: r.tenantId === PUBLIC ? "overlay:operator" : `overlay:tenant:${r.tenantId}`,
  }));
}

/** Changes whenever anything the tenant's station list depends on changes. */
export async function storeVersion(db: Db, tenantId: number): Promise<string> {
  const tenants = { in: [PUBLIC, tenantId] };
  const [src, rec, ov] = await Promise.all([
    db.stationSource.aggregate({ where: { tenantId: tenants }, _count: true, _max: { updatedAt: true } }),
    db.stationRecord.count({ where: { source: { tenantId: tenants } } }),
    db.stationOverlay.aggregate({ where: { tenantId: tenants }, _count: true, _max: { updatedAt: true } }),
  ]);
  return [src._count, src._max.updatedAt?.getTime() ?? 0, rec, ov._count, ov._max.updatedAt?.getTime() ?? 0].join(":");
}
