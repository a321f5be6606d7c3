// GET /vehicles/info/models, GET /vehicles, GET /routing/geocode, GET /poi/cpos.
import { CpoEntry, GeocodeQuery, VehicleModelsQuery } from "../../contract/lookups";
import { modelsByManufacturer } from "../../engine/vehicles/catalog";
import type { z } from "zod";
import { db } from "../db/client";
import { resolveAddress } from "../geocode/geocoder";
import { HttpError, jsonResponse } from "../http/errors";
import { queryObject } from "../http/request";
import { parseOrThrow } from "../http/validation";
import { lookupProcess } from "../planning/planners";
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

export async function cpos(req: Request): Promise<Response> {
  const auth = await authed(req);
  return jsonResponse(200, await cposFor(auth.tenantId));
}

/** Counted in the lookup process, where the tenant's station list is built (stations/tenant-lookups.ts). */
export async function cposFor(tenantId: number): Promise<z.infer<typeof CpoEntry>[]> {
  return lookupProcess().lookup(tenantId, { what: "cpos" });
}
