// The tenant's fleet: vehicles that reference a catalog model and may override its figures.
import { z } from "zod";

/** Vehicles per tenant (docs/API.md, Limits): every list of the fleet holds them all. */
export const MAX_FLEET_VEHICLES = 2_000;

/** Figures a fleet vehicle may override; the same names as the catalog's. */
export const VehicleOverrides = z
  .strictObject({
    usableBatteryKWh: z.number().positive().max(5000),
    tareKg: z.number().positive().max(60_000),
    maxGrossKg: z.number().positive().max(80_000),
    referenceConsumptionKWhPerKm: z.number().positive().max(5),
    maxCcsKW: z.number().positive().max(1000).nullable().describe("null: no CCS inlet"),
    maxMcsKW: z.number().positive().max(5000).nullable().describe("null: no MCS inlet"),
    rollingResistance: z.number().min(0.002).max(0.02),
    dragAreaM2: z.number().min(2).max(15),
    drivetrainEfficiency: z.number().min(0.5).max(1),
    recuperationEfficiency: z.number().min(0).max(1),
    auxiliaryKW: z.number().min(0).max(50),
    cabHeatingKWPerK: z.number().min(0).max(2).describe("Cab heating per K below 20 C while driving, kW/K (docs/weather-energy-model.md)"),
    cabCoolingKWPerK: z.number().min(0).max(2).describe("Air conditioning per K above 24 C, kW/K"),
  })
  .partial()
  .describe("Figures that replace the model's; unknown names are rejected")
  .meta({ id: "VehicleOverrides" });
export type VehicleOverrides = z.infer<typeof VehicleOverrides>;

/** What the planner uses for a vehicle: the model's figures with the overrides applied. */
export const VehicleFigures = z
  .object({
    usableBatteryKWh: z.number(),
    tareKg: z.number(),
    maxGrossKg: z.number(),
    referenceConsumptionKWhPerKm: z.number(),
    maxCcsKW: z.number().nullable(),
    maxMcsKW: z.number().nullable(),
    rollingResistance: z.number(),
    dragAreaM2: z.number(),
    drivetrainEfficiency: z.number(),
    recuperationEfficiency: z.number(),
    auxiliaryKW: z.number(),
    cabHeatingKWPerK: z.number(),
    cabCoolingKWPerK: z.number(),
  })
  .meta({ id: "VehicleFigures" });
export type VehicleFigures = z.infer<typeof VehicleFigures>;
export const FIGURE_NAMES = Object.keys(VehicleFigures.shape) as (keyof VehicleFigures)[];

export const VehicleId = z
  .string({ error: "Input should be a valid string" })
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._-]+$/, "String should match pattern '^[A-Za-z0-9._-]+$'")
  .describe("The vehicle's identifier within the tenant's fleet (letters, digits, '.', '_', '-')");

/** ISO 3779: 17 characters, digits and capital letters but I, O and Q. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
export const Vin = z
  .string({ error: "Input should be a valid string" })
  .regex(VIN_PATTERN, "String should match pattern '^[A-HJ-NPR-Z0-9]{17}$'")
  .describe("Vehicle identification number (ISO 3779: 17 of 0-9 and A-Z without I, O, Q), unique in the fleet: telematics reports (rFMS) are matched to the vehicle by it");

const ModelCode = z.string({ error: "Input should be a valid string" }).min(1).max(100).describe("A catalog model code (GET /vehicles/info/models)");
const Name = z.string({ error: "Input should be a valid string" }).trim().min(1).max(200);

export const FleetVehiclePath = z.object({ vehicle_id: VehicleId });

export const FleetVehicleInput = z
  .strictObject({
    vehicle_id: VehicleId,
    model_code: ModelCode,
    name: Name,
    overrides: VehicleOverrides.nullable().optional(),
    vin: Vin.nullable().optional(),
  })
  .meta({ id: "FleetVehicleInput" });
export type FleetVehicleInput = z.infer<typeof FleetVehicleInput>;

export const FleetVehiclePatch = z
  .strictObject({
    name: Name.optional(),
    model_code: ModelCode.optional(),
    overrides: VehicleOverrides.nullable().optional().describe("Replaces all overrides; null clears them"),
    vin: Vin.nullable().optional().describe("Sets the VIN; null clears it"),
  })
  .meta({ id: "FleetVehiclePatch" });
export type FleetVehiclePatch = z.infer<typeof FleetVehiclePatch>;

export const FleetVehicle = z
  .object({
    vehicle_id: z.string(),
    model_code: z.string(),
    manufacturer: z.string(),
    model_name: z.string(),
    name: z.string(),
    vin: z.string().nullable().describe("The vehicle identification number, null when not set"),
    overrides: VehicleOverrides,
    effective: VehicleFigures.nullable().describe("The figures the planner uses; null if the model left the catalog"),
  })
  .meta({ id: "FleetVehicle" });
export type FleetVehicle = z.infer<typeof FleetVehicle>;
