// Turn-by-turn actions from the road refs and names along a path. Only packs
// built from data with refs or names (OSM) have anything to say.
import { EDGE_LINK, type RoadNetwork } from "./types";

export interface TurnAction {
  action: "depart" | "continue" | "exit" | "arrive";
  instruction: string;
  /** Road ref or name, null where the data has none. */
  road: string | null;
  length_m: number;
  /** Index of the network edge within the section where the action starts. */
  offset: number;
}

/** Stretches shorter than this (a roundabout, a bridge name) merge into the road before them. */
const MERGE_BELOW_M = 300;

interface Run { label: string | null; link: boolean; lengthM: number; first: number }

const km = (m: number) => (m >= 10_000 ? `${Math.round(m / 1000)} km` : m >= 1000 ? `${(m / 1000).toFixed(1)} km` : `${Math.round(m / 10) * 10} m`);

/** `lengthsM`: the metres driven on each edge (a section that starts or ends on an edge drives part of it); whole edges without. */
export function turnByTurn(net: RoadNetwork, edges: readonly number[], lengthsM?: readonly number[]): TurnAction[] | null {
  const attrs = net.attributes;
  if (!attrs || edges.length === 0) return null;
  const label = (e: number) => {
    const i = attrs.ref[e] >= 0 ? attrs.ref[e] : attrs.name[e];
    return i >= 0 ? attrs.strings[i] : null;
  };
  const runs: Run[] = [];
  edges.forEach((e, i) => {
    const run = runs[runs.length - 1];
    // A ramp is announced by where it leads, so its own name does not split it.
    const link = (attrs.flags[e] & EDGE_LINK) !== 0, l = link ? null : label(e);
    const m = lengthsM ? lengthsM[i] : net.edgeLengthM[e];
    if (run && run.label === l && run.link === link) run.lengthM += m;
    else runs.push({ label: l, link, lengthM: m, first: i });
  });
  if (!runs.some((r) => r.label)) return null;
  // Fold short unlabelled pieces into their predecessor, then rejoin equal neighbours.
  const merged: Run[] = [];
  for (const r of runs) {
    const prev = merged[merged.length - 1];
    if (prev && ((!r.link && r.lengthM < MERGE_BELOW_M) || (prev.label === r.label && prev.link === r.link))) prev.lengthM += r.lengthM;
    else merged.push({ ...r });
  }
  const actions: TurnAction[] = [];
  merged.forEach((r, i) => {
    const next = merged.slice(i + 1).find((x) => !x.link);
    if (r.link) {
      const to = next?.label;
      actions.push({ action: "exit", road: to ?? null, length_m: Math.round(r.lengthM), offset: r.first, instruction: to ? `take the exit to ${to}` : "take the exit" });
      return;
    }
    const on = r.label ? ` on ${r.label}` : "";
    actions.push({
      action: i === 0 ? "depart" : "continue",
      road: r.label,
      length_m: Math.round(r.lengthM),
      offset: r.first,
      instruction: `${i === 0 ? "head" : "continue"}${on} for ${km(r.lengthM)}`,
    });
  });
  actions.push({ action: "arrive", road: null, length_m: 0, offset: edges.length, instruction: "arrive at the destination" });
  return actions;
}
