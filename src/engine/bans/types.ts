// Truck driving bans: when and where a heavy truck may not drive (weekend, holiday, night and
// seasonal bans of the countries in the data). Pure: the calendar is computed, never fetched.

/** One banned period of one rule, as instants (UTC ms) computed from the country's local time. */
export interface BanPeriod {
  /** Stable rule id a request can name to waive it (a permit, an exempt load): "DE-sunday", "AT-night". */
  rule: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** ISO 3166-2 subdivisions where only they are banned (a regional holiday); null: the whole country. */
  regions: string[] | null;
  startMs: number;
  endMs: number;
  /** What a dispatcher reads: "Sunday and holiday ban for trucks over 7.5 t (§ 30(3) StVO), 00:00-22:00". */
  label: string;
  /** The law or publication the rule is taken from. */
  source: string;
  /** official: read in the law or an authority's page; secondary: trade press or association; estimate: a pattern carried beyond the year it was published for. */
  confidence: "official" | "secondary" | "estimate";
  /** The roads it covers; the planner treats every road of the country alike (its networks do not tell road classes apart everywhere). */
  roads: "all" | "motorways_and_main_roads" | "outside_built_up_areas";
  /**
   * Only transit traffic heading to these countries (ISO 3166-1 alpha-2) is banned (LU: transit towards
   * FR or DE); absent: all traffic. The calendar still gives such periods for every truck (it cannot
   * tell transit); a caller that knows the route may waive the rule.
   */
  transitTowards?: string[];
}

/** The truck as the bans see it. */
export interface BanVehicle {
  /** Permissible total weight, kg. */
  gvwKg: number;
}
