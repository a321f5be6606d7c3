// The addresses of a stored plan: its page (the link shared within the
// tenant), its print view and its downloads (the formats of
// src/app/plans/[optimization_id]/export/route.ts).

export const planPath = (id: number) => `/plans/${id}`;
export const printPath = (id: number) => `/plans/${id}/print`;

export const PLAN_EXPORTS = [
  { format: "gpx", name: "GPX" },
  { format: "geojson", name: "GeoJSON" },
] as const;
export type PlanExportFormat = (typeof PLAN_EXPORTS)[number]["format"];

export const exportPath = (id: number, format: PlanExportFormat) => `/plans/${id}/export?format=${format}`;

/** The plan id of a plan page's path (/plans/12), else null. */
export function planIdOfPath(path: string): number | null {
  const m = /^\/plans\/(\d{1,10})\/?$/.exec(path);
  return m ? Number(m[1]) : null;
}
