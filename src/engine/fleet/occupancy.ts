// Site occupancy: how many trucks stand on a site at each moment, the
// conflicts (more than the capacity) and the first delay that fits a plan in.
import type { SiteUse } from "./types";

/** The uses of each site, kept for counting overlaps. */
export class Ledger {
  private bySite = new Map<string, SiteUse[]>();

  constructor(private readonly capacity: ReadonlyMap<string, number>, uses: SiteUse[] = []) {
    for (const u of uses) this.add(u);
  }

  capacityOf(site: string): number {
    return this.capacity.get(site) ?? 1;
  }

  add(u: SiteUse): void {
    if (!(u.endMs > u.startMs)) return;
    const list = this.bySite.get(u.site);
    if (list) list.push(u);
    else this.bySite.set(u.site, [u]);
  }

  uses(site: string): readonly SiteUse[] {
    return this.bySite.get(site) ?? [];
  }

  /** Whether one more truck fits on `site` throughout [startMs, endMs). */
  fits(site: string, startMs: number, endMs: number): boolean {
    const cap = this.capacityOf(site);
    const over = this.uses(site).filter((u) => u.startMs < endMs && u.endMs > startMs);
    if (over.length < cap) return true;
    // Most trucks at once within the span: the count just after each start inside it.
    const points = [startMs, ...over.map((u) => u.startMs).filter((t) => t > startMs && t < endMs)];
    return points.every((t) => over.filter((u) => u.startMs <= t && u.endMs > t).length < cap);
  }

  /** Spans of `site` where it is full, merged, within [fromMs, toMs). */
  fullSpans(site: string, fromMs = -Infinity, toMs = Infinity): [number, number][] {
    const cap = this.capacityOf(site);
    const events = this.uses(site).flatMap((u) => [[u.startMs, 1], [u.endMs, -1]] as [number, number][]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const out: [number, number][] = [];
    let n = 0, since = 0;
    for (const [t, d] of events) {
      const before = n;
      n += d;
      if (before < cap && n >= cap) since = t;
      if (before >= cap && n < cap && t > since) {
        const a = Math.max(since, fromMs), b = Math.min(t, toMs);
        if (b > a) {
          if (out.length && out[out.length - 1][1] >= a) out[out.length - 1][1] = Math.max(out[out.length - 1][1], b);
          else out.push([a, b]);
        }
      }
    }
    return out;
  }

  /**
   * The least delay (>= 0, <= maxDelayMs) that fits every use shifted by it; null when none does.
   * The least is 0 or puts some use's start at some use's end on its site (occupancy only falls there).
   */
  firstFit(uses: SiteUse[], maxDelayMs: number): number | null {
    const candidates = new Set<number>([0]);
    for (const u of uses) for (const o of this.uses(u.site)) {
      const d = o.endMs - u.startMs;
      if (d > 0 && d <= maxDelayMs) candidates.add(d);
    }
    for (const d of [...candidates].sort((a, b) => a - b)) {
      if (uses.every((u) => this.fits(u.site, u.startMs + d, u.endMs + d))) return d;
    }
    return null;
  }
}

export const shift = (uses: SiteUse[], d: number): SiteUse[] => uses.map((u) => ({ site: u.site, startMs: u.startMs + d, endMs: u.endMs + d }));

export interface Conflict {
  site: string;
  startMs: number;
  endMs: number;
  /** Trucks on the site over the span (more than its capacity). */
  trucks: number;
  capacity: number;
  /** Which tours stand there then. */
  tours: string[];
}

/** Every span where a site holds more trucks than its capacity, with the tours there. */
export function conflicts(uses: (SiteUse & { tour: string })[], capacity: ReadonlyMap<string, number>): Conflict[] {
  const bySite = new Map<string, (SiteUse & { tour: string })[]>();
  for (const u of uses) if (u.endMs > u.startMs) bySite.set(u.site, [...(bySite.get(u.site) ?? []), u]);
  const out: Conflict[] = [];
  for (const [site, list] of bySite) {
    const cap = capacity.get(site) ?? 1;
    const times = [...new Set(list.flatMap((u) => [u.startMs, u.endMs]))].sort((a, b) => a - b);
    for (let i = 0; i + 1 < times.length; i++) {
      const [a, b] = [times[i], times[i + 1]];
      const here = list.filter((u) => u.startMs <= a && u.endMs >= b);
      if (here.length <= cap) continue;
      const tours = [...new Set(here.map((u) => u.tour))].sort();
      const last = out[out.length - 1];
      if (last && last.site === site && last.endMs === a && last.tours.join() === tours.join()) last.endMs = b;
      else out.push({ site, startMs: a, endMs: b, trucks: here.length, capacity: cap, tours });
    }
  }
  return out;
}
