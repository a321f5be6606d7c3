// Distance-based truck toll rates as data. Each entry is valid for a date
// range and a vehicle class; compute.ts picks the one valid on the trip date.
// A date or vehicle no entry covers is UNKNOWN, never zero: zero only where a
// source says so (an exemption). Update by adding dated entries, not branches.
import { say, type Said } from "../text/message";
import type { RoadClass } from "../network/types";

export interface VehicleCondition {
  /** Technically permissible max mass (tzGm) of the combination, kg: min inclusive, max exclusive. */
  minGrossKg?: number;
  maxGrossKg?: number;
  /** Inclusive. */
  minAxles?: number;
  maxAxles?: number;
  /** true: CO2 emission class 5 (battery/fuel cell); false: modelled as Euro VI diesel, CO2 class 1. */
  zeroEmission: boolean;
}

export interface TollRate {
  /** ISO 3166-1 alpha-2. */
  country: string;
  tollSystem: string;
  currency: string;
  /** Our road classes the toll applies to (an approximation of the legal network, see `network`). */
  roadClasses: readonly RoadClass[];
  /** Count ramps too (network-wide charges); section-based tolls measure between junctions. */
  countLinks: boolean;
  /** First and last day of validity, ISO dates in Central European local time; until null = open. */
  from: string;
  until: string | null;
  vehicle: VehicleCondition;
  /** Charge per km, or per tonne-km of `grossKg` when basis is "tkm". 0 only for a sourced exemption. */
  rate: number;
  basis: "km" | "tkm";
  /** Parts of `rate` as published (infrastructure, air, noise, co2), for audit. */
  components?: Readonly<Record<string, number>>;
  /** false: figure inferred or from secondary sources only; reported with a note. */
  confirmed: boolean;
  /** Set when `rate` omits parts of the real charge (a lower bound). */
  partial?: Said;
  /** Exemption or caveat shown with the result. */
  note?: Said;
  source: string;
}

const ALL_ROADS: readonly RoadClass[] = ["motorway", "primary", "secondary", "other"];

// ---------------------------------------------------------------- Germany
// BFStrMG Annex 1 (as of 2024), EUR/km. Toll applies on Bundesautobahnen and
// Bundesstraßen; we map them to motorway + primary. OSM/DCW "primary" (incl.
// OSM trunk) only approximates Bundesstraßen: some are Landesstraßen, and
// Bundesstraßen tagged secondary are missed.
const DE_SYSTEM = { country: "DE", tollSystem: "DE LKW-Maut (Toll Collect)", currency: "EUR", roadClasses: ["motorway", "primary"], countLinks: false } as const;
const DE_ANNEX_SOURCE = "BFStrMG Annex 1 as amended by the 3rd Act amending toll rules of 21.11.2023 (BGBl. 2023 I Nr. 315), rates in force since 2023-12-01; figures via /work/shared/facts/tolls.md";

/** Weight/axle classes of Annex 1; CO2 part for >18 t differs by 4 vs 5+ axles. */
const DE_ANNEX: readonly { vehicle: Omit<VehicleCondition, "zeroEmission">; from?: string; infra: number; airEuroVI: number; noise: number; co2Class1: number }[] = [
  { vehicle: { minGrossKg: 3_501, maxGrossKg: 7_500 }, from: "2024-07-01", infra: 0.052, airEuroVI: 0.011, noise: 0.014, co2Class1: 0.074 },
  { vehicle: { minGrossKg: 7_500, maxGrossKg: 12_000 }, infra: 0.066, airEuroVI: 0.015, noise: 0.016, co2Class1: 0.080 },
  { vehicle: { minGrossKg: 12_000, maxGrossKg: 18_001 }, infra: 0.107, airEuroVI: 0.015, noise: 0.016, co2Class1: 0.100 },
  { vehicle: { minGrossKg: 18_001, maxAxles: 3 }, infra: 0.141, airEuroVI: 0.022, noise: 0.016, co2Class1: 0.124 },
  { vehicle: { minGrossKg: 18_001, minAxles: 4, maxAxles: 4 }, infra: 0.155, airEuroVI: 0.023, noise: 0.012, co2Class1: 0.134 },
  { vehicle: { minGrossKg: 18_001, minAxles: 5 }, infra: 0.155, airEuroVI: 0.023, noise: 0.012, co2Class1: 0.158 },
];
/** Air-pollution category G (cleaner than Euro VI, zero-emission included). */
const DE_AIR_ZEV = 0.001;

/**
 * Dated zero-emission rules (BFStrMG § 1 (2) Nr. 7 and § 3). ZEVs up to 4.25 t
 * stay exempt for good; the post-2031 entry ignores that (our trucks are 40 t).
 */
const DE_ZEV_RULES: readonly { from: string; until: string | null; exempt: boolean; confirmed: boolean; source: string }[] = [
  {
    from: "2023-12-01", until: "2025-12-31", exempt: true, confirmed: true,
    source: "BFStrMG § 1 (2) Nr. 7 (exempt until 31.12.2025), e.g. https://www.frankfurt-main.ihk.de/branchen/verkehr-und-logistik/verkehrspolitik/strasse/lkw-maut/index.html",
  },
  {
    // Extension: 4th Act amending toll rules, in force 2025-12-01.
    from: "2026-01-01", until: "2031-06-30", exempt: true, confirmed: true,
    source: "4. Gesetz zur Änderung mautrechtlicher Vorschriften, in force 2025-12-01: exemption extended to 30.06.2031 " +
      "(https://loginfo24.com/?p=30295 citing Toll Collect; https://www.electrive.com/2025/12/02/toll-exemption-for-battery-electric-trucks-now-in-effect-in-germany; " +
      "EU Eurovignette amendment: https://alternative-fuels-observatory.ec.europa.eu/general-information/news/eu-backs-extended-toll-exemption-zero-emission-trucks)",
  },
  {
    // The 2023 rule (25 % infrastructure + air + noise) presumably applies once the exemption ends;
    // the 2031 rates will come from a later Wegekostengutachten, so today's Annex is a placeholder.
    from: "2031-07-01", until: null, exempt: false, confirmed: false,
    source: "Reduced ZEV rate rule of the 3rd Act (25 % of infrastructure part + air + noise; Toll Collect FAQ " +
      "http://toll-collect.de/en/toll_collect/service/fragen___antworten/mautaenderungen_2023_und_2024/alternative_antriebe/p1745_alternative_antriebe.html), " +
      "shifted to after the extended exemption and applied to 2024 Annex rates: UNCONFIRMED",
  },
];

const r5 = (x: number) => Math.round(x * 1e5) / 1e5;

function germany(): TollRate[] {
  const out: TollRate[] = [];
  for (const row of DE_ANNEX) {
    out.push({
      ...DE_SYSTEM, from: row.from ?? "2023-12-01", until: null, vehicle: { ...row.vehicle, zeroEmission: false }, basis: "km",
      rate: r5(row.infra + row.airEuroVI + row.noise + row.co2Class1),
      components: { infrastructure: row.infra, air: row.airEuroVI, noise: row.noise, co2: row.co2Class1 },
      confirmed: true, source: DE_ANNEX_SOURCE,
    });
    for (const z of DE_ZEV_RULES) {
      const components = z.exempt ? undefined : { infrastructure: r5(row.infra * 0.25), air: DE_AIR_ZEV, noise: row.noise, co2: 0 };
      out.push({
        ...DE_SYSTEM, from: z.from, until: z.until, vehicle: { ...row.vehicle, zeroEmission: true }, basis: "km",
        rate: components ? r5(components.infrastructure + components.air + components.noise) : 0,
        components, confirmed: z.confirmed, source: z.exempt ? z.source : `${z.source}; ${DE_ANNEX_SOURCE}`,
        note: z.exempt ? say("tolls.zero_emission_exempt", { until: z.until ?? "" }) : say("tolls.zero_emission_reduced"),
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- Austria
// GO-Maut on Autobahnen and Schnellstraßen (A and S roads): our motorway class
// (S roads tagged trunk without motorroad=yes fall in primary and are missed).
// 2026 infrastructure part for CO2 class 5, cent/km excl. VAT. Diesels (class 1:
// 21.86 / 30.60 / 45.91) are left out: whether the CO2 part (9.04 ct, 4+ axles)
// comes on top was not confirmed, so they report unknown.
const AT_SYSTEM = { country: "AT", tollSystem: "AT GO-Maut (ASFINAG)", currency: "EUR", roadClasses: ["motorway"], countLinks: false } as const;
const AT_SOURCE = "Mauttarifverordnung 2026, BGBl. published 2025-12-17 (https://www.finanzen.at/nachrichten/aktien/neue-tarife-fuer-lkw-maut-am-mittwoch-kundgemacht-1035653534); /work/shared/facts/tolls.md";
const AT_2026_ZEV: readonly { minAxles: number; maxAxles?: number; cents: number }[] = [
  { minAxles: 2, maxAxles: 2, cents: 5.47 },
  { minAxles: 3, maxAxles: 3, cents: 7.66 },
  { minAxles: 4, cents: 11.49 },
];

function austria(): TollRate[] {
  return AT_2026_ZEV.map(({ minAxles, maxAxles, cents }): TollRate => ({
    ...AT_SYSTEM, from: "2026-01-01", until: "2026-12-31", vehicle: { minGrossKg: 3_501, minAxles, maxAxles, zeroEmission: true },
    basis: "km", rate: cents / 100, components: { infrastructure: cents / 100 }, confirmed: true, source: AT_SOURCE,
    // Euro VI 4+ axles pays ~1 ct/km external costs; the class-5 figures were not found.
    partial: say("tolls.infrastructure_only_at"),
  }));
}

// ---------------------------------------------------------------- Switzerland
// LSVA: per tonne-km of permissible weight, on all roads. Battery and
// fuel-cell trucks are exempt today; from 2029 they are to pay with a
// shrinking rebate (Federal Council message of 2025-05-28, before parliament).
// Diesel LSVA rates are not on file (last sourced figure: 2.28 Rp/tkm,
// category 3, as of 2012), so non-ZEV in CH reports unknown.
const CH_LSVA: TollRate = {
  country: "CH", tollSystem: "CH LSVA", currency: "CHF", roadClasses: ALL_ROADS, countLinks: true,
  from: "2024-01-01", until: "2028-12-31", vehicle: { minGrossKg: 3_501, zeroEmission: true }, basis: "tkm", rate: 0,
  confirmed: true, note: say("tolls.lsva_exempt"),
  source: "Botschaft zur Änderung des Schwerverkehrsabgabegesetzes, 28.05.2025 (https://www.lexaris.eu/book/version/documentflat/head/9730397; " +
    "https://www.watson.ch/schweiz/gesellschaft-politik/270511525-bundesrat-will-schwerverkehrsabgabe-fuer-e-laster-ab-2029-einfuehren). " +
    "from = earliest date our sources cover, not the start of the exemption",
};

// ---------------------------------------------------------------- Denmark
// Kilometre-based road toll since 2025-01-01 for trucks >= 12 t on ~10,900 km
// of state and some municipal roads: approximated as motorway + primary.
// Low-emission-zone surcharge (+50 %) not modelled. Rates 2025-2027 (after the ~19 % cut).
const DK_SYSTEM = { country: "DK", tollSystem: "DK vejafgift (km-toll)", currency: "DKK", roadClasses: ["motorway", "primary"], countLinks: false } as const;
const DK_SOURCE = "https://vejafgifter.dk/hvad-bestar-din-vejafgift-af and https://vejafgifter.dk/en/payment-made-easy/ (rates outside low-emission zones, 2025)";
const DK_2025: readonly { minGrossKg: number; maxGrossKg?: number; zev: number; co2Class1: number }[] = [
  { minGrossKg: 12_000, maxGrossKg: 18_000, zev: 0.13, co2Class1: 0.86 },
  { minGrossKg: 18_000, maxGrossKg: 32_001, zev: 0.13, co2Class1: 1.00 },
  { minGrossKg: 32_001, zev: 0.13, co2Class1: 1.10 },
];

function denmark(): TollRate[] {
  return DK_2025.flatMap(({ minGrossKg, maxGrossKg, zev, co2Class1 }) => [true, false].map((zeroEmission): TollRate => ({
    ...DK_SYSTEM, from: "2025-01-01", until: "2027-12-31", vehicle: { minGrossKg, maxGrossKg, zeroEmission },
    basis: "km", rate: zeroEmission ? zev : co2Class1, confirmed: true, source: DK_SOURCE,
    partial: say("tolls.low_emission_zones_dk"),
  })));
}

export const TOLL_RATES: readonly TollRate[] = [...germany(), ...austria(), CH_LSVA, ...denmark()];

/**
 * Countries that toll trucks where no per-km rate for our vehicles is on file:
 * their motorway km are reported as unknown under this name.
 */
export const UNPRICED_SYSTEMS: Readonly<Record<string, string>> = {
  FR: "FR autoroutes à péage (concessions)", IT: "IT autostrade (concessioni)", ES: "ES autopistas de peaje",
  PT: "PT portagens", PL: "PL e-TOLL", CZ: "CZ mýtné", SK: "SK eMýto", HU: "HU-GO", SI: "SI DarsGo",
  HR: "HR cestarina", BE: "BE Viapass", NL: "NL vrachtwagenheffing", LU: "LU Eurovignette", SE: "SE Eurovignette",
  BG: "BG TOLL", RO: "RO rovinietă / peaje",
};
