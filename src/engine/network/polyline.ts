// HERE Flexible Polyline, precision 5 (~1 m), 2D: the wire format for route geometry.
import { ABSENT, decode, encode } from "@here/flexpolyline";

export function encodePolyline(coords: [number, number][]): string {
  return encode({ polyline: coords, precision: 5, thirdDim: ABSENT, thirdDimPrecision: 0 });
}

/** Accepts any precision; a third dimension, if present, is dropped. */
export function decodePolyline(s: string): [number, number][] {
  return decode(s).polyline.map((p) => [p[0], p[1]] as [number, number]);
}
