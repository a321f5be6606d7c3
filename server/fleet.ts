// A fleet vehicle is a catalog model plus the tenant's overrides of its figures.
import { z } from "zod";
import { findModel, type VehicleModel } from "../engine/vehicles/catalog";
import type { Db } from "./db/client";

/** Figures a fleet vehicle may override; the same names as the catalog's. */
export const VehicleOverrides = z
  .object({
    usableBatteryKWh: z.number().positive().max(5000),
    tareKg: z.number().positive().max(60_000),
    maxGrossKg: z.number().positive().max(80_000),
    referenceConsumptionKWhPerKm: z.number().positive().max(5),
    maxCcsKW: z.number().positive().max(1000).nullable(),
    maxMcsKW: z.number().positive().max(5000).nullable(),
  })
  .partial()
  .meta({ id: "VehicleOverrides" });
export type VehicleOverrides = z.infer<typeof VehicleOverrides>;

export function applyOverrides(model: VehicleModel, overrides: VehicleOverrides | null): VehicleModel {
  return overrides ? { ...model, ...overrides } : model;
}

export async function resolveVehicle(db: Db, tenantId: number, vehicleId: string): Promise<VehicleModel | null> {
  const row = await db.vehicle.findUnique({ where: { tenantId_vehicleId: { tenantId, vehicleId } } });
  if (!row) return null;
  const model = findModel(row.modelCode);
  if (!model) return null;
  const overrides = row.overrides ? VehicleOverrides.safeParse(JSON.parse(row.overrides)) : null;
  return applyOverrides(model, overrides?.success ? overrides.data : null);
}
