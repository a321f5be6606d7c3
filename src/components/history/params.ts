// Ids from the URL: a plan id is a positive 32-bit integer (as the API's path
// parameter); anything else is answered as "not found", never as an error page.
export function planId(raw: string | string[] | undefined): number | null {
  const s = Array.isArray(raw) ? raw[0] : raw;
  if (!s || !/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;
export type PlanParams = Promise<{ optimization_id: string }>;
