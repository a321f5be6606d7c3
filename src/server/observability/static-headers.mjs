// @ts-check
// The security headers that do not depend on the request, and the map's tile URL
// as the page is built with it. Plain JavaScript because next.config.mjs loads
// it without a compiler; typed by JSDoc and checked by tsc like the rest.

/** Same default and rule as components/map/PlanMap.tsx: unset -> OpenStreetMap, "" or "none" -> no tiles. */
export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/**
 * The tile URL template the map uses. The page inlines NEXT_PUBLIC_TILE_URL when
 * it is built, so next.config.mjs captures this value at build time too
 * (PLANNER_BUILD_TILE_URL) and proxy.ts builds the policy from that.
 * @param {string | undefined} [value]
 * @returns {string}
 */
export function tileUrlTemplate(value = process.env.NEXT_PUBLIC_TILE_URL) {
  return value === undefined ? DEFAULT_TILE_URL : value === "none" ? "" : value;
}

/**
 * Headers that do not depend on the request: next.config.mjs sends them on every path.
 * @type {{ key: string; value: string }[]}
 */
export const STATIC_SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];
