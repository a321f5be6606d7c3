// Planning rules with their documented defaults (docs/API.md repeats them).

/** The battery never goes below this state of charge while driving. */
export const RESERVE_SOC = 0.1;
/** Fixed time per charging stop beyond charging: manoeuvring, plugging, payment. */
export const CHARGE_STOP_OVERHEAD_MIN = 5;
/** Stations below this DC power are not planned as stops for a heavy truck. */
export const MIN_STOP_POWER_KW = 50;
/** Average speed on the detour between the route and a station. */
export const DETOUR_SPEED_KMH = 40;
/** A start or stop farther than this from the network is rejected (422). */
export const MAX_SNAP_DISTANCE_M = 30_000;
/** Alternatives to a chosen stop: this far along the route on either side. */
export const ALTERNATIVE_WINDOW_M = 25_000;
export const MAX_ALTERNATIVES = 3;
/** An alternative costs at most this much more tour time than the chosen stop. */
export const ALTERNATIVE_MAX_EXTRA_MIN = 15;
