// Catalog of heavy battery-electric tractors with published figures.
//
// tareKg is the whole 40 t-class combination: tractor kerb mass plus an assumed
// standard 3-axle curtainsider semitrailer of SEMITRAILER_TARE_KG. Manufacturers
// rarely publish tractor kerb mass, so tare is an estimate unless noted.
// Any figure listed in `estimated` is derived or guessed, not published: the UI
// must flag it and `notes` says how it was obtained.
//
// Physics parameters (see physics.ts) are estimates within the typical ranges
// of PHYSICS_SOURCES; dragAreaM2 is then solved so that the physics gives
// referenceConsumptionKWhPerKm at referenceGrossKg, 80 km/h, flat road.
// Charging curves are calibrated to each maker's published charge time where
// there is one (tests/unit/vehicles/calibration.test.ts); the shape outside
// the published SoC window is a guess.
import { GENERIC_CURVE, type ChargingCurve } from "./curves";

export type ConnectorPos = "LEFT" | "RIGHT" | null;

export interface VehicleModel {
  /** Stable identifier, e.g. "MB_EACTROS_600". */
  code: string;
  manufacturer: string;
  name: string;
  usableBatteryKWh: number;
  installedBatteryKWh: number;
  /** Tractor + semitrailer tare, kg (see SEMITRAILER_TARE_KG). */
  tareKg: number;
  /** Technical maximum gross combination mass, kg. */
  maxGrossKg: number;
  /** Energy at the battery per km at referenceGrossKg, 80 km/h, flat road; anchors the physics (physics.ts). */
  referenceConsumptionKWhPerKm: number;
  referenceGrossKg: number;
  /** Max CCS DC power; null when no CCS inlet is published. */
  maxCcsKW: number | null;
  /** Max MCS power; null when the model has no MCS inlet. */
  maxMcsKW: number | null;
  connectorPos: ConnectorPos;
  /** Rolling resistance coefficient of the whole combination (N per N of weight). */
  rollingResistance: number;
  /** Drag coefficient x frontal area of tractor + semitrailer, m^2. */
  dragAreaM2: number;
  /** Battery-to-wheel efficiency under traction. */
  drivetrainEfficiency: number;
  /** Wheel-to-battery efficiency when recuperating. */
  recuperationEfficiency: number;
  /** Cab, thermal management and compressors while driving, kW (at the 20 C reference, ambient.ts). */
  auxiliaryKW: number;
  // Weather (ambient.ts; no model publishes these, absent = the defaults there, which are estimates):
  /** Heat for the cab per K below 20 C while driving, kW/K; electric unless cabHeatPump. Default 0.18 (calibrated, eActros 600 winter test). */
  cabHeatingKWPerK?: number;
  /** Electric power of the air conditioning per K above 24 C, kW/K. Default 0.1 (estimate). */
  cabCoolingKWPerK?: number;
  /** The cab is heated by a heat pump (electric = heat / COP); default false (resistive). */
  cabHeatPump?: boolean;
  /** Battery heating while driving per K below 5 C, kW/K. Default 0.1 per 621 kWh installed (calibrated, eActros 600). */
  batteryHeatingKWPerK?: number;
  /** Heat capacity of the pack for preconditioning, kWh/K. Default installed kWh / 0.14 kWh/kg x 1 kJ/(kg K) (estimate). */
  batteryHeatCapacityKWhPerK?: number;
  /** Battery acceptance by SoC; absent = GENERIC_CURVE. */
  chargingCurve?: ChargingCurve;
  /** Figures that are estimates or derived, not published by the maker. */
  estimated: readonly VehicleFigure[];
  sources: readonly string[];
  notes: string;
}

export type VehicleFigure =
  | "usableBatteryKWh" | "installedBatteryKWh" | "tareKg" | "maxGrossKg"
  | "referenceConsumptionKWhPerKm" | "maxCcsKW" | "maxMcsKW"
  | "rollingResistance" | "dragAreaM2" | "drivetrainEfficiency" | "recuperationEfficiency" | "auxiliaryKW"
  | "chargingCurve";

export const SEMITRAILER_TARE_KG = 7_000;

const T = SEMITRAILER_TARE_KG;

/** Typical ranges behind the physics parameters of every model. */
export const PHYSICS_SOURCES: readonly string[] = [
  "http://www.nap.edu/openbook.php?record_id=13288&page=170 (tractor-trailer Cd 0.45-0.69, c_rr 0.0045-0.0077)",
  "https://airshaper.com./cases/tesla-semi-truck-aerodynamics-analyzed (Cd 0.5-0.8 incl. trailer; Tesla claims 0.35-0.36)",
  "project facts sheet (c_rr 0.005-0.006, c_d*A 4.5-6 m2, drivetrain 0.85-0.9, recuperation 0.6-0.7, auxiliaries a few kW)",
];

// Physics parameters not published by any maker: flagged on every model.
const PHYS_EST = ["rollingResistance", "dragAreaM2", "drivetrainEfficiency", "recuperationEfficiency", "auxiliaryKW"] as const;
const AUX_KW = 4;
// e-axle or motor at the axle vs central motor with gearbox and prop shaft.
const E_AXLE = { drivetrainEfficiency: 0.9, recuperationEfficiency: 0.65 } as const;
const CENTRAL = { drivetrainEfficiency: 0.86, recuperationEfficiency: 0.6 } as const;

// Shape from an observed FM Electric session (243 kW at 89 %, 205 kW at 94 % on a 250 kW inlet).
const VOLVO_CURVE: ChargingCurve = { soc: [0, 0.89, 0.94, 1], share: [1, 0.97, 0.82, 0.3] };

/**
 * Heat the cab needs per K below 20 C (ambient.ts CAB_HEATING_BELOW_C) while driving, kW/K; with a resistive (PTC)
 * heater also the electric power. CALIBRATED: 0.18 x 22 K = 4.0 kW at -2 C = 5.0 % of the flat-road
 * summer consumption at 72 km/h (the eActros 600's "5 % for the cab at 21 C", E1), and inside the facts
 * sheet's 3.4-4.1 kW derived from it. Physically plausible: ~100 m^3/h fresh air (E8) is 0.03 kW/K,
 * the rest the cab's shell and windows at road speed.
 */
export const DEFAULT_CAB_HEATING_KW_PER_K = 0.18;
/**
 * Electric power of the air conditioning per K above 24 C (ambient.ts CAB_COOLING_ABOVE_C), kW/K: ESTIMATE. 1.1 kW at
 * 35 C; parked sleeper-cab units cool with 1.3-2.9 kW of heat (E9), i.e. ~0.5-1.2 kW electric.
 */
export const DEFAULT_CAB_COOLING_KW_PER_K = 0.1;

const CATALOG: readonly VehicleModel[] = [
  {
    code: "MB_EACTROS_600", manufacturer: "Mercedes-Benz", name: "eActros 600 (4x2 tractor)",
    installedBatteryKWh: 621, usableBatteryKWh: 600,
    tareKg: 19_500, maxGrossKg: 44_000,
    referenceConsumptionKWhPerKm: 1.2, referenceGrossKg: 40_000,
    maxCcsKW: 400, maxMcsKW: 1000, connectorPos: null,
    rollingResistance: 0.0052, dragAreaM2: 5.69, ...E_AXLE, auxiliaryKW: AUX_KW,
    // LFP at 1.6 C: calibrated to 20-80 % in ~30 min at 1 MW; CCS stays at 400 kW to ~90 %.
    chargingCurve: { soc: [0, 0.1, 0.2, 0.4, 0.6, 0.8, 0.9, 1], share: [0.6, 0.9, 1, 1, 0.6, 0.5, 0.4, 0.15], refKW: 1000 },
    estimated: ["tareKg", "referenceConsumptionKWhPerKm", ...PHYS_EST],
    sources: [
      "https://www.autozeitung.de/mercedes-eactros-2024-preis-reichweite-204878.html (3 x 207 kWh, 400 kW CCS, 500 km)",
      "https://www.e-medienportal.net/artikel/detail/63374 (600 kWh net)",
      "https://autonews.autoua.net/de/44557-mercedes-benz-eactros-600-fernverkehrs-elektro-lkw-debutiert-mit-500-km.amp (44 t, ~22 t payload, MCS 20-80 % in ~30 min)",
      "https://newmobility.news/2024/04/23/mercedes-benz-trucks-achieves-1000-kw-charging-with-eactros-600/ (1 MW MCS)",
      "https://beresa.de/lkw/eactros/long-haul (LFP; ~1 MW MCS, 20-80 % in ~30 min)",
    ],
    notes: "Consumption derived from 600 kWh / ~500 km at 40 t. Tare derived from Daimler's ~22 t EU payload " +
      "with a standard semitrailer (assumes 42 t incl. the 2 t ZEV allowance). MCS is an order option/retrofit. " +
      "Charging curve shape is a guess that averages 720 kW from 20 to 80 % (the published 30 min).",
  },
  {
    code: "MB_EACTROS_300", manufacturer: "Mercedes-Benz", name: "eActros 300 (4x2 tractor)",
    installedBatteryKWh: 336, usableBatteryKWh: 291,
    tareKg: 9_500 + T, maxGrossKg: 40_000,
    referenceConsumptionKWhPerKm: 1.3, referenceGrossKg: 40_000,
    maxCcsKW: 160, maxMcsKW: null, connectorPos: null,
    rollingResistance: 0.006, dragAreaM2: 5.42, drivetrainEfficiency: 0.88, recuperationEfficiency: 0.65, auxiliaryKW: AUX_KW,
    chargingCurve: GENERIC_CURVE,
    estimated: ["tareKg", "maxGrossKg", "referenceConsumptionKWhPerKm", ...PHYS_EST],
    sources: [
      "https://www.greencarcongress.com/2023/10/20231031-daimler.html (3 x 112 kWh, 160 kW, 220 km)",
      "https://www.transportengineer.org.uk/content/features/introducing-eactros-300 (291 kWh usable)",
      "https://www.trucker.de/nachrichten/technik/daimler-truck-kuendigt-update-fuer-den-eactros-600-an-3667634 (300/400 production ending)",
      "https://www.merbag.de/de/news/eactros/ (160 kW: 20-80 % in just over 1 h with 3 packs)",
    ],
    notes: "Consumption derived from 291 kWh / 220 km (mass not stated). Production of eActros 300/400 announced to end; kept for existing fleets. " +
      "Two-speed e-axle: efficiency set between e-axle and central drive. Generic charging curve (flat at 160 kW to 80 %).",
  },
  {
    code: "MAN_ETGX", manufacturer: "MAN", name: "eTGX (4x2 tractor, 6 packs)",
    installedBatteryKWh: 534, usableBatteryKWh: 480,
    tareKg: 10_500 + T, maxGrossKg: 40_000,
    referenceConsumptionKWhPerKm: 1.2, referenceGrossKg: 40_000,
    maxCcsKW: 375, maxMcsKW: 750, connectorPos: null,
    rollingResistance: 0.0052, dragAreaM2: 5.13, ...CENTRAL, auxiliaryKW: AUX_KW,
    // 10-90 % in ~30 min at ~750 kW leaves no room for a taper below ~85 %.
    chargingCurve: { soc: [0, 0.85, 0.9, 1], share: [1, 1, 0.8, 0.3], refKW: 750 },
    estimated: ["tareKg", "maxGrossKg", "referenceConsumptionKWhPerKm", ...PHYS_EST],
    sources: [
      "https://ecomento.de/2024/10/16/man-startet-mit-auslieferung-vollelektrischer-schwerer-lkw/ (534 kWh, 480 usable, 375 kW CCS, 40 t)",
      "https://truckexperten.de/blog/2023/11/01/man-startet-den-verkauf-des-etruck (MCS 750 kW, later > 1 MW)",
      "http://www.eurotransport.de/artikel/truck-spektakel-buehne-frei-fuer-man (7th pack: 560 kWh usable, ~650 km)",
      "https://trans.info/en/electric-truck-charged-455438 (MCS at ~750 kW: 10-90 % in ~30 min; MCS option in series from Q2 2026)",
    ],
    notes: "Consumption ~1.2 kWh/km is a planning value (MAN gives no 40 t figure). Charging inlets are configurable " +
      "(CCS left/right, MCS left or right), so connectorPos is per vehicle.",
  },
  {
    code: "VOLVO_FH_ELECTRIC", manufacturer: "Volvo", name: "FH Electric (4x2 tractor, 540 kWh)",
    installedBatteryKWh: 540, usableBatteryKWh: 380,
    tareKg: 10_500 + T, maxGrossKg: 44_000,
    referenceConsumptionKWhPerKm: 1.1, referenceGrossKg: 40_000,
    maxCcsKW: 250, maxMcsKW: null, connectorPos: null,
    rollingResistance: 0.0048, dragAreaM2: 4.74, drivetrainEfficiency: 0.87, recuperationEfficiency: 0.6, auxiliaryKW: AUX_KW,
    chargingCurve: VOLVO_CURVE,
    estimated: ["usableBatteryKWh", "tareKg", ...PHYS_EST, "chargingCurve"],
    sources: [
      "https://www.volvotrucks.de/de-de/news/insights/articles/2022/may/erstmals-auf-dem-pruefstand-der-schwere-elektro-lkw-fh-electric.html (1.1 kWh/km at 40 t, 80 km/h, 345 km)",
      "https://uk.motor1.com/news/732977/volvo-fh-electric-heavy-lorry-373mile-range/ (up to 540 kWh, 250 kW, 300 km)",
    ],
    notes: "Usable capacity not published; 380 kWh derived from the independent test (345 km x 1.1 kWh/km). " +
      "Volvo's '2.5 h at 250 kW' states neither SoC window nor capacity basis, so it is not a calibration target.",
  },
  {
    code: "VOLVO_FM_ELECTRIC", manufacturer: "Volvo", name: "FM Electric (4x2 tractor, 540 kWh)",
    installedBatteryKWh: 540, usableBatteryKWh: 380,
    tareKg: 10_300 + T, maxGrossKg: 44_000,
    referenceConsumptionKWhPerKm: 1.15, referenceGrossKg: 40_000,
    maxCcsKW: 250, maxMcsKW: null, connectorPos: null,
    rollingResistance: 0.0048, dragAreaM2: 5.27, drivetrainEfficiency: 0.87, recuperationEfficiency: 0.6, auxiliaryKW: AUX_KW,
    chargingCurve: VOLVO_CURVE,
    estimated: ["usableBatteryKWh", "tareKg", "referenceConsumptionKWhPerKm", ...PHYS_EST, "chargingCurve"],
    sources: [
      "https://www.australiantruckradio.com.au/the-electric-trucks-from-volvo/ (450/540 kWh, 300 km)",
      "https://traktuell.at/news/volvo-fm-electric-im-test (44 t, 6 packs, 300 km)",
      "https://uk.motor1.com/news/732977/volvo-fh-electric-heavy-lorry-373mile-range/ (250 kW DC, shared FH/FM driveline)",
      "https://carsradars.com/car-reviews/volvo-fm-electric-spotted-fast-charging-at-ionity-243-kw-at-89-soc (242 kW at 86 %, 243 kW at 89 %, 205 kW at 94 %)",
    ],
    notes: "Same driveline and batteries as FH Electric; usable and consumption taken from the FH test, consumption raised for the less aerodynamic cab.",
  },
  {
    code: "VOLVO_FH_AERO_ELECTRIC", manufacturer: "Volvo", name: "FH Aero Electric (6x2 e-axle tractor, 780 kWh)",
    installedBatteryKWh: 780, usableBatteryKWh: 680,
    tareKg: 12_500 + T, maxGrossKg: 48_000,
    referenceConsumptionKWhPerKm: 1.1, referenceGrossKg: 40_000,
    maxCcsKW: 250, maxMcsKW: 600, connectorPos: null,
    rollingResistance: 0.0052, dragAreaM2: 4.6, ...E_AXLE, auxiliaryKW: AUX_KW,
    chargingCurve: { ...VOLVO_CURVE, refKW: 600 },
    estimated: ["usableBatteryKWh", "tareKg", "referenceConsumptionKWhPerKm", "maxCcsKW", "maxMcsKW", ...PHYS_EST],
    sources: [
      "https://trans.info/en/volvo-electric-fh-aero-410826 (780 kWh installed, MCS 20-80 % in ~40 min, 48 t)",
      "https://www.verkehrsrundschau.de/nachrichten/nfz-fuhrpark/volvo-trucks-lueftet-den-schleier-von-seinen-neuen-e-lkw-3670227 (usable not yet published, 600 km)",
    ],
    notes: "Launch 2026. Usable ~87 % of installed is a guess; MCS power derived from 20-80 % in 40 min (FH Electric's curve shape); " +
      "CCS power assumed as FH Electric. Consumption = the FH Electric's measured 1.1 (aero cab and e-axle not credited); " +
      "680 kWh / 1.1 = 620 km matches 'up to 600 km'.",
  },
  {
    code: "SCANIA_45R_BEV", manufacturer: "Scania", name: "45 R BEV (4x2 tractor, 624 kWh)",
    installedBatteryKWh: 624, usableBatteryKWh: 468,
    tareKg: 10_500 + T, maxGrossKg: 64_000,
    referenceConsumptionKWhPerKm: 1.3, referenceGrossKg: 40_000,
    maxCcsKW: 375, maxMcsKW: null, connectorPos: null,
    rollingResistance: 0.0055, dragAreaM2: 5.78, ...CENTRAL, auxiliaryKW: AUX_KW,
    // Flat to 80 %, then a taper that makes 0-100 % take the published ~90 min.
    chargingCurve: { soc: [0, 0.8, 1], share: [1, 1, 0.2] },
    estimated: ["usableBatteryKWh", "tareKg", "referenceConsumptionKWhPerKm", ...PHYS_EST],
    sources: [
      "https://www.eurotransport.de/artikel/neue-scania-e-lkw-elektrifiziert-bis-64-tonnen-11208829.html (624 kWh, 375 kW, 320 km at 80 km/h, 64 t)",
      "https://thedriven.io/2022/06/14/scania-unveils-new-range-of-heavy-duty-electric-trucks (320 km at 40 t; 1 h at 375 kW adds 270-300 km)",
      "https://electrek.co/2022/06/13/scania-regional-long-haul-electric-truck/ (full charge in less than 90 min at 375 kW; 350 km at 80 km/h)",
      "https://kazkhabar.com/scania-presents-its-new-electric-truck-320-km-of-autonomy-with-40-tons-news-hybrids-and-electrics/ (468 kWh usable)",
    ],
    notes: "Consumption derived from '1 h at 375 kW adds 270-300 km'. Usable 468 kWh is a press figure, not in Scania's release; " +
      "it agrees with 'full in < 90 min at 375 kW' and 468 / 1.3 = 360 km vs 'up to 350 km'. 64 t applies to Nordic combinations.",
  },
  {
    code: "IVECO_S_EWAY", manufacturer: "IVECO", name: "S-eWay (4x2 tractor, 738 kWh)",
    installedBatteryKWh: 738, usableBatteryKWh: 650,
    tareKg: 11_500 + T, maxGrossKg: 44_000,
    referenceConsumptionKWhPerKm: 1.3, referenceGrossKg: 40_000,
    maxCcsKW: 350, maxMcsKW: null, connectorPos: null,
    rollingResistance: 0.006, dragAreaM2: 5.42, drivetrainEfficiency: 0.88, recuperationEfficiency: 0.65, auxiliaryKW: AUX_KW,
    chargingCurve: GENERIC_CURVE,
    estimated: ["usableBatteryKWh", "tareKg", "referenceConsumptionKWhPerKm", ...PHYS_EST],
    sources: [
      "https://www.electrive.net/2024/07/25/iveco-liefert-erste-s-eway-aus/ (9 x 82 kWh, usable not disclosed, 350 kW, 500 km, 80 % within 90 min)",
      "https://www.commercialmotor.com/buying-advice/article/iveco-s-eway (738 kWh, 500 km)",
      "https://int.auto.pub/it/iveco-seway-retorica-verde-realta-limitata-autonomia-infrastrutture-peso (44 t GCW)",
    ],
    notes: "Usable ~88 % of installed is a guess; consumption = usable / 500 km stated range. " +
      "'80 % within 90 min at 350 kW' read as from empty; generic curve (flat to 80 %) reproduces it.",
  },
  {
    code: "TESLA_SEMI", manufacturer: "Tesla", name: "Semi Long Range",
    installedBatteryKWh: 900, usableBatteryKWh: 850,
    tareKg: 10_400 + T, maxGrossKg: 37_195,
    referenceConsumptionKWhPerKm: 1.06, referenceGrossKg: 37_195,
    maxCcsKW: null, maxMcsKW: 1200, connectorPos: null,
    rollingResistance: 0.006, dragAreaM2: 3.66, ...E_AXLE, auxiliaryKW: AUX_KW,
    // 70 % in 30 min at 1.2 MW needs the full power over 70 % of the pack.
    chargingCurve: { soc: [0, 0.8, 0.9, 1], share: [1, 1, 0.6, 0.2] },
    estimated: ["installedBatteryKWh", "usableBatteryKWh", ...PHYS_EST],
    sources: [
      "https://en.mashdigi.com/tesla-semis-full-specifications-revealed-1-2mw-supercharger-and-800km-range-rival-gasoline-trucks/ (805 km, 1.06 kWh/km at 37.2 t, 10.4 t tractor, 1.2 MW)",
      "https://smarti.news/9485/tesla-semi-final-specs-mass-production (523/805 km, MCS)",
      "https://supercarblondie.com/tesla-semi-megacharger-megawatt-charging-system (1.2 MW, up to 70 % in 30 min)",
      "https://www.cheersandgears.com/articles/news/tesla/tesla-unveils-their-electric-semi-truck-r4659/ (Cd 0.36)",
    ],
    notes: "Battery not disclosed: installed ~900 kWh is an industry estimate, usable = 805 km x 1.06 kWh/km. " +
      "Reference mass is the US 82,000 lb GCW; no CCS capability published. Not sold in Europe. " +
      "Drag area = Tesla's Cd 0.36 x ~10 m2, US tyres (c_rr 0.006).",
  },
  {
    code: "DAF_XF_ELECTRIC", manufacturer: "DAF", name: "XF Electric (4x2 tractor, 525 kWh)",
    installedBatteryKWh: 525, usableBatteryKWh: 470,
    tareKg: 10_000 + T, maxGrossKg: 50_000,
    referenceConsumptionKWhPerKm: 1.15, referenceGrossKg: 40_000,
    maxCcsKW: 325, maxMcsKW: null, connectorPos: null,
    rollingResistance: 0.0052, dragAreaM2: 4.61, ...CENTRAL, auxiliaryKW: AUX_KW,
    chargingCurve: GENERIC_CURVE,
    estimated: ["usableBatteryKWh", "tareKg", "referenceConsumptionKWhPerKm", ...PHYS_EST],
    sources: [
      "https://verkehrsrundschau.de/e-lkw/daf-eroeffnet-montagewerk-fuer-elektro-lkw-3315758 (5 strings, 525 kWh, up to 500 km)",
      "https://www.routiers.ch/fileadmin/epaper/archive/Ausgabe-09-2025/epaper_de/30 (325 kW DC, EX-D2 up to 50 t)",
      "https://tweakers.net/nieuws/201320/daf-gaat-nieuwe-elektrische-xd-en-xf-vrachtwagens-met-350kw-vermogen-bouwen.html (325 kW: 3-pack to 80 % in 45 min)",
    ],
    notes: "LFP; usable ~90 % of installed is a guess; consumption is a planning estimate (range 'up to 500 km', mass not stated). " +
      "Generic curve; DAF's charge time is for the 3-pack (315 kWh) and is checked on that variant.",
  },
  {
    code: "RENAULT_ETECH_T", manufacturer: "Renault Trucks", name: "E-Tech T (4x2 tractor, 540 kWh)",
    installedBatteryKWh: 540, usableBatteryKWh: 380,
    tareKg: 10_500 + T, maxGrossKg: 44_000,
    referenceConsumptionKWhPerKm: 1.15, referenceGrossKg: 40_000,
    maxCcsKW: 250, maxMcsKW: null, connectorPos: null,
    rollingResistance: 0.0048, dragAreaM2: 5.27, drivetrainEfficiency: 0.87, recuperationEfficiency: 0.6, auxiliaryKW: AUX_KW,
    chargingCurve: VOLVO_CURVE,
    estimated: ["usableBatteryKWh", "tareKg", "referenceConsumptionKWhPerKm", ...PHYS_EST, "chargingCurve"],
    sources: [
      "https://www.transportengineer.org.uk/content/news/renault-begins-production-for-e-tech-t-c (390-540 kWh, 250 kW DC, 300 km, 44 t)",
    ],
    notes: "Volvo Group sibling of FH Electric: usable, consumption, physics (as FM) and charging curve taken from Volvo. " +
      "The announced 600 km e-axle version is not modelled.",
  },
];

/** Every model with the cab's figures filled in (no maker publishes them: the calibrated defaults), so a fleet sees and may override them. */
export const VEHICLE_MODELS: readonly VehicleModel[] = CATALOG.map((m) => ({
  ...m, cabHeatingKWPerK: m.cabHeatingKWPerK ?? DEFAULT_CAB_HEATING_KW_PER_K, cabCoolingKWPerK: m.cabCoolingKWPerK ?? DEFAULT_CAB_COOLING_KW_PER_K,
}));

const BY_CODE = new Map(VEHICLE_MODELS.map((m) => [m.code, m]));

export function findModel(code: string): VehicleModel | undefined {
  return BY_CODE.get(code) ?? BY_CODE.get(code.trim().toUpperCase());
}

/** { manufacturer: { modelName: code } }; filter matches manufacturers case-insensitively (empty = all). */
export function modelsByManufacturer(filter?: readonly string[]): Record<string, Record<string, string>> {
  const wanted = filter && filter.length > 0 ? new Set(filter.map((f) => f.trim().toLowerCase())) : null;
  const out: Record<string, Record<string, string>> = {};
  for (const m of VEHICLE_MODELS) {
    if (wanted && !wanted.has(m.manufacturer.toLowerCase())) continue;
    (out[m.manufacturer] ??= {})[m.name] = m.code;
  }
  return out;
}
