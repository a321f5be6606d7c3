"use client";
// Every plan of the tenant, newest first, a page at a time: reopen one, plan
// it again with changes, or pick two to compare side by side. Words from the
// catalogs ("history", "historySummary").
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { fmtDuration, fmtKm, fmtNum } from "@/components/planner/format";
import { useSession } from "@/components/shell/AppShell";
import { useTRPC } from "@/components/trpc";
import { FleetDays } from "./FleetDays";
import styles from "./history.module.css";
import { fmtDate, isFinal, routeTitle, statusText } from "./summary";

const PAGE_SIZE = 20;

export function HistoryPage({ initialPage }: { initialPage: number }) {
  const t = useTranslations("history");
  const ts = useTranslations("historySummary");
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
            <h1>{t("heading")}</h1>
            <p className={styles.lead}>{t.rich("lead", { tenant: session.tenantName, link: (chunks) => <a href="#fleet-days">{chunks}</a> })}</p>
          </div>
          <a className={styles.btnPrimary} href="/">
            {t("planNew")}
          </a>
        </div>

        <section className={styles.card} aria-labelledby="plans-heading">
          <div className={styles.cardHead}>
            <h2 id="plans-heading">{t("plansHeading")}</h2>
            <div className={styles.selectBar}>
              <span className={styles.muted} role="status" aria-live="polite">
                {selected.length === 2 ? t("selectedTwo", { a: String(selected[0]), b: String(selected[1]) }) : t("selectTwo", { count: selected.length })}
              </span>
              <button type="button" className={styles.btn} disabled={selected.length !== 2} onClick={compare}>
                {t("compareSelected")}
              </button>
            </div>
          </div>
          {list.isPending ? (
            <p className={styles.empty} role="status">
              {t("loading")}
            </p>
          ) : list.isError ? (
            <p className={styles.empty} role="alert">
              {t("loadFailed", { message: list.error.message })}
            </p>
          ) : list.data.plans.length === 0 && list.data.total > 0 ? (
            <p className={styles.empty}>
              {t("noPage", { page })}{" "}
              <button type="button" className={styles.btn} onClick={() => setPage(1)}>
                {t("showNewest")}
              </button>
            </p>
          ) : list.data.plans.length === 0 ? (
            <p className={styles.empty}>
              {t.rich("empty", { link: (chunks) => <a href="/">{chunks}</a> })}
            </p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="history-table">
                <caption className={styles.srOnly}>{t("caption", { page, pages })}</caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <span className={styles.srOnly}>{t("colCompare")}</span>
                    </th>
                    <th scope="col">{t("colPlanned")}</th>
                    <th scope="col">{t("colRoute")}</th>
                    <th scope="col">{t("colVehicle")}</th>
                    <th scope="col">{t("colStatus")}</th>
                    <th scope="col" className={styles.num}>{t("colDistance")}</th>
                    <th scope="col" className={styles.num}>{t("colDuration")}</th>
                    <th scope="col" className={styles.num}>{t("colEnergy")}</th>
                    <th scope="col" className={styles.num}>{t("colChargingStops")}</th>
                    <th scope="col">
                      <span className={styles.srOnly}>{t("colActions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.plans.map((p) => {
                    const on = selected.includes(p.optimization_id);
                    const totals = p.totals;
                    const id = String(p.optimization_id);
                    return (
                      <tr key={p.optimization_id} className={on ? styles.rowSelected : undefined} data-plan-id={p.optimization_id}>
                        <td>
                          <input
                            type="checkbox"
                            id={`select-${p.optimization_id}`}
                            checked={on}
                            onChange={(e) => toggle(p.optimization_id, e.target.checked)}
                            aria-label={t("selectPlan", { id })}
                          />
                        </td>
                        <td>
                          {fmtDate(p.created_at)}
                          <span className={styles.sub}>#{p.optimization_id}</span>
                        </td>
                        <td>
                          <a className={styles.link} href={`/plans/${p.optimization_id}`}>
                            {routeTitle(p, ts)}
                          </a>
                          {p.points.length > 2 ? <span className={styles.sub}>{t("via", { stops: p.points.slice(1, -1).map((x) => x.label).join(", ") })}</span> : null}
                        </td>
                        <td>{p.vehicle_name}</td>
                        <td>
                          <span className={`${styles.status} ${styles[`st_${p.status}`]}`}>{statusText(p.status, ts)}</span>
                          {p.error ? <span className={styles.sub}>{p.error}</span> : null}
                        </td>
                        <td className={styles.num}>{totals ? fmtKm(totals.distance_m) : "–"}</td>
                        <td className={styles.num}>{totals ? fmtDuration(totals.duration_min) : "–"}</td>
                        <td className={styles.num}>{totals ? fmtNum(totals.energy_kWh, "kWh") : "–"}</td>
                        <td className={styles.num}>{totals ? totals.charging_stops : "–"}</td>
                        <td>
                          <span className={styles.actions}>
                            <a className={styles.link} href={`/plans/${p.optimization_id}`} aria-label={t("openLabel", { id })}>
                              {t("open")}
                            </a>
                            <a className={styles.link} href={`/?from=${p.optimization_id}`} aria-label={t("replanLabel", { id })}>
                              {t("replan")}
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
            <nav className={styles.pager} aria-label={t("pages")}>
              <button type="button" className={styles.btn} disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t("newer")}
              </button>
              <span>
                {t("pageOf", { page, pages, total: list.data.total })}
              </span>
              <button type="button" className={styles.btn} disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t("older")}
              </button>
            </nav>
          ) : null}
        </section>

        <FleetDays />
      </div>
    </main>
  );
}
