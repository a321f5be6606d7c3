// The planning form's values as typed (strings: an empty field is "not given",
// and what the user typed reaches the contract's validation unchanged).
import type { useTranslations } from "next-intl";
import { MAX_SECTIONS } from "@/contract/request";
import type { FieldErrors } from "../errors";
import type { Place } from "../PlaceField";

/** What happens at a route point: the section that ends there carries these. */
export interface StopState {
  /** Payload on the leg driven to this point, kg; empty: the form's payload. */
  payload: string;
  /** Minutes spent at this point (unloading, loading). */
  serviceMin: string;
  /** Time window for the arrival here, "YYYY-MM-DDTHH:mm" in the form's time zone. */
  earliest: string;
  latest: string;
}

export interface Waypoint {
  key: string;
  text: string;
  place: Place | null;
  /** Optional so points made elsewhere (a stored plan, a map click) need not spell it out. */
  stop?: StopState;
}

export interface SubmittedRun {
  jobId: string;
  optimizationId: number;
  warnings: string[];
  submittedAt: number;
  /** "Hamburg, DE → München, DE" */
  title: string;
  vehicle: string;
  /** What was sent (planner.submit's input), to plan it again on another route. */
  submission?: { query: Record<string, string>; body: Record<string, unknown> };
}

export interface FormState {
  vehicleId: string;
  /** Payload on every leg that does not set its own, kg. */
  payload: string;
  batteryStart: string;
  batteryEnd: string;
  /** "YYYY-MM-DDTHH:mm" wall time in `timeZone`; empty: depart now. */
  departure: string;
  /** IANA zone of `departure` and the time windows; empty: the browser's zone. */
  timeZone: string;
  /** service_time_departure_min: minutes at the start before driving off. */
  serviceDepartureMin: string;
  corridor: string;
  minChargeMin: string;
  minKW: string;
  maxKW: string;
  cpo: string[];
  connectorType: ("CCS" | "MCS")[];
  connectorPos: "" | "LEFT" | "RIGHT";
  truckApproved: "" | "T" | "TT";
  bookable: boolean;
  /** The driver's hours at departure (`driver`); all empty: a rested driver, 9 h day. */
  extendedDriving: boolean;
  drivenSinceBreakMin: string;
  drivenTodayMin: string;
  /** Minutes since the last daily rest ended (all duty), and reduced rests left ("" = 0). */
  sinceDailyRestMin: string;
  reducedRestsLeft: string;
  earliestRestAfterMin: string;
  /** EUR net per hour of truck and driver ("" = the service's default). */
  valueOfTime: string;
  /** "" = the API's default (balanced). */
  objective: "" | "balanced" | "fastest" | "cheapest";
  /** Ask for the time-cost trade-off (cost_options). */
  costOptions: boolean;
  /** Keep the truck driving bans (driving_bans; off: the truck has a permit for the whole tour). */
  drivingBans: boolean;
  ambientTemperature: string;
}

/** What a section of the form gets: the values, their setter and the messages. */
export interface SectionProps {
  f: FormState;
  set: <K extends keyof FormState>(k: K, v: FormState[K]) => void;
  errors: FieldErrors;
}

/** A section folded by default. */
export interface FoldedSectionProps extends SectionProps {
  open: boolean;
  setOpen: (open: boolean) => void;
}

export const INITIAL: FormState = {
  vehicleId: "",
  payload: "",
  batteryStart: "80",
  batteryEnd: "20",
  departure: "",
  timeZone: "",
  serviceDepartureMin: "",
  corridor: "",
  minChargeMin: "",
  minKW: "",
  maxKW: "",
  cpo: [],
  connectorType: [],
  connectorPos: "",
  truckApproved: "",
  bookable: false,
  extendedDriving: false,
  drivenSinceBreakMin: "",
  drivenTodayMin: "",
  sinceDailyRestMin: "",
  reducedRestsLeft: "",
  earliestRestAfterMin: "",
  valueOfTime: "",
  objective: "",
  costOptions: true,
  drivingBans: true,
  ambientTemperature: "",
};

export const EMPTY_STOP: StopState = { payload: "", serviceMin: "", earliest: "", latest: "" };

/** Route points: start + destination + intermediate stops, one section between each pair. */
export const MAX_POINTS = MAX_SECTIONS + 1;

let keySeq = 0;
export const newWaypoint = (): Waypoint => ({ key: `wp-${++keySeq}`, text: "", place: null, stop: EMPTY_STOP });

export const stopOf = (w: Waypoint): StopState => w.stop ?? EMPTY_STOP;

export type PointRole = "start" | "via" | "destination";
export const roleOf = (i: number, n: number): PointRole => (i === 0 ? "start" : i === n - 1 ? "destination" : "via");
/** The route point messages ("routePoint" in src/i18n/messages). */
export type RoutePointTranslator = ReturnType<typeof useTranslations<"routePoint">>;
/** A point's name as a label or heading: "Start", "Stop 1", "Destination". */
export function roleLabel(i: number, n: number, t: RoutePointTranslator): string {
  const role = roleOf(i, n);
  return role === "via" ? t("stop", { number: i }) : t(role);
}
/** A point's name inside a sentence ("Move stop 1 up"): English lowers the case, German keeps its nouns capitalized. */
export function roleInText(i: number, n: number, t: RoutePointTranslator): string {
  const role = roleOf(i, n);
  return role === "via" ? t("inText.stop", { number: i }) : t(`inText.${role}`);
}
/** The place input's id; start and destination keep fixed ids (links, tests). */
export const placeInputId = (w: Waypoint, i: number, n: number) => {
  const role = roleOf(i, n);
  return role === "via" ? `stop-${w.key}` : role;
};
