// Published ad-hoc (no contract, no subscription) DC prices of operators in the
// bundled data, each with its source and the date it states. Easy to update: one
// line per operator and country; prices as published (with VAT unless said).
// Checked 2026-11-24 with the sources named; see docs/API.md "Cost".
// Caveats kept with the figures: ADAC's 2025 spot check of motorway sites
// (EnBW, EWE Go, Mer, EAM, Citywatt) observed prices at sampled chargers, not
// national lists; Shell's figure is its app/card tariff; Milence's is the
// introductory price of its first hub; CEZ's is of 2022.
import type { ListPrice } from "./prices";

const ELECTRIVE_IONITY = "electrive.net, 'Ionity macht Ad-hoc-Tarif in zwölf Ländern günstiger', 2024-05-27";
const ADAC_2025 = "ADAC spot check of ad-hoc prices at motorway chargers, reported by t3n.de and auto-motor-und-sport.de, 2025-07";

export const LIST_PRICES: readonly ListPrice[] = [
  { operator: /^IONITY\b/i, country: "DE", perKWh: 0.69, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "IONITY Direct (ad hoc)", source: ELECTRIVE_IONITY, date: "2024-05-27" },
  { operator: /^IONITY\b/i, country: "NL", perKWh: 0.69, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "IONITY Direct (ad hoc)", source: ELECTRIVE_IONITY, date: "2024-05-27" },
  { operator: /^IONITY\b/i, country: "BE", perKWh: 0.69, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "IONITY Direct (ad hoc)", source: ELECTRIVE_IONITY, date: "2024-05-27" },
  { operator: /^IONITY\b/i, country: "IT", perKWh: 0.79, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "IONITY Direct (ad hoc)", source: ELECTRIVE_IONITY, date: "2024-05-27" },
  { operator: /^IONITY\b/i, country: "CH", perKWh: 0.79, currency: "CHF", vatIncluded: true, sessionFee: 0, tariff: "IONITY Direct (ad hoc)", source: ELECTRIVE_IONITY, date: "2024-05-27" },
  { operator: /^Aral\b/i, country: "DE", perKWh: 0.79, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "Aral pulse ad hoc, DC above 50 kW", source: "electrive.net, 'Neuer Aral-Tarif senkt HPC-Ladepreis auf 54 Cent/kWh', 2025-11-26", date: "2025-11-26" },
  { operator: /^EnBW (mobility|AG|Energie)/i, country: "DE", perKWh: 0.87, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "EnBW ad hoc (card payment)", source: ADAC_2025, date: "2025-07" },
  { operator: /^EWE\b/i, country: "DE", perKWh: 0.84, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "EWE Go ad hoc", source: ADAC_2025, date: "2025-07" },
  { operator: /^Mer\b/i, country: "DE", perKWh: 0.79, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "Mer ad hoc", source: ADAC_2025, date: "2025-07" },
  { operator: /^EAM\b/i, country: "DE", perKWh: 0.64, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "EAM ad hoc", source: ADAC_2025, date: "2025-07" },
  { operator: /^Citywatt\b/i, country: "DE", perKWh: 0.64, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "Citywatt ad hoc", source: ADAC_2025, date: "2025-07" },
  { operator: /^Allego\b/i, country: "DE", perKWh: 0.73, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "Allego standard DC (direct payment)", source: "topcarnews.net, 'Allego verlangt ab Juli Blockiergebühr für HPC-Säulen', 2024-06", date: "2024-06" },
  { operator: /^Allego\b/i, country: "BE", perKWh: 0.69, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "Allego standaardtarief snel laden", source: "allego.be, 'Wat kost laden?' (undated page, read 2026-11)", date: "2026-11" },
  { operator: /^Fastned\b/i, country: "DE", perKWh: 0.73, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "Fastned ad hoc", source: "lifelonglearner.top, on Fastned's first German motorway stations (undated page, read 2026-11)", date: "2026-11" },
  { operator: /^Fastned\b/i, country: "NL", perKWh: 0.69, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "Fastned standaard tarief (pay as you go)", source: "laadpastop10.nl, Fastned tariffs (undated page, read 2026-11)", date: "2026-11" },
  { operator: /^Tesla\b/i, country: "DE", perKWh: 0.68, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "Supercharger, non-Tesla without membership (0.55-0.68 by site and hour; the highest taken)", source: "electrive.net on Tesla's prices for other makes, 2024-04-18", date: "2024-04-18" },
  { operator: /^Tesla\b/i, country: "PL", perKWh: 2.3, currency: "PLN", vatIncluded: true, sessionFee: 0, tariff: "Supercharger, non-Tesla, peak 09:00-23:00 (one site, Załuski)", source: "motoryzacja.interia.pl, 2026-02-16", date: "2026-02-16" },
  { operator: /^Shell\b/i, country: "DE", perKWh: 0.64, currency: "EUR", vatIncluded: true, sessionFee: 0.35, tariff: "Shell Recharge app/card, no monthly fee, ultra-fast DC", source: "shellrecharge.com/de-de, Preisstruktur beim öffentlichen Laden, 2023-04-21", date: "2023-04-21" },
  { operator: /^Milence\b/i, country: null, perKWh: 0.4, currency: "EUR", vatIncluded: false, sessionFee: 0, tariff: "Milence introductory direct tariff (Venlo hub opening)", source: "evmagz.com on Milence's first hub, 2023-12", date: "2023-12" },
  { operator: /^ELECTRA\b/i, country: "FR", perKWh: 0.49, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "Electra app/card without subscription (some sites 0.59)", source: "phonandroid.com, 2025-03", date: "2025-03" },
  { operator: /^Ewiva\b/i, country: "IT", perKWh: 0.86, currency: "EUR", vatIncluded: true, sessionFee: 0, tariff: "Ewiva contactless (card) payment, ultra-fast, from 2025-07-01", source: "autoappassionati.it, 2025-07-02", date: "2025-07-02" },
  { operator: /^GreenWay\b/i, country: "PL", perKWh: 3.15, currency: "PLN", vatIncluded: true, sessionFee: 0, tariff: "GreenWay Energia STANDARD (0 PLN/month), DC", source: "antyweb.pl, 'Cennik GreenWay', 2024-04", date: "2024-04" },
  { operator: /^ORLEN\b/i, country: "PL", perKWh: 3.19, currency: "PLN", vatIncluded: true, sessionFee: 0, tariff: "ORLEN Charge, Brzegi hub (A4/S7), up to 400 kW", source: "motoryzacja.interia.pl, 2026-02-16", date: "2026-02-16" },
  { operator: /^ČEZ\b|^CEZ\b/i, country: "CZ", perKWh: 20, currency: "CZK", vatIncluded: true, sessionFee: 0, tariff: "ČEZ unregistered (ad hoc), ultra-fast >= 100 kW", source: "ceskenoviny.cz, 'Dobíjení u stojanů ČEZ právě zdražilo', 2022-07 (may be outdated)", date: "2022-07" },
];

/** Energy at a depot or a customer's charger when the tenant states no price: an industrial price, assumed. */
export const DEPOT_PRICE = {
  value: 0.2001,
  source: "Eurostat, German industrial consumers of 500-1,999 MWh a year, 2nd half of 2024, excl. VAT (via Statista)",
  date: "2024-H2",
};

/**
 * Value of an hour of a heavy truck with its driver, EUR net, when the request
 * and the tenant state none: the standing charge German courts accepted as the
 * most for a waiting truck with driver (an old figure: a placeholder until the
 * tenant sets its own).
 */
export const VALUE_OF_TIME_EUR_PER_H = {
  value: 50,
  source: "German Federal Court of Justice decisions on standing charges (Standgeld), 50 EUR/h net as the maximum, reported by DVZ 2011-01-06",
};
