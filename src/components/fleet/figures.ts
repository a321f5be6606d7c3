// The vehicle figures as the fleet page shows and edits them. Kept free of zod
// so the contract's schemas stay out of the browser bundle; the Record type
// makes the compiler insist on every figure of contract/fleet.ts.
import type { VehicleFigures } from "@/contract/fleet";

export type Figure = keyof VehicleFigures;

/** A catalog model as the page needs it (passed from the server: app/fleet/page.tsx). */
export interface ModelInfo {
  code: string;
  manufacturer: string;
  name: string;
  figures: VehicleFigures;
}

interface FigureSpec {
  label: string;
  unit?: string;
  /** The contract's range, shown as a hint; the server checks it. */
  range?: string;
  /** null means "no such inlet". */
  inlet?: "CCS" | "MCS";
}

export const FIGURES: Record<Figure, FigureSpec> = {
  usableBatteryKWh: { label: "Usable battery", unit: "kWh" },
  tareKg: { label: "Tare", unit: "kg", range: "below max gross" },
  maxGrossKg: { label: "Max gross", unit: "kg" },
  referenceConsumptionKWhPerKm: { label: "Reference consumption", unit: "kWh/km", range: "flat, 80 km/h" },
  maxCcsKW: { label: "Max CCS power", unit: "kW", inlet: "CCS" },
  maxMcsKW: { label: "Max MCS power", unit: "kW", inlet: "MCS" },
  rollingResistance: { label: "Rolling resistance", range: "0.002 – 0.02" },
  dragAreaM2: { label: "Drag area", unit: "m²", range: "2 – 15" },
  drivetrainEfficiency: { label: "Drivetrain efficiency", range: "0.5 – 1" },
  recuperationEfficiency: { label: "Recuperation efficiency", range: "0 – 1" },
  auxiliaryKW: { label: "Auxiliary power", unit: "kW", range: "0 – 50" },
  cabHeatingKWPerK: { label: "Cab heating", unit: "kW/K", range: "0 – 2; per K below 20 °C" },
  cabCoolingKWPerK: { label: "Cab cooling", unit: "kW/K", range: "0 – 2; per K above 24 °C" },
};

export const FIGURE_ORDER = Object.keys(FIGURES) as Figure[];
export const MAIN_FIGURES: Figure[] = ["usableBatteryKWh", "tareKg", "maxGrossKg", "referenceConsumptionKWhPerKm", "maxCcsKW", "maxMcsKW"];
export const PHYSICS_FIGURES: Figure[] = FIGURE_ORDER.filter((f) => !MAIN_FIGURES.includes(f));

const NUMBER = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 4 });

export function formatFigure(value: number | null | undefined, unit?: string): string {
  if (value == null) return "none";
  return unit ? `${NUMBER.format(value)} ${unit}` : NUMBER.format(value);
}
