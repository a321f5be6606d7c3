"use client";
// The tenant's charging prices: its contracts with operators, its depot's
// energy price and its value of time (GET|PUT /poi/prices). Every key reads
// them; a tenant admin replaces the contracts from CSV and sets the two figures
// (the server enforces it: FORBIDDEN).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import styles from "@/components/fleet/manage.module.css";
import planner from "@/components/planner/planner.module.css";
import { errorsOf, type FieldErrors } from "@/components/fleet/errors";
import { useSession } from "@/components/shell/AppShell";
import { useTRPC } from "@/components/trpc";

const CSV_HEADER = "operator;country;connector;min_power_kW;max_power_kW;currency;energy_price_per_kWh;session_fee;price_per_min;per_min_after_min;note";
const EXAMPLE = `${CSV_HEADER}\nIONITY;DE;;;;EUR;0.39;;;;framework contract 2026`;

/** 422 locations onto the form: a CSV line, the depot price, the value of time, or the whole form. */
function fieldOf(loc: (string | number)[]): string {
  const [, a] = loc;
  if (typeof a === "number") return "csv";
  if (a === "depot_energy_price_per_kWh" || a === "value_of_time_eur_per_h") return a;
  return "_form";
}

const num = (s: string) => (s.trim() === "" ? null : Number(s.replace(",", ".")));

export function PricesManager() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useSession();
  const admin = session.role === "admin";
  const list = useQuery(trpc.stations.prices.get.queryOptions());
  const [csv, setCsv] = useState("");
  const [depot, setDepot] = useState<string | null>(null);
  const [vot, setVot] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState("");
  const setCsvM = useMutation(trpc.stations.prices.setCsv.mutationOptions());
  const setM = useMutation(trpc.stations.prices.set.mutationOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.stations.prices.get.queryKey() });

  async function save(ev: React.FormEvent) {
    ev.preventDefault();
    setErrors({});
    setStatus("");
    const current = list.data;
    if (!current) return;
    try {
      const contracts = csv.trim() ? (await setCsvM.mutateAsync({ csv })).contracts : current.contracts;
      await setM.mutateAsync({
        contracts,
        depot_energy_price_per_kWh: depot === null ? current.depot_energy_price_per_kWh ?? null : num(depot),
        value_of_time_eur_per_h: vot === null ? current.value_of_time_eur_per_h ?? null : num(vot),
      });
      setCsv("");
      setStatus(`Saved: ${contracts.length} contract${contracts.length === 1 ? "" : "s"}.`);
      refresh();
    } catch (e) {
      setErrors(errorsOf(e, fieldOf));
    }
  }

  const d = list.data;
  return (
    <main className={styles.page}>
      <div className={styles.content}>
        <div className={styles.head}>
          <div>
            <h1>Charging prices</h1>
            <p>
              The prices {session.tenantName} pays: contracts with operators come before published list prices in every plan&apos;s cost and in the
              balanced and cheapest objectives. All figures net of VAT.
            </p>
          </div>
        </div>
        {admin ? null : (
          <div className={styles.note} role="note">
            <p><strong>Only a tenant admin can change the prices.</strong> You are signed in with a key whose role is <em>member</em>.</p>
          </div>
        )}
        <p className={styles.status} role="status">{status}</p>
        {list.isError ? (
          <p className={planner.formError} role="alert">The prices could not be loaded: {list.error.message}</p>
        ) : (
          <>
            <p data-testid="price-settings">
              Depot energy: {d?.depot_energy_price_per_kWh != null ? `${d.depot_energy_price_per_kWh} EUR/kWh` : "not set (0.2001 EUR/kWh assumed, marked estimated)"} ·
              Value of time: {d?.value_of_time_eur_per_h != null ? `${d.value_of_time_eur_per_h} EUR/h` : "not set (50 EUR/h)"}
            </p>
            <div className={styles.tableWrap}>
              <table className={styles.table} aria-busy={list.isPending || undefined}>
                <caption>Contracts of {session.tenantName}</caption>
                <thead>
                  <tr>
                    <th scope="col">Operator</th>
                    <th scope="col">Where</th>
                    <th scope="col">EUR/kWh</th>
                    <th scope="col">Session</th>
                    <th scope="col">Per minute</th>
                    <th scope="col">Note</th>
                  </tr>
                </thead>
                <tbody>
                  {list.isPending ? (
                    <tr><td colSpan={6} className={styles.empty}>Loading the prices…</td></tr>
                  ) : d!.contracts.length === 0 ? (
                    <tr><td colSpan={6} className={styles.empty}>No contracts: plans use published list prices.</td></tr>
                  ) : (
                    d!.contracts.map((c, i) => (
                      <tr key={i}>
                        <th scope="row">{c.operator}</th>
                        <td>{[c.country ?? "any country", c.connector, c.min_power_kW != null || c.max_power_kW != null ? `${c.min_power_kW ?? 0}-${c.max_power_kW ?? "…"} kW` : null].filter(Boolean).join(", ")}</td>
                        <td>{c.energy_price_per_kWh}{c.currency && c.currency !== "EUR" ? ` ${c.currency}` : ""}</td>
                        <td>{c.session_fee ?? 0}</td>
                        <td>{c.price_per_min ? `${c.price_per_min} after ${c.per_min_after_min ?? 0} min` : "–"}</td>
                        <td>{c.note ?? ""}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
          </>
        )}
        {admin && d ? (
          <form className={styles.form} onSubmit={save} aria-label="Set prices">
            <label htmlFor="prices-csv">Replace the contracts (CSV, comma or semicolon; leave empty to keep them)</label>
            <textarea id="prices-csv" rows={6} value={csv} placeholder={EXAMPLE} onChange={(e) => setCsv(e.target.value)}
              aria-invalid={errors.csv ? true : undefined} aria-describedby={errors.csv ? "prices-csv-error" : undefined} />
            {errors.csv ? <p id="prices-csv-error" className={planner.formError}>{errors.csv.join(" ")}</p> : null}
            <label htmlFor="depot-price">Depot energy price (EUR/kWh)</label>
            <input id="depot-price" type="number" inputMode="decimal" min={0} max={10} step={0.001}
              value={depot ?? (d.depot_energy_price_per_kWh ?? "")} onChange={(e) => setDepot(e.target.value)} />
            {errors.depot_energy_price_per_kWh ? <p className={planner.formError}>{errors.depot_energy_price_per_kWh.join(" ")}</p> : null}
            <label htmlFor="tenant-vot">Value of time (EUR/h)</label>
            <input id="tenant-vot" type="number" inputMode="decimal" min={0} max={1000} step={5}
              value={vot ?? (d.value_of_time_eur_per_h ?? "")} onChange={(e) => setVot(e.target.value)} />
            {errors.value_of_time_eur_per_h ? <p className={planner.formError}>{errors.value_of_time_eur_per_h.join(" ")}</p> : null}
            {errors._form ? <p className={planner.formError} role="alert">{errors._form.join(" ")}</p> : null}
            <button type="submit" disabled={setM.isPending || setCsvM.isPending}>Save prices</button>
          </form>
        ) : null}
      </div>
    </main>
  );
}
