// A long text column of one row (a stored result or cost option is megabytes), read in parts with the
// event loop served in between: better-sqlite3 answers synchronously, and a 3 MB result read in one
// query held the web thread 25-35 ms. substr() and length() count characters alike on both databases.
import { nextTurn } from "../http/pace";
import { db } from "./client";

const PART_CHARS = 524_288;

type LongTextColumn = { table: "Optimization"; column: "result"; id: number } | { table: "OptimizationOption"; column: "result"; id: number; k: number };

function whereOf(at: LongTextColumn): string {
  // Integers only, written into the SQL as such.
  return at.table === "Optimization" ? `"id" = ${Math.trunc(at.id)}` : `"optimizationId" = ${Math.trunc(at.id)} AND "k" = ${Math.trunc(at.k)}`;
}

/** The column's text, or null where the row or its value is missing (also when the row goes away while it is read). */
export async function readLongText(at: LongTextColumn): Promise<string | null> {
  const from = `FROM "${at.table}" WHERE ${whereOf(at)}`;
  const [row] = await db().$queryRawUnsafe<{ n: number | bigint | null }[]>(`SELECT length("${at.column}") AS "n" ${from}`);
  if (!row || row.n === null) return null;
  const length = Number(row.n);
  const parts: string[] = [];
  for (let start = 1; start <= length; start += PART_CHARS) {
    if (start > 1) await nextTurn();
    const [part] = await db().$queryRawUnsafe<{ part: string | null }[]>(`SELECT substr("${at.column}", ${start}, ${PART_CHARS}) AS "part" ${from}`);
    if (part?.part == null) return null;
    parts.push(part.part);
  }
  return parts.join("");
}
