// GET /vehicles/info/models, GET /vehicles, GET /routing/geocode, GET /poi/cpos.
import { CpoEntry, GeocodeQuery, VehicleModelsQuery } from "../../contract/lookups";
import { operatorCounts } from "../../engine/stations/filter";
import type { Station } from "../../engine/stations/types";
import { modelsByManufacturer } from "../../engine/vehicles/catalog";
import type { z } from "zod";
import { db } from "../db/client";
import { resolveAddress } from "../geocode/geocoder";
import { HttpError, jsonResponse } from "../http/errors";
import { queryObject } from "../http/request";
import { parseOrThrow } from "../http/validation";
import { packs } from "../packs";
import { listFleet } from "../fleet";
import { authed } from "./auth";

export async function vehicleModels(req: Request): Promise<Response> {
  await authed(req);
  const { manufacturer } = parseOrThrow(VehicleModelsQuery, queryObject(new URL(req.url)), "query");
  return jsonResponse(200, modelsByManufacturer(manufacturer));
}

export async function fleet(req: Request): Promise<Response> {
  const auth = await authed(req);
  return jsonResponse(200, await listFleet(db(), auth.tenantId));
}

export async function geocodeAddress(req: Request): Promise<Response> {
  await authed(req);
  const { address } = parseOrThrow(GeocodeQuery, queryObject(new URL(req.url)), "query");
  const hit = await resolveAddress(address);
  if (!hit) throw new HttpError(404, { detail: `No place, postcode or street matches '${address}'` });
  return jsonResponse(200, hit);
}

/** Per tenant, counted anew when the tenant's station list changes. */
const cpoCache = new WeakMap<readonly Station[], z.infer<typeof CpoEntry>[]>();

export async function cpos(req: Request): Promise<Response> {
  const auth = await authed(req);
  return jsonResponse(200, await cposFor(auth.tenantId));
}

export async function cposFor(tenantId: number): Promise<z.infer<typeof CpoEntry>[]> {
  const stations = await packs.stationsForTenant(db(), tenantId);
  let counts = cpoCache.get(stations);
  if (!counts) cpoCache.set(stations, (counts = operatorCounts(stations).map((c) => ({ name: c.name, station_count: c.count }))));
  return counts;
}
