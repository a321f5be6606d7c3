// Numbers the form shows, in the page's language through next-intl's formatter
// ("1,000 – 20,000" in English, "1.000 – 20.000" in German). Placeholders of
// number inputs stay plain digits: they show what can be typed.
import type { AppFormatter } from "@/i18n/format";

export type Formatter = AppFormatter;

/** "0 – 1,440": an input's allowed range. */
export const fmtRange = (format: Formatter, min: number, max: number) => `${format.number(min)} – ${format.number(max)}`;

/** "20,000 kg" / "20.000 kg". */
export const fmtKg = (format: Formatter, kg: number) => format.number(kg, { style: "unit", unit: "kilogram" });

/** A number field's text, formatted when it is a number, else as typed (it reaches the contract's check as typed). */
export function fmtTyped(format: Formatter, text: string): string {
  const t = text.trim();
  const n = Number(t);
  return t !== "" && Number.isFinite(n) ? format.number(n) : t;
}
