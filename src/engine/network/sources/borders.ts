// Cutting lines where they cross a border, so every piece lies in one country.
import { haversineM } from "../../geo";
import type { Pt } from "./lines";

export type CountryAt = (lat: number, lon: number) => string | null;

export interface Piece {
  line: Pt[];
  country: string | null;
  /** Country across the border at the start / end, when the piece was cut there. */
  fromCountry?: string | null;
  toCountry?: string | null;
}

// Sampling step along segments: borders crossed and re-crossed within it go unseen.
const STEP_M = 500;

const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/**
 * Splits a line at every border it crosses (found by sampling, then bisection).
 * Points outside all countries (sea, bridges) count as the country before them.
 */
export function splitByCountry(line: Pt[], countryAt: CountryAt): Piece[] {
  // Samples: (segment, t, label).
  const samples: { s: number; t: number; c: string | null }[] = [];
  for (let s = 0; s + 1 < line.length; s++) {
    const a = line[s], b = line[s + 1];
    const n = Math.max(1, Math.ceil(haversineM(a[1], a[0], b[1], b[0]) / STEP_M));
    for (let k = 0; k < n; k++) samples.push({ s, t: k / n, c: null });
  }
  samples.push({ s: line.length - 2, t: 1, c: null });
  for (const x of samples) { const p = lerp(line[x.s], line[x.s + 1], x.t); x.c = countryAt(p[1], p[0]); }
  const first = samples.find((x) => x.c !== null)?.c ?? null;
  let prev = first;
  for (const x of samples) { if (x.c === null) x.c = prev; prev = x.c; }

  const pieces: Piece[] = [];
  let cur: Pt[] = [line[0]];
  for (let i = 1; i < samples.length; i++) {
    const x0 = samples[i - 1], x1 = samples[i];
    if (x1.c !== x0.c) {
      // Bisect between the two samples (same segment, or x1 at the start of the next one).
      const a = line[x0.s], b = line[x0.s + 1];
      let lo = x0.t, hi = x1.s === x0.s ? x1.t : 1;
      for (let k = 0; k < 18; k++) {
        const mid = (lo + hi) / 2, p = lerp(a, b, mid);
        if ((countryAt(p[1], p[0]) ?? x0.c) === x0.c) lo = mid; else hi = mid;
      }
      const cut = lerp(a, b, (lo + hi) / 2);
      cur.push(cut);
      pieces.push({ line: cur, country: x0.c, toCountry: x1.c });
      cur = [cut];
    }
    if (x1.t === 0 || (x1.t === 1 && i === samples.length - 1)) cur.push(x1.t === 0 ? line[x1.s] : line[line.length - 1]);
  }
  pieces.push({ line: cur, country: prev });
  for (let i = 1; i < pieces.length; i++) pieces[i].fromCountry = pieces[i - 1].country;
  return pieces.filter((p) => p.line.length >= 2);
}
