// A contraction hierarchy as named arrays for a binary pack (writeNetworkPack's `extra`,
// loadPack's `arrays`), and back, with the checks a file read from disk needs.
import { NO_ARC, type ContractionHierarchy } from "./build";

const NAMES = [
  "rank",
  "fwdFirstOut", "fwdHead", "fwdWeight", "fwdHalf1", "fwdHalf2",
  "bwdFirstOut", "bwdHead", "bwdWeight", "bwdHalf1", "bwdHalf2",
] as const;
type Name = (typeof NAMES)[number];
type Typed = ContractionHierarchy[Name] | Uint32Array;

/** Where the core starts, as a one-element array; packs without it have no core. */
const CORE_START = "coreStart";

export function chToArrays(ch: ContractionHierarchy, prefix = "ch."): Record<string, Typed> {
  return { ...Object.fromEntries(NAMES.map((k) => [prefix + k, ch[k]])), [prefix + CORE_START]: Uint32Array.of(ch.coreStart) };
}

/** Throws unless the arrays form a hierarchy the query can walk without reading out of bounds. */
export function chFromArrays(arrays: Record<string, unknown>, edgeCount: number, prefix = "ch."): ContractionHierarchy {
  const get = <T>(k: Name, C: new (n: number) => T): T => {
    const a = arrays[prefix + k];
    if (!(a instanceof C)) throw new Error(`CH array ${prefix + k} missing or of wrong type`);
    return a;
  };
  const ch = {} as Record<Name, Typed>;
  for (const k of NAMES) ch[k] = k.endsWith("Weight") ? get(k, Float64Array) : get(k, Uint32Array);
  const n = ch.rank.length;
  const core = arrays[prefix + CORE_START];
  if (core !== undefined && !(core instanceof Uint32Array && core.length === 1 && core[0] <= n)) throw new Error(`CH array ${prefix + CORE_START} invalid`);
  const coreStart = core instanceof Uint32Array ? core[0] : n;
  const out = { nodeCount: n, coreStart, ...ch } as ContractionHierarchy;
  const seen = new Uint8Array(n);
  for (let v = 0; v < n; v++) {
    if (out.rank[v] >= n || seen[out.rank[v]]) throw new Error("CH rank is not a permutation");
    seen[out.rank[v]] = 1;
  }
  const fwdOwner = owners(out.fwdFirstOut, out.fwdHead.length, n, "fwd");
  const bwdOwner = owners(out.bwdFirstOut, out.bwdHead.length, n, "bwd");
  for (const side of ["fwd", "bwd"] as const) {
    const own = side === "fwd" ? fwdOwner : bwdOwner;
    const head = out[`${side}Head`], w = out[`${side}Weight`], h1 = out[`${side}Half1`], h2 = out[`${side}Half2`];
    if (w.length !== head.length || h1.length !== head.length || h2.length !== head.length) throw new Error(`CH ${side} arrays inconsistent`);
    for (let i = 0; i < head.length; i++) {
      const v = own[i], x = side === "fwd" ? v : head[i], y = side === "fwd" ? head[i] : v;
      // Upward, or between two core nodes (stored both ways).
      let ok = (head[i] > v || (v >= coreStart && head[i] >= coreStart && head[i] !== v)) && head[i] < n && w[i] >= 0 && w[i] < Infinity;
      // A shortcut x->y: halves x->m and m->y under one middle node m below the owner,
      // so unpacking always descends and ends.
      if (ok && h2[i] === NO_ARC) ok = h1[i] < edgeCount;
      else if (ok) {
        const a = h1[i], b = h2[i];
        ok = a < bwdOwner.length && b < fwdOwner.length && bwdOwner[a] === fwdOwner[b] && bwdOwner[a] < v
          && out.bwdHead[a] === x && out.fwdHead[b] === y;
      }
      if (!ok) throw new Error(`CH ${side} arc ${i} invalid`);
    }
  }
  return out;
}

/** Node each arc is stored under. */
function owners(first: Uint32Array, m: number, n: number, side: string): Uint32Array {
  if (first.length !== n + 1 || first[0] !== 0 || first[n] !== m) throw new Error(`CH ${side} CSR inconsistent`);
  const own = new Uint32Array(m);
  for (let v = 0; v < n; v++) {
    if (first[v] > first[v + 1]) throw new Error(`CH ${side} CSR not monotone`);
    own.fill(v, first[v], first[v + 1]);
  }
  return own;
}
