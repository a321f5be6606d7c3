// When a planned tour drives, read off its result: the stretches between a departure and the next arrival.

/** Each section's driving, from the previous departure to its arrival, as [from, to] ms. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function drivingOf(r: any): [number, number][] {
  let from = Date.parse(r.totals.departure_time);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return r.sections.map((s: any) => {
    const out: [number, number] = [from, Date.parse(s.poi_summary.arrival_time)];
    from = Date.parse(s.poi_summary.departure_time);
    return out;
  });
}
