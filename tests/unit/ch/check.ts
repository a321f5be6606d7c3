// Checks one CH answer against an oracle's cost: same cost, and a path of input edges
// that really runs from source to target and weighs that much.
import type { ChQuery } from "@/engine/network/ch/query";
import type { RoadNetwork } from "@/engine/network/types";

export const close = (a: number, b: number) => a === b || Math.abs(a - b) <= 1e-6 * Math.abs(b);

/** A description of what is wrong, or null. */
export function checkPair(net: RoadNetwork, q: ChQuery, s: number, t: number, ref: number): string | null {
  const tag = `${s}->${t}`;
  const c = q.cost(s, t), r = q.route(s, t);
  if (!close(c, ref)) return `${tag}: cost ${c}, oracle ${ref}`;
  if (ref === Infinity) return r === null ? null : `${tag}: route to an unreachable target`;
  if (!r) return `${tag}: no route`;
  if (!close(r.cost, ref)) return `${tag}: route cost ${r.cost}, oracle ${ref}`;
  let at = s, sum = 0; // Float64 sum of the Float32 weights
  for (const e of r.edges) {
    if (!(e >= net.firstEdge[at] && e < net.firstEdge[at + 1])) return `${tag}: edge ${e} does not leave node ${at}`;
    sum += net.edgeTimeS[e];
    at = net.edgeTarget[e];
  }
  if (at !== t) return `${tag}: path ends at ${at}`;
  if (!close(sum, ref)) return `${tag}: path weighs ${sum}, oracle ${ref}`;
  return null;
}
