// A contract as the editor's form holds it (text per field) and back, and where
// the server's 422 details of the whole list belong in that form. The form sends
// what was typed: the server's checks (src/contract/prices.ts) are the one truth.
import { ContractPrice } from "@/contract/prices";
import type { ValidationDetail } from "@/components/planner/errors";

export type ContractField = keyof ContractPrice;

/** A contract's fields in the contract's order: the form's, the table's and the CSV's columns. */
export const CONTRACT_FIELDS = Object.keys(ContractPrice.shape) as ContractField[];
const FIELDS = new Set<string>(CONTRACT_FIELDS);

export const NUMBER_FIELDS: ReadonlySet<ContractField> = new Set(["min_power_kW", "max_power_kW", "energy_price_per_kWh", "session_fee", "price_per_min", "per_min_after_min"]);

export type ContractDraft = Record<ContractField, string>;

/** A number as plain decimal text with a point, never with an exponent ("1e-7" is no CSV or form number). */
export function plainNumber(n: number): string {
  const s = String(n);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  // The shortest digits that read back as n, with the point moved: exact, as toFixed is not.
  const [, sign, int, frac = "", e] = m;
  const exp = Number(e);
  return exp < 0 ? `${sign}0.${"0".repeat(-exp - 1)}${int}${frac}` : `${sign}${int}${frac}${"0".repeat(exp - frac.length)}`;
}

/** The decimal mark of the page's language ("0,39" in German); the form reads either. */
export type DecimalMark = "." | ",";

/** A number as a form shows it: plain decimal text with the language's mark ("0.39", "0,39"). */
export const formNumber = (n: number, mark: DecimalMark = ".") => plainNumber(n).replace(".", mark);

/** The form's text of a contract (a new one: empty, in EUR), its numbers with `mark`. */
export function draftOf(c?: ContractPrice, mark: DecimalMark = "."): ContractDraft {
  const d = {} as ContractDraft;
  for (const f of CONTRACT_FIELDS) {
    const v = c?.[f];
    d[f] = v == null ? "" : typeof v === "number" ? formNumber(v, mark) : v;
  }
  if (!d.currency) d.currency = "EUR";
  return d;
}

/**
 * The contract to send: empty fields left out ("not stated"), a decimal comma read as a point,
 * the country in capitals. Text that is no number goes as it is, so that the server names it.
 */
export function contractInput(d: ContractDraft): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const f of CONTRACT_FIELDS) {
    const v = d[f].trim();
    if (v === "") continue;
    if (NUMBER_FIELDS.has(f)) out[f] = numberOrText(v);
    else out[f] = f === "country" ? v.toUpperCase() : v;
  }
  return out;
}

/** The 422 of a saved list onto the form of contract `index`: its own fields, anything else on the form. */
export function contractFieldOf(index: number) {
  return (loc: ValidationDetail["loc"]): string => {
    const [where, list, at, field] = loc;
    return where === "body" && list === "contracts" && at === index && typeof field === "string" && FIELDS.has(field) ? field : "_form";
  };
}

export type FigureField = "depot_energy_price_per_kWh" | "value_of_time_eur_per_h";

/** The 422 of a saved list onto the depot price and value of time form. */
export function figureFieldOf(loc: ValidationDetail["loc"]): string {
  const [where, field] = loc;
  return where === "body" && (field === "depot_energy_price_per_kWh" || field === "value_of_time_eur_per_h") ? field : "_form";
}

/** A figure's text as sent: empty is null (the documented default), a decimal comma a point, other text as it is. */
export function figureInput(text: string): number | string | null {
  const v = text.trim();
  return v === "" ? null : numberOrText(v);
}

/** Decimal text (a comma or a point) as its number; anything else as it is, for the server to refuse at its field. */
const numberOrText = (v: string): number | string => (/^-?\d+([.,]\d+)?$/.test(v) ? Number(v.replace(",", ".")) : v);
