// Sites from several sources as one station list: co-located sites grouped
// (mapping), the same site reported by two sources merged into one with the
// source of every attribute kept, and overlay attributes applied on top.
import KDBush from "kdbush";
import { haversineM } from "../geo";
import { operatorKey } from "./operators";
import type { ConnectorType, Station, StationAttribute, StationDraft } from "./types";

/** Sites of any source/operator closer than this are one physical location. */
export const CO_LOCATION_M = 60;
/** The same operator's sites from two sources this close are one site reported twice. */
export const SAME_SITE_M = 150;

/**
 * Co-located sites are grouped greedily around the strongest site, so every
 * member is within CO_LOCATION_M of its representative; the group's mapping id
 * is the representative's poiId. Mutates and returns the stations.
 */
export function groupCoLocated(stations: Station[]): Station[] {
  for (const s of stations) (s.mapping = 0), (s.represents = 0);
  if (stations.length === 0) return stations;
  const tree = new KDBush(stations.length);
  for (const s of stations) tree.add(s.lon, s.lat);
  tree.finish();
  const order = stations.map((_, i) => i).sort((a, b) => {
    const x = stations[a], y = stations[b];
    return y.powerKW - x.powerKW || y.points - x.points || x.poiId - y.poiId;
  });
  const dLat = (CO_LOCATION_M / 111_195) * 1.01;
  for (const i of order) {
    const seed = stations[i];
    if (seed.mapping) continue;
    seed.mapping = seed.poiId;
    seed.represents = 1;
    const dLon = dLat / Math.cos((Math.min(Math.abs(seed.lat), 89) * Math.PI) / 180);
    for (const j of tree.range(seed.lon - dLon, seed.lat - dLat, seed.lon + dLon, seed.lat + dLat)) {
      const s = stations[j];
      if (!s.mapping && haversineM(seed.lat, seed.lon, s.lat, s.lon) <= CO_LOCATION_M) s.mapping = seed.poiId;
    }
  }
  return stations;
}

/** Attributes a merge fills from the other source where the first does not know them. */
const FILLED: StationAttribute[] = ["truckApproved", "connectorPos", "bookable", "openingTimes", "locationId", "address", "name"];
const known = (v: unknown) => v !== null && v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0);

/**
 * One site per operator and place: sites of the same operator from different
 * sources within SAME_SITE_M merge into the one with the most power; unknown
 * attributes come from the others, each recorded in `provenance`.
 */
export function mergeSameSites(stations: Station[]): Station[] {
  if (stations.length === 0) return stations;
  const tree = new KDBush(stations.length);
  for (const s of stations) tree.add(s.lon, s.lat);
  tree.finish();
  const order = stations.map((_, i) => i).sort((a, b) => stations[b].powerKW - stations[a].powerKW || stations[a].poiId - stations[b].poiId);
  const gone = new Set<number>();
  const dLat = (SAME_SITE_M / 111_195) * 1.01;
  for (const i of order) {
    if (gone.has(i) || stations[i].privateTo) continue;
    const base = stations[i];
    const key = operatorKey(base.operator);
    const dLon = dLat / Math.cos((Math.min(Math.abs(base.lat), 89) * Math.PI) / 180);
    const twins = tree.range(base.lon - dLon, base.lat - dLat, base.lon + dLon, base.lat + dLat).filter((j) => {
      const s = stations[j];
      return j !== i && !gone.has(j) && !s.privateTo && s.source !== base.source && operatorKey(s.operator) === key && haversineM(base.lat, base.lon, s.lat, s.lon) <= SAME_SITE_M;
    });
    if (twins.length === 0) continue;
    const merged = withProvenance(base);
    for (const j of twins) {
      const t = stations[j];
      for (const a of FILLED) {
        if (!known(merged[a]) && known(t[a])) {
          (merged as unknown as Record<string, unknown>)[a] = t[a];
          merged.provenance![a] = t.source;
        }
      }
      merged.connectors = [...new Set<ConnectorType>([...merged.connectors, ...t.connectors])].sort();
      merged.amenities = [...new Set([...merged.amenities, ...t.amenities])];
      if (merged.powerEstimated && !t.powerEstimated && t.dcPowerKW > 0) {
        // A stated power replaces an assumed one, higher or not.
        Object.assign(merged, { powerKW: t.powerKW, dcPowerKW: t.dcPowerKW, connectorKW: t.connectorKW });
        delete merged.powerEstimated;
        merged.provenance!.dcPowerKW = t.source;
      } else if (t.dcPowerKW > merged.dcPowerKW && !(t.powerEstimated && !merged.powerEstimated)) {
        (merged.dcPowerKW = t.dcPowerKW), (merged.provenance!.dcPowerKW = t.source);
      }
      // A stated count replaces an estimated one; among counts alike, the higher.
      if (merged.pointsEstimated && !t.pointsEstimated && t.points > 0) {
        merged.points = t.points;
        delete merged.pointsEstimated;
      } else if (!(t.pointsEstimated && !merged.pointsEstimated && merged.points > 0)) merged.points = Math.max(merged.points, t.points);
      merged.mergedFrom = [...(merged.mergedFrom ?? [base.externalId]), t.externalId];
      gone.add(j);
    }
    stations[i] = merged;
  }
  return stations.filter((_, i) => !gone.has(i));
}

function withProvenance(s: Station): Station {
  const provenance: Partial<Record<StationAttribute, string>> = { ...s.provenance };
  for (const a of [...FILLED, "dcPowerKW"] as StationAttribute[]) if (known(s[a]) && !provenance[a]) provenance[a] = s.source;
  return { ...s, provenance };
}

/** Truck attributes an operator or a tenant admin states for a site (null: leave as the source has it). */
export interface StationOverlay {
  externalId: string;
  /** "none": no trucks (truckAccess "no"); T, TT: trucks may use it (truckAccess "yes"). */
  truckApproved?: "T" | "TT" | "none" | null;
  connectorPos?: "LEFT" | "RIGHT" | null;
  bookable?: boolean | null;
  /** Highest MCS power at the site, kW; 0 = no MCS connector. */
  mcsKW?: number | null;
  /** Charging points at the site (how many trucks charge at once). */
  chargePoints?: number | null;
  /** Who says so, recorded as the attribute's provenance, e.g. "overlay:operator". */
  by: string;
}

/** Overlays in order (later ones win), matched on a site's own or merged external ids. */
export function applyOverlays(stations: Station[], overlays: StationOverlay[]): Station[] {
  if (overlays.length === 0) return stations;
  const byId = new Map<string, StationOverlay[]>();
  for (const o of overlays) byId.set(o.externalId, [...(byId.get(o.externalId) ?? []), o]);
  return stations.map((s) => {
    const mine = [s.externalId, ...(s.mergedFrom ?? [])].flatMap((id) => byId.get(id) ?? []);
    if (mine.length === 0) return s;
    const out = withProvenance(s);
    for (const o of mine) {
      if (o.truckApproved !== undefined && o.truckApproved !== null) {
        // "none" closes the site to trucks as OSM hgv=no does (the candidates skip it); T or TT opens it, whatever the source said.
        set(out, "truckApproved", o.truckApproved === "none" ? null : o.truckApproved, o.by);
        set(out, "truckAccess", o.truckApproved === "none" ? "no" : "yes", o.by);
      }
      if (o.connectorPos !== undefined && o.connectorPos !== null) set(out, "connectorPos", o.connectorPos, o.by);
      if (o.bookable !== undefined && o.bookable !== null) set(out, "bookable", o.bookable, o.by);
      if (o.chargePoints !== undefined && o.chargePoints !== null) {
        set(out, "points", o.chargePoints, o.by);
        delete out.pointsEstimated;
      }
      if (o.mcsKW !== undefined && o.mcsKW !== null) {
        const others = out.connectors.filter((c) => c !== "MCS");
        out.connectors = o.mcsKW > 0 ? [...others, "MCS" as const].sort() : others;
        if (o.mcsKW > 0) {
          out.connectorKW = { ...out.connectorKW, MCS: o.mcsKW };
          out.dcPowerKW = Math.max(out.dcPowerKW, o.mcsKW);
          out.powerKW = Math.max(out.powerKW, o.mcsKW);
        } else if (out.connectorKW) {
          // No MCS after all: the site's powers are what its other connectors give.
          const { MCS: _, ...rest } = out.connectorKW;
          out.connectorKW = rest;
          out.dcPowerKW = Math.max(0, ...(["CCS", "CHADEMO"] as const).map((c) => rest[c] ?? 0));
          out.powerKW = Math.max(0, ...Object.values(rest).map((kw) => kw ?? 0));
        }
        out.provenance!.connectors = o.by;
        out.provenance!.dcPowerKW = o.by;
      }
    }
    return out;
  });
}

function set<K extends StationAttribute>(s: Station, key: K, value: Station[K], by: string): void {
  s[key] = value;
  s.provenance![key] = by;
}

/** poi_id of a site from the station store: this base + its record id (stable across reloads). */
export const STORED_ID_BASE = 10_000_000;

export interface StoredSiteInput {
  id: number;
  /** 0: public; else the tenant whose own charger it is. */
  tenantId: number;
  draft: StationDraft;
}

/**
 * The bundled pack plus the store's sites and the overlays, as one list: a
 * public stored site with a pack site's external id replaces it (keeping its
 * poi_id), same sites from two sources merge, co-located sites are grouped
 * anew, overlays last. The pack's stations are copied, never changed.
 */
export function combineStations(pack: readonly Station[], stored: StoredSiteInput[], overlays: StationOverlay[]): Station[] {
  const out: Station[] = pack.map((s) => ({ ...s }));
  const at = new Map(out.map((s, i) => [s.externalId, i]));
  for (const r of stored) {
    const site: Station = { ...r.draft, poiId: STORED_ID_BASE + r.id, mapping: 0, represents: 0, ...(r.tenantId ? { privateTo: r.tenantId } : {}) };
    const i = r.tenantId ? undefined : at.get(r.draft.externalId);
    if (i === undefined) out.push(site);
    else out[i] = { ...site, poiId: out[i].poiId };
  }
  return applyOverlays(groupCoLocated(mergeSameSites(out)), overlays);
}
