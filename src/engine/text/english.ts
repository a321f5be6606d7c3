// The English words of every message a plan says (ICU MessageFormat; value names as message.ts
// reads them). The web app's other languages translate these codes (src/i18n/server-text/*.json);
// a unit test checks that each translation names only values its English template has.

export const ENGLISH_TEMPLATES = {
  // Words that came from elsewhere (the request, the operator, an external source), kept as they are.
  text: "{text}",

  "stations.filtered_unknown":
    "poi_info.{field}: {count} {count, plural, one {station in the corridor has} other {stations in the corridor have}} no {what} data and {count, plural, one {was} other {were}} excluded",
  "stations.not_usable":
    "{unusable} of {total} stations in the corridor were not considered as stops: below {min_kw} kW, no connector this vehicle can use ({connectors})" +
    "{closed, select, source {, or closed to trucks (by the source: OpenStreetMap hgv=no)} overlay {, or closed to trucks (by a station overlay: truck_approved \"none\")} " +
    "both {, or closed to trucks (by the source: OpenStreetMap hgv=no; by a station overlay: truck_approved \"none\")} other {}}",
  "stations.power_estimated":
    "{count} of {stops} charging stops charge at an estimated power ({countries}): the source states no power for those sites, so the plan " +
    "assumes one (50 kW, or the network's published class) and their charge times are estimates too (power_estimated: true).",
  "stations.truck_access_unknown":
    "Truck access is not known at {count} of the plan's charging stops ({names}{more, plural, =0 {} other {; and # more}}): no source says a truck " +
    "can reach, charge and park there (truck_access \"unknown\"); check them, or state it with a station overlay (PUT /poi/overlays/'{external_id}'). " +
    "The plan takes a known truck site instead wherever one is nearly as good (a detour at most {margin_minutes, number} min longer, the same power).",
  "stations.parking_while_charging":
    "Parking at {count, plural, one {charging stop} other {# charging stops}} ({names}) is only for vehicles while they charge (OCPI parking " +
    "restriction PLUGGED): the plan takes no daily rest there, but the truck waits there {minutes, number} min for a driving ban. Find a truck " +
    "parking place nearby for the wait.",

  "live.stale":
    "The live status of {count, plural, one {charging stop} other {# charging stops}} ({names}) is older than {max_age_min}: it was not used; " +
    "the plan takes their points as working and free, as the static data has them (live_status \"UNKNOWN\").",
  "live.unknown":
    "The live status of {count, plural, one {charging stop} other {# charging stops}} ({names}) is unknown (their feed reports no usable status): " +
    "the plan takes their points as working and free.",
  "live.unusable_now":
    "{count, plural, one {Charging stop} other {# charging stops}} ({names}) {count, plural, one {has} other {have}} no usable charging point now " +
    "(live_status \"UNAVAILABLE\"); the plan reaches {count, plural, one {it} other {them}} more than {horizon_min} after that status, by when it is " +
    "taken as past: check before the tour.",

  "weather.unknown":
    "No weather is known for {count, plural, one {section} other {sections}} {sections} (no ambient_temperature_c, no forecast, no climate normal " +
    "within 200 km): planned at the model's {reference_c, number} °C in still air on a dry road; in winter that may underestimate the energy by a quarter.",
  "weather.forecast_unavailable": "Weather forecast unavailable ({detail}); climate normals used.",
  "weather.forecast_partial": "{detail}: climate normals used for them.",
  "weather.assumption": "{low_c, number} °C{same, select, yes {} other { to {high_c, number} °C}} ({sources_list})",
  "weather.source.request": "as requested",
  "weather.source.forecast": "forecast",
  "weather.source.climate_normal": "1991-2020 climate normals, an estimate",
  "weather.source.reference": "the model's reference, no weather known",

  "search.not_proven_best":
    "The charging plan is the best found within the planning limits for the {objective} objective, not proven the best possible: " +
    "a better one would be at most {gap_eur, number} EUR ahead (energy and value of time). Shorter tours are planned exactly.",
  "search.not_proven_fastest":
    "The charging plan is the fastest found within the planning limits, not proven the fastest possible: " +
    "a faster one would save at most {gap_minutes, number} min. Shorter tours are planned exactly.",

  "drivers.day_span_shortened":
    "EU 561/2006 Art. 8(2): a daily rest must be complete within 24 h of the end of the previous one, so a day from a rest's end to the next " +
    "rest spans at most {max_span_min}{last_differs, select, yes { (the tour's last day {last_span_min})} other {}}; to keep it this plan ends its driving {days}.",
  "drivers.day_rests_first":
    "day 1 before the tour drives at all: the driver first takes a daily rest at the start (the duty day began {began_min} before the departure)",
  "drivers.day_ends_at_most": "day {day, number} after at most {cap_min}",
  "drivers.day_ends_after":
    "day {day, number} after {driven_min} of the tour's driving (at most {cap_min}{before, select, yes {, with the {before_min} driven before the tour} other {}})",
  "drivers.day_too_long":
    "EU 561/2006 Art. 8(2) is not kept: the duty day from {from_time} to {to_time} spans {span_min}, more than {limit_min}: the driver needs a " +
    "daily rest within it, and no plan with shorter driving days was found within the planning limits (or waiting and service alone fill the day).",
  "drivers.earliest_rest":
    "As the driver prefers, no daily rest is taken by choice before {earliest_min} of driving in the day (a rest due where the day's driving ends, " +
    "or a wait for a driving ban, may come sooner); under this preference the plan is the best the search found, not proven the best.",

  // A ban period's label, with its rule and local times for other languages' words.
  "bans.label": "{label}",
  "bans.waits":
    "The plan waits {total_min} for truck driving bans ({labels_list}): each wait is a stop of its own (\"Driving ban\") or makes a stop longer " +
    "(driving_ban_wait_min); driving_bans lists every ban on the route during the tour.",
  "bans.estimated":
    "The ban calendar of {rules} for these dates is an estimate (the pattern of a published year carried on): confirm it before the tour.",
  "bans.regional_unresolved":
    "A regional holiday's ban ({regions}) is kept on the whole {countries} part of the route: the route's regions are not resolved.",
  "bans.regional":
    "A regional holiday's ban ({regions}) is kept where the route is in those regions, and within {band_km, number} km of their borders " +
    "(regions told by the nearest postcode places).",
  "bans.area":
    "The Île-de-France ban ({rules}) is kept on every road within {radius_km, number} km of Paris to the south and west, leaving or towards Paris: " +
    "it holds on the A6a/A6b, A6, A106, A10, A13 and A12 sections, which the road network cannot tell from other roads. Where the route uses " +
    "another road there, waive the rule (driving_ban_exemptions).",
  "bans.overrides_unreadable":
    "The operator's driving-ban overrides (BAN_OVERRIDES_FILE) cannot be read ({detail}): the computed ban calendar alone is applied.",

  "tolls.notes": "{notes_list}",
  "tolls.zero_emission_exempt": "zero-emission trucks exempt until {until}",
  "tolls.zero_emission_reduced": "reduced zero-emission rate (25 % infrastructure + air + noise)",
  "tolls.infrastructure_only_at":
    "infrastructure part only: external-cost parts (noise, air) and special-toll sections (A 9, A 10, A 11, A 13, S 16) are not included",
  "tolls.lsva_exempt": "electric trucks exempt from LSVA (planned to pay from 2029, with rebates until 2035)",
  "tolls.low_emission_zones_dk": "low-emission-zone surcharge (Copenhagen, Frederiksberg, Odense, Aarhus, Aalborg) not included",
  "tolls.unconfirmed": "rate unconfirmed",
  "tolls.no_rate": "no toll rate on file for this vehicle on {date}: {km, number, ::.0} km on {road_classes} roads in {country} not priced",

  "route.implausible":
    "Section {section, number}{has_id, select, yes { ({section_id})} other {}}: the route is {road_km, number} km, {ratio, number} times the " +
    "{straight_km, number} km straight-line distance. The road network {network} is coarse there, so the route, its time and energy may be " +
    "far from the real trip; plan it on a detailed network of that region (npm run network:import).",
  "route.no_toll_free":
    "avoid_tolls: no drivable route of the {count, number} considered is free of tolls (route_alternatives); the plan takes the best of them " +
    "under the {objective} objective.",
  "route.not_fastest":
    "The plan takes another road than the fastest on {count, number} section(s); the fastest road is {fastest} (route_alternatives).",

  "not_drivable.reason":
    "{no_station, select, yes {No station in the corridor can charge this vehicle (after the poi_info filters, its connectors, the minimum stop power " +
    "and sites closed to trucks). } other {}}{what}{no_data, select, yes { The charger data has no stations at all in {country}, where the tour runs out: " +
    "that says nothing about the chargers there (import a source for it: npm run stations:import).} other {}}",
  "not_drivable.depleted":
    "The battery reaches the {reserve_percent, number} % reserve {at_km, number} km after the start" +
    "{next, select, yes {, before the next usable station at {next_km, number} km.} other {; no usable station lies beyond that point.}}",
  "not_drivable.window": "No plan starts service at {has_key, select, yes {{key}} other {waypoint {waypoint, number}}} by its latest time.",
  "not_drivable.end_soc":
    "The destination is reached with at most {most_percent, number} % but battery_level_end is {end_percent, number} %; no usable station allows more.",

  "stop.energy":
    "Needed to reach {next, select, charger {the next charger on the way} section_charger {the next section end's charger} other {the destination}}: " +
    "arriving at {arrival_pct}, the truck would fall below {floor, select, requested {the requested {floor_pct}} other {the {floor_pct} reserve}} " +
    "without this charge.{pause, select, rest { The driver's daily rest is taken during it.} break { The driver's break is taken during it.} other {}}",
  "stop.rest":
    "Daily rest (EU 561/2006 Art. 8): {rest_min} before the next day's driving." +
    "{then, select, charges { The truck charges during it.} by_road { Taken by the road where it fell due.} other {}}",
  "stop.break":
    "Break (EU 561/2006 Art. 7): {minutes, number} min after at most 4 h 30 min of driving." +
    "{then, select, charges { The truck charges during it.} by_road { Taken by the road where it fell due.} other {}}",
  "stop.ban_wait_charging": "Waits here for a truck driving ban to end ({wait_min}); the truck charges during the wait.",
  "stop.ban_wait": "Waits {wait_min} by the road for a truck driving ban to end{has_label, select, yes { ({label})} other {}}.",
  "stop.cheaper_energy": "Not needed to reach the next point: energy here costs less than later.",
  "stop.saves_time": "Not needed to reach the next point: charging here shortens the tour.",
  "stop.section_end":
    "{last, select, yes {The tour's destination.} other {A stop of the request (the end of a section).}}" +
    "{charges, select, yes { The truck charges at its charger during the stay.} other {}}",
  "stop.needed_for_plan": "Needed: with no charging stop between {before} and {after}, no drivable plan exists.",
  "stop.keeps_window": "Made to keep a time window: with no charging stop between {before} and {after}, the tour would be late at a window.",
  "stop.keeps_day_span": "Made to keep the 24-hour rule: with no charging stop between {before} and {after}, a duty day would run too long.",
  "stop.neighbour.start": "the start",
  "stop.neighbour.destination": "the destination",
  "stop.neighbour.previous": "the previous stop",
  "stop.neighbour.named": "{name}",
  "stop.gain":
    "Not needed to reach the next point. With no charging stop between {before} and {after}, the tour would be " +
    "{longer, select, yes {{minutes, number} min longer} other {{minutes, number} min shorter}} and " +
    "{dearer, select, yes {{eur, number, ::.00} EUR dearer} other {{eur, number, ::.00} EUR cheaper}} ({objective}).",
} as const;

export type MessageCode = keyof typeof ENGLISH_TEMPLATES;

/** Values a message carries that its English words do not say, for languages that say them. */
export const UNSAID_VALUES: Readonly<Partial<Record<MessageCode, readonly string[]>>> = {
  "bans.label": ["rule_key", "from_time", "to_time", "zone"],
};
