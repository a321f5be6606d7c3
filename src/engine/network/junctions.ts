// Junction-only graph: a run of vertices that only pass the road on (two neighbours, the same road
// attributes, speed and climb direction on both sides) becomes one edge whose shape keeps their points.
// Of the OSM packs' vertices 94-96 % are such shape points: routing, the hierarchy and path unpacking
// then work on junctions, and geometry is read from the edge (network/shape.ts).
import { column } from "./columns";
import { edgeTails } from "./shape";
import type { EdgeShapes, RoadNetwork } from "./types";

/** The network with its pass-through vertices folded into edge shapes; a network that has shapes already is returned as it is. */
export function contractChains(net: RoadNetwork): RoadNetwork {
  if (net.shapes) return net;
  const { nodeCount: n, firstEdge, edgeTarget } = net;
  const tail = edgeTails(net);
  const passes = passThroughVertices(net, tail);
  // Follows the road on from edge e (into a pass-through vertex) to the next edge.
  const onward = (e: number) => {
    const v = edgeTarget[e];
    for (let k = firstEdge[v]; k < firstEdge[v + 1]; k++) if (edgeTarget[k] !== tail[e]) return k;
    return -1;
  };
  keepLoopEnds(net, passes, onward);

  const newId = new Int32Array(n).fill(-1);
  let kept = 0;
  for (let v = 0; v < n; v++) if (!passes[v]) newId[v] = kept++;
  const attrs = net.attributes, z = net.nodeElevationM;
  const nodeLat = new Float64Array(kept), nodeLon = new Float64Array(kept);
  const nodeElevationM = z ? new Int16Array(kept) : undefined;
  for (let v = 0; v < n; v++) {
    const i = newId[v];
    if (i < 0) continue;
    nodeLat[i] = net.nodeLat[v]; nodeLon[i] = net.nodeLon[v];
    if (nodeElevationM) nodeElevationM[i] = z![v];
  }

  const firstOut = new Uint32Array(kept + 1);
  const first = column(Uint32Array), lat = column(Float64Array), lon = column(Float64Array), elev = column(Float64Array);
  first.push(0); first.push(0); // shape 0: empty
  const target = column(Uint32Array), lengthM = column(Float32Array), timeS = column(Float32Array), origin = column(Uint32Array);
  const ascent = column(Float64Array), descent = column(Float64Array), ofEdge = column(Int32Array);
  const shapeOf = new Int32Array(n).fill(-1);
  for (let u = 0; u < n; u++) {
    if (passes[u]) continue;
    for (let e0 = firstEdge[u]; e0 < firstEdge[u + 1]; e0++) {
      let len = 0, time = 0, up = 0, down = 0, e = e0;
      const firstPass = edgeTarget[e0];
      const fresh = passes[firstPass] && shapeOf[firstPass] < 0;
      const s = fresh ? first.length - 1 : 0;
      for (;;) {
        len += net.edgeLengthM[e]; time += net.edgeTimeS[e];
        if (attrs) { up += attrs.ascentM[e]; down += attrs.descentM[e]; }
        const v = edgeTarget[e];
        if (!passes[v]) break;
        if (fresh) {
          shapeOf[v] = s;
          lat.push(net.nodeLat[v]); lon.push(net.nodeLon[v]);
          if (z) elev.push(z[v]);
        }
        e = onward(e);
      }
      if (fresh) first.push(lat.length);
      target.push(newId[edgeTarget[e]]); lengthM.push(len); timeS.push(time); ascent.push(up); descent.push(down); origin.push(e0);
      // The second walk of a two-way road meets its shape from the other end.
      ofEdge.push(!passes[firstPass] ? 0 : fresh ? s : ~shapeOf[firstPass]);
      firstOut[newId[u] + 1]++;
    }
  }
  for (let i = 0; i < kept; i++) firstOut[i + 1] += firstOut[i];
  const edges = target.length, from = origin.done();
  const pick = <T extends Uint8Array | Int32Array>(a: T): T => {
    const out = new (a.constructor as new (k: number) => T)(edges);
    for (let k = 0; k < edges; k++) out[k] = a[from[k]];
    return out;
  };
  const shapes: EdgeShapes = {
    first: first.done(), lat: lat.done(), lon: lon.done(), ofEdge: ofEdge.done(),
    ...(z ? { elevationM: Int16Array.from(elev.done()) } : {}),
  };
  return {
    id: net.id, version: net.version, attribution: net.attribution,
    nodeCount: kept, edgeCount: edges, nodeLat, nodeLon, firstEdge: firstOut,
    edgeTarget: target.done(), edgeLengthM: lengthM.done(), edgeTimeS: timeS.done(), edgeClass: pick(net.edgeClass),
    ...(attrs ? {
      attributes: {
        ...attrs, flags: pick(attrs.flags), country: pick(attrs.country), maxspeedKmh: pick(attrs.maxspeedKmh),
        ascentM: Float32Array.from(ascent.done()), descentM: Float32Array.from(descent.done()), ref: pick(attrs.ref), name: pick(attrs.name),
      },
    } : {}),
    ...(nodeElevationM ? { nodeElevationM } : {}),
    ...(net.bounds ? { bounds: net.bounds } : {}),
    shapes,
  };
}

/**
 * Vertices that only pass one road on: one way in from p and out to q, or both ways between p and q,
 * each direction's two edges alike (class, link, country, limit, ref, name, speed, and climbing or
 * falling alike, so that an edge's climb stays one slope as the energy model reads it).
 */
function passThroughVertices(net: RoadNetwork, tail: Uint32Array): Uint8Array {
  const { nodeCount: n, firstEdge, edgeTarget } = net;
  const inFirst = new Uint32Array(n + 1);
  for (let e = 0; e < net.edgeCount; e++) inFirst[edgeTarget[e] + 1]++;
  for (let v = 0; v < n; v++) inFirst[v + 1] += inFirst[v];
  const inEdge = new Uint32Array(net.edgeCount), fill = inFirst.slice(0, n);
  for (let e = 0; e < net.edgeCount; e++) inEdge[fill[edgeTarget[e]]++] = e;
  const alike = edgesAlike(net);
  const passes = new Uint8Array(n);
  for (let v = 0; v < n; v++) {
    const o = firstEdge[v], outs = firstEdge[v + 1] - o, i = inFirst[v], ins = inFirst[v + 1] - i;
    if (outs === 1 && ins === 1) {
      const p = tail[inEdge[i]], q = edgeTarget[o];
      passes[v] = p !== q && p !== v && q !== v && alike(inEdge[i], o) ? 1 : 0;
    } else if (outs === 2 && ins === 2) {
      const q1 = edgeTarget[o], q2 = edgeTarget[o + 1];
      if (q1 === q2 || q1 === v || q2 === v) continue;
      const from1 = tail[inEdge[i]] === q1 ? inEdge[i] : tail[inEdge[i + 1]] === q1 ? inEdge[i + 1] : -1;
      const from2 = tail[inEdge[i]] === q2 ? inEdge[i] : tail[inEdge[i + 1]] === q2 ? inEdge[i + 1] : -1;
      if (from1 < 0 || from2 < 0 || from1 === from2) continue;
      passes[v] = alike(from1, o + 1) && alike(from2, o) ? 1 : 0;
    }
  }
  return passes;
}

function edgesAlike(net: RoadNetwork): (a: number, b: number) => boolean {
  const a = net.attributes;
  const climb = (e: number) => (a ? Math.sign(a.ascentM[e] - a.descentM[e]) : 0);
  const speed = (e: number) => net.edgeLengthM[e] / net.edgeTimeS[e];
  return (x, y) => {
    if (net.edgeClass[x] !== net.edgeClass[y] || Math.abs(speed(x) - speed(y)) > 1e-6 * speed(x)) return false;
    if (!a) return true;
    return a.flags[x] === a.flags[y] && a.country[x] === a.country[y] && a.maxspeedKmh[x] === a.maxspeedKmh[y]
      && a.ref[x] === a.ref[y] && a.name[x] === a.name[y] && climb(x) === climb(y);
  };
}

/**
 * A road that leaves a junction and comes back to it without meeting another (a loop), or a ring
 * with no junction at all, keeps one of its vertices, so that no edge runs from a node to itself.
 */
function keepLoopEnds(net: RoadNetwork, passes: Uint8Array, onward: (e: number) => number): void {
  const { nodeCount: n, firstEdge, edgeTarget } = net;
  for (let changed = true; changed; ) {
    changed = false;
    const seen = new Uint8Array(n);
    const run: number[] = [];
    for (let u = 0; u < n; u++) {
      if (passes[u]) continue;
      for (let e0 = firstEdge[u]; e0 < firstEdge[u + 1]; e0++) {
        run.length = 0;
        let e = e0;
        // A pass-through vertex's neighbours are its road's: a walk entered from a junction ends at one.
        for (; passes[edgeTarget[e]]; e = onward(e)) { run.push(edgeTarget[e]); seen[edgeTarget[e]] = 1; }
        if (run.length && edgeTarget[e] === u) { passes[run[run.length >> 1]] = 0; changed = true; }
      }
    }
    if (!changed) for (let v = 0; v < n && !changed; v++) if (passes[v] && !seen[v]) { passes[v] = 0; changed = true; }
  }
}
