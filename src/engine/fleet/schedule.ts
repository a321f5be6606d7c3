// Choosing each tour's plan and delay so no site holds more trucks than its
// capacity, with the least weighted fleet objective.
//
// A list schedule: tours in an order, each takes the option and the least
// delay that fit beside the ones before it (and the held uses), the cheapest
// under its weight. Every order is tried for small fleets; larger ones start
// from priority order and improve it by moving one tour at a time while that
// lowers the total. tests/unit/fleet compares it with a MILP (CBC).
import { Ledger, shift } from "./occupancy";
import { weightOf, type FleetInstance, type FleetSchedule, type FleetTour, type TourChoice } from "./types";

/** Fleets up to this size try every order (7! = 5040 list schedules). */
export const EXHAUSTIVE_MAX = 7;

export interface ScheduleOptions {
  /** List schedules to evaluate at most in the local search (larger fleets). */
  maxEvaluations?: number;
  /** Stop improving at this time (epoch ms). */
  deadlineMs?: number;
}

export function scheduleFleet(instance: FleetInstance, opts: ScheduleOptions = {}): FleetSchedule {
  const n = instance.tours.length;
  const start = priorityOrder(instance.tours);
  let best = listSchedule(instance, start);
  let order = start;
  if (n <= 1) return best;
  if (n <= EXHAUSTIVE_MAX) {
    for (const order of permutations(start)) {
      const s = listSchedule(instance, order, best.weighted);
      if (better(s, best)) best = s;
    }
    return best;
  }
  // Also first come, first served (by the first charge of each tour's own plan, within priority): where many
  // tours meet, the trucks that arrive first taking the points is often better. The local search starts from
  // the better of the two.
  const byArrival = priorityOrder(instance.tours, (t) => Math.min(Infinity, ...(t.options[0]?.uses.map((u) => u.startMs) ?? [])));
  const arrival = listSchedule(instance, byArrival);
  if (better(arrival, best)) (best = arrival), (order = byArrival);
  // Local search: move one tour to another place in the order while that helps.
  // Each evaluation is a list schedule of the whole fleet: bounded so 200 tours stay within a minute or so.
  const budget = opts.maxEvaluations ?? Math.max(500, Math.floor(400_000 / n));
  let evals = 0, improved = true;
  while (improved && evals < budget && !(opts.deadlineMs && Date.now() > opts.deadlineMs)) {
    improved = false;
    // Only tours that were delayed or moved off their own plan (or not placed: those first) can gain from going earlier.
    const movers = best.choices.map((c, i) => ({ c, i })).filter(({ c }) => c.delayMs > 0 || c.option !== 0)
      .sort((a, b) => Number(b.c.option < 0) - Number(a.c.option < 0));
    for (const { c } of movers) {
      const from = order.indexOf(c.id);
      for (let to = 0; to < from && evals < budget; to++) {
        const next = [...order];
        next.splice(to, 0, ...next.splice(from, 1));
        evals++;
        const s = listSchedule(instance, next, best.weighted);
        if (better(s, best)) {
          best = s;
          order = next;
          improved = true;
          break;
        }
      }
      if (improved) break;
    }
  }
  return best;
}

const better = (a: FleetSchedule, b: FleetSchedule) => a.unplaced.length < b.unplaced.length || (a.unplaced.length === b.unplaced.length && a.weighted < b.weighted - 1e-9);

/** Higher priority first, then by `key` (absent: the tour's order as given). */
function priorityOrder(tours: FleetTour[], key?: (t: FleetTour) => number): string[] {
  return tours.map((t, i) => ({ t, i, k: key ? key(t) : i }))
    .sort((a, b) => b.t.priority - a.t.priority || a.k - b.k || a.i - b.i).map(({ t }) => t.id);
}

/** Each tour in `order` takes its cheapest option at its least fitting delay. Stops early past `bound`. */
export function listSchedule(instance: FleetInstance, order: string[], bound = Infinity): FleetSchedule {
  const byId = new Map(instance.tours.map((t) => [t.id, t]));
  const ledger = new Ledger(instance.capacity, instance.held ?? []);
  const chosen = new Map<string, TourChoice>();
  let weighted = 0, total = 0;
  const unplaced: string[] = [];
  for (const id of order) {
    const t = byId.get(id)!;
    let pick: TourChoice | null = null;
    t.options.forEach((o, k) => {
      const d = ledger.firstFit(o.uses, instance.maxDelayMs);
      if (d === null) return;
      const objective = o.objective + (d / 60_000) * t.delayPerMin;
      if (!pick || objective < pick.objective - 1e-9) pick = { id, option: k, delayMs: d, objective };
    });
    const p = pick as TourChoice | null;
    if (!p) {
      unplaced.push(id);
      chosen.set(id, { id, option: -1, delayMs: 0, objective: t.options[0]?.objective ?? 0 });
      continue;
    }
    for (const u of shift(t.options[p.option].uses, p.delayMs)) ledger.add(u);
    chosen.set(id, p);
    weighted += weightOf(t) * p.objective;
    total += p.objective;
    if (weighted > bound + 1e-9) {
      // Cannot win against a schedule that placed every tour: the rest only adds.
      return { choices: [], weighted: Infinity, total: Infinity, unplaced: [...order] };
    }
  }
  return { choices: instance.tours.map((t) => chosen.get(t.id)!), weighted, total, unplaced };
}

function* permutations<T>(xs: T[]): Generator<T[]> {
  // Heap's algorithm, iterative.
  const a = [...xs], c = new Array(a.length).fill(0);
  yield [...a];
  let i = 0;
  while (i < a.length) {
    if (c[i] < i) {
      const j = i % 2 === 0 ? 0 : c[i];
      [a[j], a[i]] = [a[i], a[j]];
      yield [...a];
      c[i]++;
      i = 0;
    } else {
      c[i] = 0;
      i++;
    }
  }
}
