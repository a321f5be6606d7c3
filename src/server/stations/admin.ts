// What a tenant admin maintains in the station store: overlays of truck
// attributes and the tenant's own depot chargers. REST (server/api/stations.ts),
// tRPC and the import CLI call these, so the checks exist once.
import {
  DepotInput, DepotPath, MAX_DEPOTS, MAX_TENANT_OVERLAYS, StationOverlayInput, StationOverlayPath, type StationOverlayEntry,
  type Depot, type StationOverlayRecord,
} from "../../contract/stations";
import type { Station, StationDraft } from "../../engine/stations/types";
import type { Db } from "../db/client";
import { HttpError, notFound } from "../http/errors";
import { pacer } from "../http/pace";
import { parseOrThrow } from "../http/validation";
import { packs } from "../packs";
import { PUBLIC, TARIFFS_FORMAT } from "./store";

export { parseOverlayFile } from "./overlay-file";

type OverlayRow = { tenantId: number; externalId: string; truckApproved: string | null; connectorPos: string | null; bookable: boolean | null; mcsKW: number | null; points: number | null; note: string | null; updatedAt: Date };

function overlayRecord(r: OverlayRow): StationOverlayRecord {
  return {
    external_id: r.externalId,
    truck_approved: r.truckApproved as StationOverlayRecord["truck_approved"],
    connector_pos: r.connectorPos as StationOverlayRecord["connector_pos"],
    bookable: r.bookable,
    mcs_kW: r.mcsKW,
    charge_points: r.points,
    note: r.note,
    scope: r.tenantId === PUBLIC ? "operator" : "tenant",
    updated_at: r.updatedAt.toISOString(),
  };
}

const overlayData = (o: StationOverlayInput) => ({
  truckApproved: o.truck_approved ?? null, connectorPos: o.connector_pos ?? null, bookable: o.bookable ?? null, mcsKW: o.mcs_kW ?? null, points: o.charge_points ?? null, note: o.note ?? null,
});

export async function listOverlays(db: Db, tenantId: number): Promise<StationOverlayRecord[]> {
  const rows = await db.stationOverlay.findMany({ where: { tenantId: { in: [PUBLIC, tenantId] } }, orderBy: [{ tenantId: "asc" }, { externalId: "asc" }] });
  return rows.map(overlayRecord);
}

/** External ids of the bundled stations and of the sites merged into them, once per pack. */
const bundledIds = new WeakMap<readonly Station[], Set<string>>();

/**
 * Whether the tenant sees a station by this external id, its own or a merged source's. Every
 * bundled and stored site stays in the tenant's station list, under its id or in another's
 * merged_from, so the ids are looked up where they come from: building that list (a fifth of a
 * second, anew after every change of the store) is left to the planning that needs it.
 */
async function isVisible(db: Db, tenantId: number, externalId: string): Promise<boolean> {
  const pack = packs.stations;
  let ids = bundledIds.get(pack);
  if (!ids) bundledIds.set(pack, (ids = new Set(pack.flatMap((s) => [s.externalId, ...(s.mergedFrom ?? [])]))));
  if (ids.has(externalId)) return true;
  const sources = await db.stationSource.findMany({ where: { tenantId: { in: [PUBLIC, tenantId] }, format: { not: TARIFFS_FORMAT } }, select: { id: true } });
  if (!sources.length) return false;
  return !!(await db.stationRecord.findFirst({ where: { sourceId: { in: sources.map((s) => s.id) }, externalId }, select: { id: true } }));
}

const full = (what: string, max: number, remove: string) =>
  new HttpError(409, { detail: `A tenant has at most ${max.toLocaleString("en")} ${what}: remove one (${remove}) before adding another` });

export async function setOverlay(db: Db, tenantId: number, externalId: string, body: unknown): Promise<StationOverlayRecord> {
  const { external_id } = parseOrThrow(StationOverlayPath, { external_id: externalId }, "path");
  const input = parseOrThrow(StationOverlayInput, body, "body");
  const where = { tenantId_externalId: { tenantId, externalId: external_id } };
  if (!(await db.stationOverlay.findUnique({ where, select: { id: true } })) && (await db.stationOverlay.count({ where: { tenantId } })) >= MAX_TENANT_OVERLAYS) {
    throw full("overlays", MAX_TENANT_OVERLAYS, "DELETE /poi/overlays/{external_id}");
  }
  if (!(await isVisible(db, tenantId, external_id))) throw notFound(`Station '${external_id}'`);
  const row = await db.stationOverlay.upsert({
    where,
    create: { tenantId, externalId: external_id, ...overlayData(input) },
    update: overlayData(input),
  });
  return overlayRecord(row);
}

export async function removeOverlay(db: Db, tenantId: number, externalId: string): Promise<void> {
  const { external_id } = parseOrThrow(StationOverlayPath, { external_id: externalId }, "path");
  const { count } = await db.stationOverlay.deleteMany({ where: { tenantId, externalId: external_id } });
  if (!count) throw notFound(`Overlay for station '${external_id}'`);
}

/** Stores an overlay file for every tenant (tenantId 0) or one tenant; returns how many entries. */
export async function importOverlays(db: Db, entries: StationOverlayEntry[], tenantId = PUBLIC): Promise<number> {
  await db.$transaction(entries.map((e) => db.stationOverlay.upsert({
    where: { tenantId_externalId: { tenantId, externalId: e.external_id } },
    create: { tenantId, externalId: e.external_id, ...overlayData(e) },
    update: overlayData(e),
  })));
  return entries.length;
}

// ---- depots: the tenant's own chargers, a station source of its own ---------------

const DEPOT_SOURCE = "depots";
const depotExternalId = (tenantId: number, depotId: string) => `depot:${tenantId}:${depotId}`;

async function depotSource(db: Db, tenantId: number) {
  return db.stationSource.upsert({
    where: { tenantId_key: { tenantId, key: DEPOT_SOURCE } },
    create: { tenantId, key: DEPOT_SOURCE, format: "depot", fileName: "", fileHash: "", records: 0, sites: 0 },
    update: {},
  });
}

function depotDraft(tenantId: number, tenantName: string, depotId: string, d: DepotInput): StationDraft {
  return {
    externalId: depotExternalId(tenantId, depotId), locationId: null, name: d.name, address: d.address ?? "",
    lat: d.latitude, lon: d.longitude, operator: d.operator ?? tenantName, powerKW: d.power_kW, dcPowerKW: d.power_kW,
    connectors: [...new Set(d.connectors)].sort(), points: d.points, truckApproved: d.truck_approved ?? null,
    connectorPos: d.connector_pos ?? null, bookable: d.bookable ?? null, amenities: [], country: "", source: DEPOT_SOURCE,
  };
}

function depotRecord(depotId: string, draft: StationDraft, updatedAt: Date): Depot {
  return {
    depot_id: depotId, external_id: draft.externalId, name: draft.name, latitude: draft.lat, longitude: draft.lon,
    power_kW: draft.dcPowerKW, connectors: draft.connectors, points: draft.points, address: draft.address || null,
    operator: draft.operator, truck_approved: draft.truckApproved, connector_pos: draft.connectorPos, bookable: draft.bookable,
    updated_at: updatedAt.toISOString(),
  };
}

/** The tenant's depot chargers by id; their drafts parsed with the event loop served in between (up to 1,000 of them). */
export async function listDepots(db: Db, tenantId: number): Promise<Depot[]> {
  const rows = await db.stationRecord.findMany({ where: { source: { tenantId, key: DEPOT_SOURCE } }, orderBy: { externalId: "asc" } });
  const pace = pacer();
  const out: Depot[] = [];
  for (const r of rows) {
    out.push(depotRecord(r.externalId.split(":").slice(2).join(":"), JSON.parse(r.draft) as StationDraft, r.updatedAt));
    await pace();
  }
  return out;
}

/** Creates or replaces a depot charger; `created` says which. */
export async function putDepot(db: Db, tenantId: number, tenantName: string, depotId: string, body: unknown): Promise<{ depot: Depot; created: boolean }> {
  const { depot_id } = parseOrThrow(DepotPath, { depot_id: depotId }, "path");
  const input = parseOrThrow(DepotInput, body, "body");
  const source = await depotSource(db, tenantId);
  const draft = depotDraft(tenantId, tenantName, depot_id, input);
  const where = { sourceId_externalId: { sourceId: source.id, externalId: draft.externalId } };
  const existed = await db.stationRecord.findUnique({ where, select: { id: true } });
  if (!existed && (await db.stationRecord.count({ where: { sourceId: source.id } })) >= MAX_DEPOTS) {
    throw full("depot chargers", MAX_DEPOTS, "DELETE /poi/depots/{depot_id}");
  }
  const row = await db.stationRecord.upsert({ where, create: { sourceId: source.id, externalId: draft.externalId, draft: JSON.stringify(draft) }, update: { draft: JSON.stringify(draft) } });
  await touchSource(db, source.id);
  return { depot: depotRecord(depot_id, draft, row.updatedAt), created: !existed };
}

export async function deleteDepot(db: Db, tenantId: number, depotId: string): Promise<void> {
  const { depot_id } = parseOrThrow(DepotPath, { depot_id: depotId }, "path");
  const { count } = await db.stationRecord.deleteMany({ where: { externalId: depotExternalId(tenantId, depot_id), source: { tenantId, key: DEPOT_SOURCE } } });
  if (!count) throw notFound(`Depot '${depot_id}'`);
  const source = await depotSource(db, tenantId);
  await touchSource(db, source.id);
}

/** Keeps the source's counts true and moves the store version on. */
async function touchSource(db: Db, sourceId: number): Promise<void> {
  const sites = await db.stationRecord.count({ where: { sourceId } });
  await db.stationSource.update({ where: { id: sourceId }, data: { sites, records: sites } });
}
