// The contracts as the CSV the import (and PUT /poi/prices with text/csv) reads:
// a header of every field name, comma-separated, RFC 4180 quoting, CRLF, with a
// byte order mark so that spreadsheet programs read it as UTF-8 (the reader skips it).
import type { ContractPrice } from "@/contract/prices";
import { CONTRACT_FIELDS, plainNumber } from "./draft";

/** Quoted when it holds a delimiter (either: the reader guesses it), a quote or a line end. */
function cell(v: string | number | null | undefined): string {
  if (v == null) return "";
  const s = typeof v === "number" ? plainNumber(v) : v;
  return /[",;\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function contractsCsv(contracts: readonly ContractPrice[]): string {
  const lines = [CONTRACT_FIELDS.join(","), ...contracts.map((c) => CONTRACT_FIELDS.map((f) => cell(c[f])).join(","))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** "charging-contracts-acme-2026-11-28.csv": the tenant and the day, safe in any file system. */
export function csvFileName(tenant: string, now: Date): string {
  const safe = tenant.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "tenant";
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  return `charging-contracts-${safe}-${day}.csv`;
}
