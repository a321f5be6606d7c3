"use client";
// Every plan of the tenant, newest first, a page at a time: reopen one, plan
// it again with changes, or pick two to compare side by side.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { fmtDuration, fmtKm, fmtNum } from "@/components/planner/format";
import { useSession } from "@/components/shell/AppShell";
import { useTRPC } from "@/components/trpc";
import { FleetDays } from "./FleetDays";
import styles from "./history.module.css";
import { fmtDate, isFinal, routeTitle, STATUS_TEXT } from "./summary";

const PAGE_SIZE = 20;

export function HistoryPage({ initialPage }: { initialPage: number }) {
  const trpc = useTRPC();
  const router = useRouter();
  const session = useSession();
  const [page, setPage] = useState(initialPage);
  const [selected, setSelected] = useState<number[]>([]);
  const list = useQuery({
    ...trpc.history.list.queryOptions({ page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // Plans still queued or running finish while the page is open.
    refetchInterval: (q) => (q.state.data?.plans.some((p) => !isFinal(p.status)) ? 2000 : false),
  });

  // The page number lives in the URL so a page of the history can be linked and reloaded.
  useEffect(() => {
    const url = page > 1 ? `/history?page=${page}` : "/history";
    if (window.location.pathname + window.location.search !== url) window.history.replaceState(null, "", url);
  }, [page]);

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s, id].slice(-2) : s.filter((x) => x !== id)));
  // Older plan as A, newer as B: differences read as "what changed since".
  const compare = () => {
    const [a, b] = [...selected].sort((x, y) => x - y);
    router.push(`/compare?a=${a}&b=${b}`);
  };

  return (
    <main className={styles.page} id="main">
      <div className={styles.inner}>
        <div className={styles.head}>
          <div>
            <h1>Plan history</h1>
            <p className={styles.lead}>Every tour planned for {session.tenantName}, newest first; days of tours planned together are under <a href="#fleet-days">Fleet days</a>.</p>
          </div>
          <a className={styles.btnPrimary} href="/">
            Plan a new tour
          </a>
        </div>

        <section className={styles.card} aria-labelledby="plans-heading">
          <div className={styles.cardHead}>
            <h2 id="plans-heading">Plans</h2>
            <div className={styles.selectBar}>
              <span className={styles.muted} role="status" aria-live="polite">
                {selected.length === 2 ? `Plans #${selected.join(" and #")} selected.` : `Select two plans to compare (${selected.length} of 2).`}
              </span>
              <button type="button" className={styles.btn} disabled={selected.length !== 2} onClick={compare}>
                Compare selected
              </button>
            </div>
          </div>
          {list.isPending ? (
            <p className={styles.empty} role="status">
              Loading plans…
            </p>
          ) : list.isError ? (
            <p className={styles.empty} role="alert">
              The history could not be loaded: {list.error.message}
            </p>
          ) : list.data.plans.length === 0 && list.data.total > 0 ? (
            <p className={styles.empty}>
              There is no page {page}.{" "}
              <button type="button" className={styles.btn} onClick={() => setPage(1)}>
                Show the newest plans
              </button>
            </p>
          ) : list.data.plans.length === 0 ? (
            <p className={styles.empty}>
              No plans yet. <a href="/">Plan a tour</a> and it will be listed here.
            </p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="history-table">
                <caption className={styles.srOnly}>Plans, newest first; page {page} of {pages}</caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <span className={styles.srOnly}>Compare</span>
                    </th>
                    <th scope="col">Planned</th>
                    <th scope="col">Route</th>
                    <th scope="col">Vehicle</th>
                    <th scope="col">Status</th>
                    <th scope="col" className={styles.num}>Distance</th>
                    <th scope="col" className={styles.num}>Duration</th>
                    <th scope="col" className={styles.num}>Energy</th>
                    <th scope="col" className={styles.num}>Charging stops</th>
                    <th scope="col">
                      <span className={styles.srOnly}>Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.plans.map((p) => {
                    const on = selected.includes(p.optimization_id);
                    const t = p.totals;
                    return (
                      <tr key={p.optimization_id} className={on ? styles.rowSelected : undefined} data-plan-id={p.optimization_id}>
                        <td>
                          <input
                            type="checkbox"
                            id={`select-${p.optimization_id}`}
                            checked={on}
                            onChange={(e) => toggle(p.optimization_id, e.target.checked)}
                            aria-label={`Select plan #${p.optimization_id} for comparison`}
                          />
                        </td>
                        <td>
                          {fmtDate(p.created_at)}
                          <span className={styles.sub}>#{p.optimization_id}</span>
                        </td>
                        <td>
                          <a className={styles.link} href={`/plans/${p.optimization_id}`}>
                            {routeTitle(p)}
                          </a>
                          {p.points.length > 2 ? <span className={styles.sub}>via {p.points.slice(1, -1).map((x) => x.label).join(", ")}</span> : null}
                        </td>
                        <td>{p.vehicle_name}</td>
                        <td>
                          <span className={`${styles.status} ${styles[`st_${p.status}`]}`}>{STATUS_TEXT[p.status]}</span>
                          {p.error ? <span className={styles.sub}>{p.error}</span> : null}
                        </td>
                        <td className={styles.num}>{t ? fmtKm(t.distance_m) : "–"}</td>
                        <td className={styles.num}>{t ? fmtDuration(t.duration_min) : "–"}</td>
                        <td className={styles.num}>{t ? fmtNum(t.energy_kWh, "kWh") : "–"}</td>
                        <td className={styles.num}>{t ? t.charging_stops : "–"}</td>
                        <td>
                          <span className={styles.actions}>
                            <a className={styles.link} href={`/plans/${p.optimization_id}`} aria-label={`Open plan #${p.optimization_id}`}>
                              Open
                            </a>
                            <a className={styles.link} href={`/?from=${p.optimization_id}`} aria-label={`Re-plan #${p.optimization_id} with changes`}>
                              Re-plan
                            </a>
                          </span>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {list.data && list.data.total > PAGE_SIZE ? (
            <nav className={styles.pager} aria-label="Pages">
              <button type="button" className={styles.btn} disabled={page <= 1} onClick={() => setPage(page - 1)}>
                ← Newer
              </button>
              <span>
                Page {page} of {pages} · {list.data.total} plans
              </span>
              <button type="button" className={styles.btn} disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Older →
              </button>
            </nav>
          ) : null}
        </section>

        <FleetDays />
      </div>
    </main>
  );
}
