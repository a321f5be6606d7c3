// Small spherical helpers shared by every stage. Distances in metres.
export const EARTH_RADIUS_M = 6_371_008.8;

export type LatLon = [lat: number, lon: number];

const RAD = Math.PI / 180;

export function haversineM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Nearest point on segment a-b to p, in a local equirectangular projection
 * (accurate to well under a metre for segments of a few km).
 * Returns the point, the fraction t along the segment and the distance in metres.
 */
export function nearestOnSegment(
  pLat: number, pLon: number,
  aLat: number, aLon: number,
  bLat: number, bLon: number,
): { lat: number; lon: number; t: number; distanceM: number } {
  const kx = Math.cos(pLat * RAD);
  const ax = (aLon - pLon) * kx, ay = aLat - pLat;
  const bx = (bLon - pLon) * kx, by = bLat - pLat;
  const dx = bx - ax, dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const lat = aLat + (bLat - aLat) * t;
  const lon = aLon + (bLon - aLon) * t;
  return { lat, lon, t, distanceM: haversineM(pLat, pLon, lat, lon) };
}

/** Initial great-circle bearing from one point to another ([lat, lon] order, as path coords), degrees clockwise from north in [0, 360). */
export function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = lat1 * RAD, p2 = lat2 * RAD, dl = (lon2 - lon1) * RAD;
  const y = Math.sin(dl) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
  const deg = Math.atan2(y, x) / RAD;
  return deg < 0 ? deg + 360 : deg;
}
