// The money side of a result, recomputed from its own figures: each stop's
// amount from its price, energy and fees (or its OCPI components), the totals
// from the stops, tolls and the value of time, and the cost options' order.
// Returns what does not add up.
const near = (a: number, b: number, tol: number) => Math.abs(a - b) <= tol;

export function costViolations(result: any): string[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  const v: string[] = [];
  const cost = result?.totals?.cost;
  if (!cost) return v;
  let energy = 0, stops = 0;
  for (const [i, s] of (result.sections ?? []).entries()) {
    const p = s.poi_summary;
    if (!p || !(p.energy_kWh > 0)) continue;
    const c = p.energy_cost;
    if (!c) { v.push(`section ${i}: charges ${p.energy_kWh} kWh without energy_cost`); continue; }
    stops++;
    energy += c.amount;
    if (c.components?.length) {
      const sum = c.components.reduce((a: number, x: { amount: number }) => a + x.amount, 0);
      if (!near(sum, c.amount, 0.011 * c.components.length)) v.push(`section ${i}: OCPI components add to ${sum}, amount ${c.amount}`);
    } else {
      const base = c.price_per_kWh * p.energy_kWh + c.session_fee;
      // A contract's fee per minute comes on top; every other price is energy and session only.
      const ok = /^tenant contract/.test(c.source) ? c.amount >= base - 0.02 : near(c.amount, base, 0.02 + 0.00005 * p.energy_kWh);
      if (!ok) v.push(`section ${i}: amount ${c.amount} vs ${c.price_per_kWh} x ${p.energy_kWh} kWh + ${c.session_fee}`);
    }
    if (c.estimated !== /^(fallback|assumed)/.test(c.source)) v.push(`section ${i}: estimated ${c.estimated} but source '${c.source}'`);
  }
  if (!near(cost.energy, energy, 0.01 * (stops + 1))) v.push(`totals.cost.energy ${cost.energy} vs stops ${energy}`);
  const time = (result.totals.duration_min / 60) * cost.value_of_time_eur_per_h;
  if (!near(cost.time_value, time, 0.011)) v.push(`totals.cost.time_value ${cost.time_value} vs ${time}`);
  if (!near(cost.total, cost.energy + cost.tolls + cost.time_value + (cost.distance ?? 0), 0.03)) v.push(`totals.cost.total ${cost.total} vs its parts`);
  if (cost.cost_per_km_eur != null && !near(cost.distance ?? 0, (result.totals.distance_m / 1000) * cost.cost_per_km_eur, 0.01 + 0.002 * (cost.distance ?? 0))) {
    v.push(`totals.cost.distance ${cost.distance} vs ${result.totals.distance_m} m x ${cost.cost_per_km_eur}`);
  }
  const opts = result.cost_options;
  if (opts) {
    if (opts.filter((o: { chosen: boolean }) => o.chosen).length !== 1) v.push("cost_options: not exactly one chosen");
    for (let k = 1; k < opts.length; k++) {
      if (opts[k].duration_min < opts[k - 1].duration_min || !(opts[k].energy_cost < opts[k - 1].energy_cost)) {
        v.push(`cost_options ${k - 1} -> ${k}: not from the fastest to the cheapest`);
      }
    }
  }
  return v;
}
