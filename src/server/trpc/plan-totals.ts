// The totals of stored results for the history list. A result is hundreds of kB (poi_list, the
// corridor's stations) and its totals come last: a page of 100 read whole is tens of MB through this
// thread (on SQLite the reads themselves run on it) and as much garbage. The database cuts each
// result at its totals instead, so a page brings some kB per plan into this process.
import type { PlanResult } from "../../contract/result";
import { db } from "../db/client";
import { databaseUrl, isPostgresUrl } from "../db/url";
import { valueEnd } from "../http/json-text";
import { pacer } from "../http/pace";

type Totals = PlanResult["totals"];

const KEY = '"totals":';
/** Totals are 1-2 kB; a cut this long that does not hold them all is read again whole. */
const CUT_CHARS = 16_384;
/** Results searched per query. */
const RESULTS_AT_ONCE = 2;

/** The JSON value that starts at `from`, or null where it does not end (a cut too short). */
function jsonValueAt(text: string, from: number): string | null {
  const end = valueEnd(text, from);
  return end < 0 ? null : text.slice(from, end);
}

/** A whole result's totals, parsed alone where they can be cut out. */
export function totalsOf(result: string | null): Totals | null {
  if (!result) return null;
  const at = result.indexOf(KEY);
  const text = at < 0 ? null : jsonValueAt(result, at + KEY.length);
  return text !== null ? parsed(text) : ((parsed(result) as PlanResult | null)?.totals ?? null);
}

/**
 * Each optimization's totals by id (the ids of one tenant's page), a few results per query with the
 * event loop served in between: on SQLite the search for the totals runs on this thread, some 3 ms
 * per result.
 */
export async function totalsById(ids: number[]): Promise<Map<number, Totals | null>> {
  const pace = pacer();
  const out = new Map<number, Totals | null>();
  for (let i = 0; i < ids.length; i += RESULTS_AT_ONCE) {
    for (const { id, cut, found } of await cutAtTotals(ids.slice(i, i + RESULTS_AT_ONCE))) {
      const text = cut !== null && Number(found) > 0 ? jsonValueAt(cut, 0) : null;
      if (text !== null) out.set(Number(id), parsed(text));
      else if (cut !== null) out.set(Number(id), totalsOf((await db().optimization.findUnique({ where: { id: Number(id) }, select: { result: true } }))?.result ?? null));
      else out.set(Number(id), null); // no result yet
    }
    await pace();
  }
  return out;
}

/** Each result from just after `"totals":` on, CUT_CHARS long, and where that key was found (0: nowhere). */
function cutAtTotals(ids: number[]) {
  // The one function the two databases name apart; the ids are the page's integers, written into the SQL as such.
  const find = isPostgresUrl(databaseUrl()) ? `strpos("result", '${KEY}')` : `instr("result", '${KEY}')`;
  return db().$queryRawUnsafe<{ id: number | bigint; cut: string | null; found: number | bigint | null }[]>(
    `SELECT "id", "found", substr("result", "found" + ${KEY.length}, ${CUT_CHARS}) AS "cut" ` +
      `FROM (SELECT "id", "result", ${find} AS "found" FROM "Optimization" WHERE "id" IN (${ids.map((id) => Math.trunc(id)).join(",")})) AS "page"`,
  );
}

function parsed(text: string): Totals | null {
  try {
    return JSON.parse(text) as Totals | null;
  } catch {
    return null; // a damaged result shows no totals, as before
  }
}
