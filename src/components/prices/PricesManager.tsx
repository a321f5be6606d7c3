"use client";
// The tenant's charging prices as a table editor: its contracts with operators
// (add, edit, delete, import and export CSV, remove all), its depot's energy
// price and its value of time (GET|PUT /poi/prices). Every key reads them; only
// a tenant admin changes them (the server enforces it: FORBIDDEN). Every change
// saves the whole list through tRPC `set`, so the server's checks stay the one truth.
import { useTranslations } from "next-intl";
import { useDeferredValue, useMemo, useState } from "react";
import type { ContractPrice } from "@/contract/prices";
import manage from "@/components/fleet/manage.module.css";
import { browserZone } from "@/components/planner/form/time";
import planner from "@/components/planner/planner.module.css";
import { useSession } from "@/components/shell/AppShell";
import { momentText, useAppFormatter } from "@/i18n/format";
import { ContractDialog } from "./ContractDialog";
import { ContractsTable } from "./ContractsTable";
import { contractsCsv, csvFileName } from "./csv-export";
import { FiguresCard } from "./FiguresCard";
import { ImportDialog } from "./ImportDialog";
import styles from "./prices.module.css";
import { DeleteContract, RemoveAllContracts } from "./RemoveDialogs";
import { usePriceList } from "./usePriceList";

type Open =
  | { kind: "add" }
  | { kind: "edit"; contract: ContractPrice; index: number }
  | { kind: "delete"; contract: ContractPrice; index: number }
  | { kind: "removeAll" }
  | { kind: "import" }
  | null;

/** Does a contract match the filter text (operator, country, connector, note; case-insensitive)? */
const matches = (c: ContractPrice, q: string) => [c.operator, c.country, c.connector, c.note].some((v) => v?.toLowerCase().includes(q));

export function PricesManager() {
  const t = useTranslations("prices");
  const words = useTranslations("contract");
  const format = useAppFormatter();
  const session = useSession();
  const admin = session.role === "admin";
  const prices = usePriceList();
  const { list } = prices;
  const [open, setOpen] = useState<Open>(null);
  const [status, setStatus] = useState("");
  const [filter, setFilter] = useState("");
  const query = useDeferredValue(filter.trim().toLowerCase());
  const contracts = list.data?.contracts ?? null;
  const shown = useMemo(() => (contracts ?? []).flatMap((c, i) => (!query || matches(c, query) ? [i] : [])), [contracts, query]);

  const show = (o: Open) => {
    setStatus("");
    setOpen(o);
  };
  const done = (message: string) => {
    setOpen(null);
    setStatus(message);
  };

  function exportCsv() {
    const file = csvFileName(session.tenantName, new Date());
    const url = URL.createObjectURL(new Blob([contractsCsv(contracts ?? [])], { type: "text/csv;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = file;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    setStatus(t("exported", { file }));
  }

  return (
    <main className={manage.page}>
      <div className={manage.content}>
        <div className={manage.head}>
          <div>
            <h1>{t("heading")}</h1>
            <p>{t("intro", { tenant: session.tenantName })}</p>
            {list.data ? (
              <p className={styles.updated}>
                {list.data.updated_at
                  ? t.rich("updated", { when: momentText(format, list.data.updated_at, browserZone()), time: (when) => <time dateTime={list.data.updated_at!}>{when}</time> })
                  : t("neverSet")}
              </p>
            ) : null}
          </div>
        </div>
        {admin ? null : (
          <div className={manage.note} role="note">
            <p>
              <strong>{t("readOnlyTitle")}</strong> {t("readOnlyWhy")}
            </p>
          </div>
        )}
        <p className={manage.status} role="status">
          {status}
        </p>

        {list.isError ? (
          <p className={planner.formError} role="alert">
            {t("loadFailed", { message: list.error.message })}
          </p>
        ) : (
          <>
            {list.data ? <FiguresCard data={list.data} prices={prices} admin={admin} onSaved={setStatus} /> : null}
            <section aria-labelledby="contracts-heading">
              <div className={styles.sectionHead}>
                <h2 id="contracts-heading">
                  {t("contractsHeading")}
                  {contracts ? (
                    <span className={styles.count}>
                      {shown.length === contracts.length ? words("count", { count: contracts.length }) : t("shown", { shown: shown.length, all: contracts.length })}
                    </span>
                  ) : null}
                </h2>
                <div className={styles.toolbar}>
                  {admin ? (
                    <>
                      <button type="button" className={manage.buttonPrimary} onClick={() => show({ kind: "add" })} disabled={!contracts}>
                        {t("add")}
                      </button>
                      <button type="button" className={manage.button} onClick={() => show({ kind: "import" })} disabled={!contracts}>
                        {t("import")}
                      </button>
                    </>
                  ) : null}
                  <button type="button" className={manage.button} onClick={exportCsv} disabled={!contracts}>
                    {t("export")}
                  </button>
                  {admin ? (
                    <button type="button" className={styles.buttonDangerOutline} onClick={() => show({ kind: "removeAll" })} disabled={!contracts?.length}>
                      {t("removeAll")}
                    </button>
                  ) : null}
                </div>
              </div>
              <p className={styles.hint}>{t("contractsHint")}</p>
              {contracts && contracts.length > 5 ? (
                <div className={`${manage.form} ${styles.filter}`}>
                  <label htmlFor="contracts-filter">{t("filter")}</label>
                  <input id="contracts-filter" type="search" autoComplete="off" placeholder={t("filterHint")} value={filter} onChange={(e) => setFilter(e.target.value)} />
                </div>
              ) : null}
              <ContractsTable
                contracts={contracts}
                shown={shown}
                caption={t("caption", { tenant: session.tenantName })}
                empty={query ? t("noMatch", { query: filter.trim() }) : admin ? t("emptyAdmin") : t("emptyMember")}
                onEdit={admin ? (index) => show({ kind: "edit", contract: contracts![index], index }) : undefined}
                onDelete={admin ? (index) => show({ kind: "delete", contract: contracts![index], index }) : undefined}
                disabled={prices.saving}
              />
            </section>
          </>
        )}
      </div>

      {open?.kind === "add" || open?.kind === "edit" ? (
        <ContractDialog editing={open.kind === "edit" ? open : undefined} prices={prices} onClose={() => setOpen(null)} onSaved={done} />
      ) : null}
      {open?.kind === "import" ? <ImportDialog prices={prices} onClose={() => setOpen(null)} onSaved={done} /> : null}
      {open?.kind === "delete" ? <DeleteContract target={open} prices={prices} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.kind === "removeAll" ? <RemoveAllContracts count={contracts?.length ?? 0} prices={prices} onClose={() => setOpen(null)} onDone={done} /> : null}
    </main>
  );
}
