// Trips for load and fault tests: German cities on the Europe pack, every
// pair drivable by a 40 t eActros 600; the mix spans short and long trips.
export const PLACES: [number, number][] = [
  [53.55, 9.99], [52.37, 9.73], [52.52, 13.4], [51.34, 12.37], [50.94, 6.96], [51.23, 6.78], [50.11, 8.68],
  [49.45, 11.08], [48.78, 9.18], [48.14, 11.58], [53.08, 8.8], [51.05, 13.74], [49.49, 8.47], [52.27, 10.52],
];

/** The i-th request body of a deterministic mix. */
export function tripBody(i: number) {
  const a = PLACES[i % PLACES.length];
  const b = PLACES[(i * 5 + 3) % PLACES.length];
  const stop = a === b ? PLACES[(i + 1) % PLACES.length] : b;
  return {
    vehicle_id: "mb-eactros-600",
    battery_level_start: 0.6 + (i % 4) / 10,
    section_list: [{ start_pos: a, stop_pos: stop, payload_kg: 8000 + (i % 5) * 4000 }],
    poi_info: {},
  };
}
