// The rules of the ban calendar: ids, thresholds, sources and how far they are applied.
// Sources are those of shared/facts/truck-driving-bans.md (B1..B29) and the confirmations
// recorded there and in docs/driving-bans.md.
import type { BanPeriod } from "./types";

export interface BanRuleInfo {
  /** The id the periods carry and a request names to waive the rule. */
  id: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** What it bans, with local times. */
  label: string;
  source: string;
  /** As applied; IT-holiday: "secondary" for 2025 and 2026, the periods of other years say "estimate". */
  confidence: BanPeriod["confidence"];
  roads: BanPeriod["roads"];
  /** Trucks whose permissible total weight is over this (kg) are banned. */
  overGvwKg: number;
  /** false: listed for the record, produces no periods (see note). */
  applied: boolean;
  note?: string;
}

/** The IANA zone of each country's local time. */
export const BAN_ZONES: Readonly<Record<string, string>> = {
  DE: "Europe/Berlin", AT: "Europe/Vienna", CH: "Europe/Zurich", FR: "Europe/Paris", IT: "Europe/Rome",
  CZ: "Europe/Prague", PL: "Europe/Warsaw", NL: "Europe/Amsterdam", BE: "Europe/Brussels",
  LU: "Europe/Luxembourg", DK: "Europe/Copenhagen",
};

/** Countries of the data with no general truck driving ban (TIMOCOM, Avice: [M]); banPeriods gives none. */
export const COUNTRIES_WITHOUT_BANS: readonly string[] = ["NL", "BE", "DK"];

export const SRC = {
  DE: "§ 30(3),(4) StVO; Stadt Duisburg; Landkreis Mittelsachsen; Verwaltungsportal des Bundes",
  DE_SUMMER: "§ 1 Ferienreiseverordnung; Stadt Hildesheim, Stadt Höxter, Stadt Nettetal; ADAC",
  AT: "§ 42(1) StVO (AT); holidays: § 1(1) Feiertagsruhegesetz 1957 (RIS); USP (BMK)",
  AT_NIGHT: "§ 42(6) StVO (AT); USP (BMK); Amt der Salzburger Landesregierung",
  AT_CALENDAR: "§ 42(5) StVO (AT), yearly Fahrverbotskalender (BGBl. II), e.g. 153/2022",
  AT_TYROL: "Tyrol IG-L night ban, LGBl. 64/2010 idF 141/2021 (WKO); § 14(2) IG-L",
  CH: "Art. 91(1) VRV (SR 741.11); BAV",
  CH_NIGHT: "Art. 91(2) VRV (SR 741.11); BAV; Art. 15 Land Transport Agreement (SR 0.740.72)",
  FR: "Arrêté du 16 avril 2021 (interdiction de circulation des véhicules de transport de marchandises), art. 1; L'Officiel des Transporteurs",
  FR_EXTRA: "Yearly arrêté of complementary bans (2025: L'Officiel des Transporteurs)",
  FR_IDF: "Arrêté du 16 avril 2021, Île-de-France article (Légifrance JORFARTI000043416014)",
  IT_2025: "DM n. 314 of 12 Dec 2024 (calendar 2025), as reported by Unione Artigiani, mobilita.news, cronachedi.it",
  IT_2026: "MIT calendar 2026 (decree signed Dec 2025, same pattern as 2025), as reported by trasporti-italia.com",
  IT_EST: "Pattern of DM n. 314/2024 (calendar 2025) carried forward; the decree is yearly",
  CZ: "§ 43(1) zákon č. 361/2000 Sb.; days of rest: zákon č. 245/2000 Sb.; Ministerstvo dopravy (2019)",
  PL: "§ 2 Rozporządzenie Ministra Transportu z 31 lipca 2007 (t.j. Dz.U. 2021 poz. 783); GITD",
  PL_SUMMER: "§ 2 pkt 3 Rozporządzenie Ministra Transportu z 31 lipca 2007 (t.j. Dz.U. 2021 poz. 783); school year: Rozporządzenie MEN z 11 sierpnia 2017 (Dz.U. 2017 poz. 1603)",
  LU: "Règlement grand-ducal du 19 juillet 1997; Police grand-ducale (police.public.lu)",
} as const;

export const BAN_RULES: readonly BanRuleInfo[] = [
  {
    id: "DE-sunday", country: "DE", overGvwKg: 7_500, roads: "all", confidence: "official", applied: true, source: SRC.DE,
    label: "Sundays and the § 30(4) StVO holidays, 00:00-22:00; Corpus Christi only in BW, BY, HE, NW, RP, SL; Reformation Day only in BB, MV, SN, ST, TH; All Saints' Day only in BW, BY, NW, RP, SL (periods with regions)",
    note: "Also trailers behind trucks of any weight (not modelled). Land holidays not in § 30(4) (6 Jan, 8 Mar, 15 Aug, 20 Sep, Buß- und Bettag, Reformation Day outside the five Länder) are no ban days.",
  },
  {
    id: "DE-summer-saturday", country: "DE", overGvwKg: 7_500, roads: "motorways_and_main_roads", confidence: "official", applied: false, source: SRC.DE_SUMMER,
    label: "Saturdays 1 Jul-31 Aug, 07:00-20:00, on the motorway and federal-road sections listed in § 1 Ferienreiseverordnung",
    note: "Not applied: it covers listed sections only, which the planner's networks cannot identify. Stadt Duisburg writes 07:00-22:00, three other authorities and ADAC 20:00.",
  },
  {
    id: "AT-weekend", country: "AT", overGvwKg: 7_500, roads: "all", confidence: "official", applied: true, source: SRC.AT,
    label: "Saturday 15:00-24:00, Sundays and statutory holidays 00:00-22:00 (holidays: the 13 days of § 1(1) Feiertagsruhegesetz, Good Friday not)",
    note: "Also trucks with a trailer where truck or trailer is over 3.5 t (not modelled).",
  },
  {
    id: "AT-night", country: "AT", overGvwKg: 7_500, roads: "all", confidence: "official", applied: true, source: SRC.AT_NIGHT,
    label: "Every night 22:00-05:00",
    note: "Low-noise trucks carrying the confirmation under § 8b(4) KDV 1967 are exempt (at most 60 km/h during the ban): a request for such a truck waives \"AT-night\".",
  },
  {
    id: "AT-calendar", country: "AT", overGvwKg: 7_500, roads: "motorways_and_main_roads", confidence: "secondary", applied: false, source: SRC.AT_CALENDAR,
    label: "Yearly extra bans on listed roads (e.g. 2022: summer Saturdays on A12/A13 07:00-15:00, B178/B320/B177/B179/B181 and A4 08:00-15:00)",
    note: "Not applied: yearly ordinance on single roads; the 2025/2026 calendars were not read. Add them as overrides.",
  },
  {
    id: "AT-tyrol-night", country: "AT", overGvwKg: 7_500, roads: "motorways_and_main_roads", confidence: "secondary", applied: false, source: SRC.AT_TYROL,
    label: "IG-L night ban on the A12 km 6.35-90: May-Oct weekdays 22:00-05:00, Nov-Apr weekdays 20:00-05:00, Sundays/holidays 23:00-05:00",
    note: "Not applied: battery-electric and fuel-cell trucks are exempt, and it covers one motorway section.",
  },
  {
    id: "CH-sunday", country: "CH", overGvwKg: 3_500, roads: "all", confidence: "official", applied: true, source: SRC.CH,
    label: "Sundays and New Year's Day, Good Friday, Easter Monday, Ascension Day, Whit Monday, 1 August, Christmas Day and 26 December (only when Christmas Day is not a Monday or Friday), 00:00-24:00",
    note: "Conservative: applied in every canton, although the ban does not apply where a canton (or part) does not celebrate the day (e.g. 26 Dec in some western cantons). Also articulated vehicles over 5 t and vehicles towing trailers over 3.5 t (not modelled).",
  },
  {
    id: "CH-night", country: "CH", overGvwKg: 3_500, roads: "all", confidence: "official", applied: true, source: SRC.CH_NIGHT,
    label: "Every night 22:00-05:00",
  },
  {
    id: "FR-weekend", country: "FR", overGvwKg: 7_500, roads: "all", confidence: "secondary", applied: true, source: SRC.FR,
    label: "From Saturday or the eve of a public holiday 22:00 to Sunday or the holiday 22:00 (the 11 national public holidays)",
    note: "Alsace-Moselle's own holidays (Good Friday, 26 Dec) are not applied; in 2018 the prefect allowed trucks there on Good Friday by derogation.",
  },
  {
    id: "FR-complementary", country: "FR", overGvwKg: 7_500, roads: "all", confidence: "secondary", applied: false, source: SRC.FR_EXTRA,
    label: "Summer Saturdays (whole network 07:00-19:00), winter Saturdays (Auvergne-Rhône-Alpes 07:00-18:00)",
    note: "Not applied: the Saturdays are set by a yearly arrêté (2026 and later not read). Add them as overrides.",
  },
  {
    id: "FR-idf-out", country: "FR", overGvwKg: 7_500, roads: "motorways_and_main_roads", confidence: "official", applied: true, source: SRC.FR_IDF,
    label: "Île-de-France, leaving Paris on the A6a/A6b, A6, A106, A10, A13 and A12 sections: Fridays 16:00-21:00, eves of holidays 16:00-22:00, Saturdays 10:00-18:00, Sundays and holidays 22:00-24:00",
    note: "Kept on every road leaving Paris within 30 km of its centre to the south and west (bearings 135-300 degrees), where those motorways run: the road networks cannot tell the sections. A route that leaves Paris on another road may waive the rule.",
  },
  {
    id: "FR-idf-in", country: "FR", overGvwKg: 7_500, roads: "motorways_and_main_roads", confidence: "official", applied: true, source: SRC.FR_IDF,
    label: "Île-de-France, towards Paris on the same sections: Sundays and holidays 22:00-24:00, Mondays and days after a holiday 06:00-10:00",
    note: "As FR-idf-out, on the roads towards Paris.",
  },
  {
    id: "IT-holiday", country: "IT", overGvwKg: 7_500, roads: "outside_built_up_areas", confidence: "secondary", applied: true, source: SRC.IT_2025,
    label: "Sundays and national public holidays 09:00-22:00 (January-May, October-December), 07:00-22:00 (June-September)",
    note: "The calendar is a yearly decree: 2025 (DM 314/2024) and 2026 are \"secondary\", other years the 2025 pattern as \"estimate\". Derogations (from/to abroad, islands) are not modelled.",
  },
  {
    id: "IT-extra", country: "IT", overGvwKg: 7_500, roads: "outside_built_up_areas", confidence: "secondary", applied: true, source: SRC.IT_2025,
    label: "2025 only: Saturdays of July and the last three of August 08:00-16:00, the first two Saturdays of August 08:00-22:00; Easter: Fri 18 Apr 14:00-22:00, Sat 19 Apr 09:00-16:00, Tue 22 Apr 09:00-14:00",
    note: "Other years' extra days (Fridays, Saturdays, Easter) are not applied: they are set by each year's decree.",
  },
  {
    id: "CZ-sunday", country: "CZ", overGvwKg: 7_500, roads: "motorways_and_main_roads", confidence: "official", applied: true, source: SRC.CZ,
    label: "Sundays and days of rest (zákon 245/2000 Sb.) 13:00-22:00 on motorways and 1st-class roads",
    note: "Also trucks over 3.5 t with a trailer (not modelled).",
  },
  {
    id: "CZ-summer", country: "CZ", overGvwKg: 7_500, roads: "motorways_and_main_roads", confidence: "official", applied: true, source: SRC.CZ,
    label: "1 July-31 August: Fridays 17:00-21:00, Saturdays 07:00-13:00 on motorways and 1st-class roads (a day of rest keeps its 13:00-22:00 instead)",
  },
  {
    id: "PL-holiday", country: "PL", overGvwKg: 12_000, roads: "all", confidence: "official", applied: true, source: SRC.PL,
    label: "The 12 listed holidays 08:00-22:00 (not 6 Jan, not 24 Dec); the day before each of them except New Year's Day and Christmas 18:00-22:00",
    note: "Ordinary Sundays outside the summer are no ban days (the regulation lists the days).",
  },
  {
    id: "PL-summer", country: "PL", overGvwKg: 12_000, roads: "all", confidence: "secondary", applied: true, source: SRC.PL_SUMMER,
    label: "From the Friday after 20 June (the end of the school year) to the last Sunday before the school year starts: Fridays 18:00-22:00, Saturdays 08:00-14:00, Sundays 08:00-22:00",
    note: "School year: classes end on the first Friday after 20 June and start on the first weekday of September (a Monday when 1 September is a Friday or Saturday), read on a legal-news site.",
  },
  {
    id: "LU-transit-FR", country: "LU", overGvwKg: 7_500, roads: "all", confidence: "official", applied: true, source: SRC.LU,
    label: "Transit towards France only: Saturday or the eve of a French holiday 21:30 to Sunday or the holiday 21:45",
    note: "Conservative: the planner cannot tell transit from trips that end in Luxembourg or go to Belgium (which are not banned); the periods carry transitTowards [\"FR\"], and a request may waive the rule.",
  },
  {
    id: "LU-transit-DE", country: "LU", overGvwKg: 7_500, roads: "all", confidence: "official", applied: true, source: SRC.LU,
    label: "Transit towards Germany only: Saturday or the eve of a German holiday 23:30 to Sunday or the holiday 21:45",
    note: "As LU-transit-FR, with transitTowards [\"DE\"].",
  },
];

/**
 * Rules that hold on the roads of an area in one direction (FR-idf-*), not on a whole country: the part of
 * the route within `radiusKm` of `centre`, at bearings from the centre between `bearings` (degrees clockwise
 * from north), moving away from the centre (outbound) or towards it (inbound).
 */
export interface BanArea {
  centre: readonly [number, number];
  radiusKm: number;
  bearings: readonly [number, number];
  direction: "outbound" | "inbound";
}
/** The Île-de-France sections end 14-29 km from Notre-Dame (Wissous, Orly, Lisses, Champlan, Orgeval, the RN10), all to the south and west. */
const PARIS = { centre: [48.8534, 2.3488], radiusKm: 30, bearings: [135, 300] } as const;
export const BAN_AREAS: Readonly<Record<string, BanArea>> = {
  "FR-idf-out": { ...PARIS, direction: "outbound" },
  "FR-idf-in": { ...PARIS, direction: "inbound" },
};

/** Every rule of the calendar, applied or listed as not applied, with label, source and confidence. */
export function banRules(country?: string): BanRuleInfo[] {
  return BAN_RULES.filter((r) => !country || r.country === country.toUpperCase());
}

/** Every rule id a request can name (driving_ban_exemptions). */
export const BAN_RULE_IDS = BAN_RULES.map((r) => r.id) as [string, ...string[]];
