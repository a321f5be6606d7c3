// The vehicle figures as the fleet page shows and edits them. Kept free of zod
// so the contract's schemas stay out of the browser bundle; the Record type
// makes the compiler insist on every figure of contract/fleet.ts.
import type { useTranslations } from "next-intl";
import type { VehicleFigures } from "@/contract/fleet";
import type { AppFormatter } from "@/i18n/format";

export type Figure = keyof VehicleFigures;

/** A catalog model as the page needs it (passed from the server: app/fleet/page.tsx). */
export interface ModelInfo {
  code: string;
  manufacturer: string;
  name: string;
  figures: VehicleFigures;
}

interface FigureSpec {
  unit?: string;
  /** The contract's range, shown as a hint; the server checks it. */
  range?: [number, number];
  /** null means "no such inlet". */
  inlet?: "CCS" | "MCS";
}

// Labels are in the catalogs (vehicleFigures.label.<figure>), and so are the conditions some figures
// have, in words (vehicleFigures.note.<figure>: "below max gross", "flat, 80 km/h").
export const FIGURES: Record<Figure, FigureSpec> = {
  usableBatteryKWh: { unit: "kWh" },
  tareKg: { unit: "kg" },
  maxGrossKg: { unit: "kg" },
  referenceConsumptionKWhPerKm: { unit: "kWh/km" },
  maxCcsKW: { unit: "kW", inlet: "CCS" },
  maxMcsKW: { unit: "kW", inlet: "MCS" },
  rollingResistance: { range: [0.002, 0.02] },
  dragAreaM2: { unit: "m²", range: [2, 15] },
  drivetrainEfficiency: { range: [0.5, 1] },
  recuperationEfficiency: { range: [0, 1] },
  auxiliaryKW: { unit: "kW", range: [0, 50] },
  cabHeatingKWPerK: { unit: "kW/K", range: [0, 2] },
  cabCoolingKWPerK: { unit: "kW/K", range: [0, 2] },
};

export const FIGURE_ORDER = Object.keys(FIGURES) as Figure[];
export const MAIN_FIGURES: Figure[] = ["usableBatteryKWh", "tareKg", "maxGrossKg", "referenceConsumptionKWhPerKm", "maxCcsKW", "maxMcsKW"];
export const PHYSICS_FIGURES: Figure[] = FIGURE_ORDER.filter((f) => !MAIN_FIGURES.includes(f));

export type FiguresT = ReturnType<typeof useTranslations<"vehicleFigures">>;

/** A figure's value with its unit in the user's language: "1,234.5 kWh", "1.234,5 kWh"; "none" for no such inlet. */
export function formatFigure(t: FiguresT, format: AppFormatter, value: number | null | undefined, unit?: string): string {
  if (value == null) return t("none");
  const n = format.number(value, { maximumFractionDigits: 4 });
  return unit ? `${n} ${unit}` : n;
}

/** A figure's label with its unit, as its field reads: "Usable battery (kWh)". */
export function figureLabel(t: FiguresT, f: Figure): string {
  const unit = FIGURES[f].unit;
  return unit ? `${t(`label.${f}`)} (${unit})` : t(`label.${f}`);
}

/** The contract's range and the figure's condition: "0 – 2; per K below 20 °C", "below max gross"; undefined for neither. */
export function rangeText(t: FiguresT, format: AppFormatter, f: Figure): string | undefined {
  const range = FIGURES[f].range;
  const span = range ? `${format.number(range[0], { maximumFractionDigits: 4 })} – ${format.number(range[1], { maximumFractionDigits: 4 })}` : "";
  const words = isNoted(f) ? t(`note.${f}`) : "";
  return [span, words].filter(Boolean).join("; ") || undefined;
}

const NOTED = ["tareKg", "referenceConsumptionKWhPerKm", "cabHeatingKWPerK", "cabCoolingKWPerK"] as const satisfies readonly Figure[];
const isNoted = (f: Figure): f is (typeof NOTED)[number] => (NOTED as readonly Figure[]).includes(f);
