// A charging site as the planner sees it, whatever the source format.
import type { Tariff } from "../cost/ocpi-tariff-types";
export type ConnectorType = "CCS" | "MCS" | "CHADEMO" | "TYPE2" | "OTHER";

export interface Station {
  /** Stable numeric id within the pack (poi_id). */
  poiId: number;
  /** Source-qualified external id, e.g. "bnetza:1234" or "ocpi:NL:NDW:<id>". */
  externalId: string;
  /** OCPI location id where the source is OCPI, else null. */
  locationId: string | null;
  name: string;
  address: string;
  lat: number;
  lon: number;
  /** Operator name, normalized (one operator, one spelling). */
  operator: string;
  /** Highest DC (else AC) power of any point at the site, kW. */
  powerKW: number;
  /** Highest DC power at the site, kW; 0 when the site has no DC. */
  dcPowerKW: number;
  connectors: ConnectorType[];
  /** Number of charging points at the site (0: the source does not say). */
  points: number;
  /** The source states no count: points is the importer's estimate (e.g. one per connector group). */
  pointsEstimated?: true;
  /** The source states no power for the site: powerKW is an assumption (e.g. 50 kW, or the network's class). */
  powerEstimated?: true;
  /** Truck access where the source (OSM `hgv`) or an overlay (`truck_approved`) states it: "no" keeps trucks out. */
  truckAccess?: "yes" | "no";
  /** Vehicle limits at the site where the source states them (OSM `maxheight`, `maxlength`), metres. */
  maxHeightM?: number;
  maxLengthM?: number;
  /** OCPI Tariffs the site's connectors name (`tariff_ids`), per connector type, where the import carried them. */
  tariffs?: Partial<Record<ConnectorType, Tariff>>;
  /** Per connector type, the `tariff_ids` the import could not resolve (its file had no such Tariff): a tariffs import links them later. */
  tariffIds?: Partial<Record<ConnectorType, string[]>>;
  /** Truck access: null when the source does not say. */
  truckApproved: "T" | "TT" | null;
  connectorPos: "LEFT" | "RIGHT" | null;
  bookable: boolean | null;
  amenities: string[];
  country: string;
  source: string;
  /** Group id (mapping) of co-located chargers; the representative has represents=1. */
  mapping: number;
  represents: 0 | 1;
  /** OCPI-style opening times where the source states them. */
  openingTimes?: OpeningTimes;
  /** IANA time zone of the opening times (OCPI `time_zone`); else the country's. */
  timeZone?: string;
  /** Which source (or overlay) each known attribute comes from, where the site was merged or overlaid. */
  provenance?: Partial<Record<StationAttribute, string>>;
  /** External ids of the same site from other sources, merged into this one. */
  mergedFrom?: string[];
  /** A tenant's own charger (e.g. at its depot), visible only to that tenant. */
  privateTo?: number;
  /**
   * OCPI `ParkingRestriction` values (EV_ONLY, PLUGGED, DISABLED, CUSTOMERS, MOTORCYCLES) that hold
   * at every charging point of the site, sorted. Absent when the source states none for some point.
   */
  parkingRestrictions?: string[];
  /**
   * Highest power per connector type at the site, kW, where the source gives power per connector
   * (dcPowerKW is the maximum over all DC connectors, e.g. an MCS point next to slower CCS points).
   */
  connectorKW?: Partial<Record<ConnectorType, number>>;
}

export type StationAttribute = keyof Omit<Station, "provenance" | "mergedFrom" | "poiId" | "mapping" | "represents">;

/** Subset of OCPI 2.2.1 `Hours`. */
export interface OpeningTimes {
  twentyfourseven: boolean;
  /** weekday 1 = Monday ... 7 = Sunday; period_begin / period_end "HH:MM", local time of the site. */
  regular_hours?: { weekday: number; period_begin: string; period_end: string }[];
  /** OCPI `ExceptionalPeriod`s (RFC 3339 date-times): extra opening / closing on top of the regular hours. */
  exceptional_openings?: { period_begin: string; period_end: string }[];
  exceptional_closings?: { period_begin: string; period_end: string }[];
}

/** A site as an importer yields it, before the pack assigns ids and groups. */
export type StationDraft = Omit<Station, "poiId" | "mapping" | "represents">;
