// A fleet vehicle is a catalog model plus the tenant's overrides of its figures.
// REST (server/api/fleet.ts) and tRPC both call these functions, so the
// checks and their 422 details exist once.
import {
  FIGURE_NAMES, FleetVehicleInput, FleetVehiclePatch, FleetVehiclePath, VehicleOverrides,
  type FleetVehicle, type VehicleFigures,
} from "../contract/fleet";
import { VEHICLE_MODELS, findModel, type VehicleModel } from "../engine/vehicles/catalog";
import type { Db } from "./db/client";
import { HttpError, notFound, type ValidationDetail } from "./http/errors";
import { pacer } from "./http/pace";
import { collect, parseOrThrow, throwIfAny } from "./http/validation";

export { VehicleOverrides };

type Row = { vehicleId: string; modelCode: string; name: string; overrides: string | null; vin: string | null };

export function applyOverrides(model: VehicleModel, overrides: VehicleOverrides | null): VehicleModel {
  return overrides ? { ...model, ...overrides } : model;
}

function storedOverrides(row: Row): VehicleOverrides {
  if (!row.overrides) return {};
  const parsed = VehicleOverrides.safeParse(JSON.parse(row.overrides));
  return parsed.success ? parsed.data : {};
}

const storable = (o: VehicleOverrides | null | undefined) => (o && Object.keys(o).length > 0 ? JSON.stringify(o) : null);

function effectiveModel(row: Row): VehicleModel | null {
  const model = findModel(row.modelCode);
  return model ? applyOverrides(model, storedOverrides(row)) : null;
}

export function fleetRecord(row: Row): FleetVehicle {
  const model = findModel(row.modelCode);
  const effective = effectiveModel(row);
  return {
    vehicle_id: row.vehicleId,
    model_code: row.modelCode,
    manufacturer: model?.manufacturer ?? "unknown",
    model_name: model?.name ?? row.modelCode,
    name: row.name,
    vin: row.vin,
    overrides: storedOverrides(row),
    effective: effective ? (Object.fromEntries(FIGURE_NAMES.map((k) => [k, effective[k]])) as VehicleFigures) : null,
  };
}

export async function resolveVehicle(db: Db, tenantId: number, vehicleId: string): Promise<VehicleModel | null> {
  const row = await db.vehicle.findUnique({ where: { tenantId_vehicleId: { tenantId, vehicleId } } });
  return row ? effectiveModel(row) : null;
}

const VEHICLES_AT_ONCE = 250;

/**
 * The tenant's fleet by vehicle_id (GET /vehicles, tRPC fleet.list), read and converted a page at a
 * time with the event loop served in between: a full fleet's records (overrides parsed and checked,
 * figures applied) take some 100 ms.
 */
export async function listFleet(db: Db, tenantId: number): Promise<FleetVehicle[]> {
  const pace = pacer();
  const out: FleetVehicle[] = [];
  for (let after: string | undefined; ;) {
    const rows = await db.vehicle.findMany({ where: { tenantId, ...(after === undefined ? {} : { vehicleId: { gt: after } }) }, orderBy: { vehicleId: "asc" }, take: VEHICLES_AT_ONCE });
    for (const row of rows) {
      out.push(fleetRecord(row));
      await pace();
    }
    if (rows.length < VEHICLES_AT_ONCE) return out;
    after = rows[rows.length - 1].vehicleId;
  }
}


/** Another tenant's vehicle answers exactly like a missing one. */
async function findRow(db: Db, tenantId: number, vehicleId: unknown) {
  const { vehicle_id } = parseOrThrow(FleetVehiclePath, { vehicle_id: vehicleId }, "path");
  const row = await db.vehicle.findUnique({ where: { tenantId_vehicleId: { tenantId, vehicleId: vehicle_id } } });
  if (!row) throw notFound(`Vehicle '${vehicle_id}'`);
  return row;
}

export async function getFleetVehicle(db: Db, tenantId: number, vehicleId: unknown): Promise<FleetVehicle> {
  return fleetRecord(await findRow(db, tenantId, vehicleId));
}

const ModelCodeField = FleetVehicleInput.shape.model_code;
const asObject = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? v : {}) as Record<string, unknown>;

/**
 * Checks beyond the schema, run wherever the fields they need are well-formed
 * so they are listed with the schema's violations: the model is in the
 * catalog, and tare < max gross once the overrides apply.
 */
function checkFigures(modelCode: unknown, overrides: unknown, overridesSent: boolean, into: ValidationDetail[]): void {
  const code = ModelCodeField.safeParse(modelCode);
  if (!code.success) return;
  const model = findModel(code.data);
  if (!model) {
    const codes = VEHICLE_MODELS.map((m) => m.code).join(", ");
    into.push({ loc: ["body", "model_code"], msg: `Unknown model_code '${code.data}'; valid codes: ${codes}`, type: "enum" });
    return;
  }
  const o = VehicleOverrides.nullable().safeParse(overrides ?? null);
  if (!o.success) return;
  const v = applyOverrides(model, o.data);
  if (v.tareKg < v.maxGrossKg) return;
  const field = o.data && "tareKg" in o.data ? "tareKg" : "maxGrossKg";
  into.push({
    // Stored overrides that clash with a new model are the model change's fault.
    loc: overridesSent ? ["body", "overrides", field] : ["body", "model_code"],
    msg: `tareKg (${v.tareKg} kg) must be below maxGrossKg (${v.maxGrossKg} kg) of ${model.code} with the overrides`,
    type: "value_error",
  });
}

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === "P2002";

/** 409 when another vehicle of the fleet has the VIN: telematics reports must name one vehicle. */
async function checkVinFree(db: Db, tenantId: number, vin: string | null | undefined, vehicleId: string): Promise<void> {
  if (!vin) return;
  const other = await db.vehicle.findUnique({ where: { tenantId_vin: { tenantId, vin } }, select: { vehicleId: true } });
  if (other && other.vehicleId !== vehicleId) throw vinTaken(vin, other.vehicleId);
}
const vinTaken = (vin: string, vehicleId: string) => new HttpError(409, { detail: `VIN ${vin} is already that of vehicle '${vehicleId}' in this fleet` });

/** A unique violation of a create or update: the VIN's (another vehicle has it), else the vehicle id's. */
async function conflict(db: Db, tenantId: number, vehicleId: string, vin: string | null | undefined): Promise<HttpError> {
  const other = vin ? await db.vehicle.findUnique({ where: { tenantId_vin: { tenantId, vin } }, select: { vehicleId: true } }) : null;
  if (vin && other && other.vehicleId !== vehicleId) return vinTaken(vin, other.vehicleId);
  return new HttpError(409, { detail: `Vehicle '${vehicleId}' already exists in this fleet` });
}

export async function createFleetVehicle(db: Db, tenantId: number, raw: unknown): Promise<FleetVehicle> {
  const details: ValidationDetail[] = [];
  const input = collect(FleetVehicleInput, raw, "body", details);
  const b = asObject(raw);
  checkFigures(b.model_code, b.overrides, true, details);
  throwIfAny(details);
  const { vehicle_id, model_code, name, overrides, vin } = input!;
  await checkVinFree(db, tenantId, vin, vehicle_id);
  try {
    const row = await db.vehicle.create({ data: { tenantId, vehicleId: vehicle_id, modelCode: model_code, name, overrides: storable(overrides), vin: vin ?? null } });
    return fleetRecord(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw await conflict(db, tenantId, vehicle_id, vin);
    throw e;
  }
}

export async function updateFleetVehicle(db: Db, tenantId: number, vehicleId: unknown, raw: unknown): Promise<FleetVehicle> {
  const row = await findRow(db, tenantId, vehicleId);
  const details: ValidationDetail[] = [];
  const patch = collect(FleetVehiclePatch, raw, "body", details);
  const b = asObject(raw);
  const overridesSent = b.overrides !== undefined;
  if (b.model_code !== undefined || overridesSent) {
    checkFigures(b.model_code ?? row.modelCode, overridesSent ? b.overrides : storedOverrides(row), overridesSent, details);
  }
  throwIfAny(details);
  const { name, model_code, overrides, vin } = patch!;
  await checkVinFree(db, tenantId, vin, row.vehicleId);
  try {
    const data = { name, modelCode: model_code, vin, ...(overrides !== undefined ? { overrides: storable(overrides) } : {}) };
    // Another VIN is another truck's data: the state reported under the old one goes with it.
    const updated = vin !== undefined && vin !== row.vin
      ? await db.$transaction(async (tx) => {
        await tx.vehicleTelematics.deleteMany({ where: { vehicleRowId: row.id } });
        return tx.vehicle.update({ where: { id: row.id }, data });
      })
      : await db.vehicle.update({ where: { id: row.id }, data });
    return fleetRecord(updated);
  } catch (e) {
    if (isUniqueViolation(e)) throw await conflict(db, tenantId, row.vehicleId, vin);
    throw e;
  }
}

/** Planned tours keep the figures frozen into their stored input. */
export async function deleteFleetVehicle(db: Db, tenantId: number, vehicleId: unknown): Promise<void> {
  const row = await findRow(db, tenantId, vehicleId);
  await db.vehicle.delete({ where: { id: row.id } });
}
