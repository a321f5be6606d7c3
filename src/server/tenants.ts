// Tenants and their fleets. A new tenant gets one vehicle of every catalog
// model so that valid vehicle_ids exist from the first request on.
import { VEHICLE_MODELS } from "../engine/vehicles/catalog";
import type { Db } from "./db/client";

export function seededVehicleId(modelCode: string): string {
  return modelCode.toLowerCase().replace(/_/g, "-");
}

export async function ensureTenant(db: Db, name: string): Promise<{ id: number; name: string; created: boolean }> {
  const existing = await db.tenant.findUnique({ where: { name } });
  if (existing) return { ...existing, created: false };
  const tenant = await db.tenant.create({
    data: {
      name,
      vehicles: {
        create: VEHICLE_MODELS.map((m) => ({
          vehicleId: seededVehicleId(m.code),
          modelCode: m.code,
          name: `${m.manufacturer} ${m.name}`,
        })),
      },
    },
  });
  return { ...tenant, created: true };
}

