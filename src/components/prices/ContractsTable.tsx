"use client";
// The contracts as a table, each row with Edit and Delete for an admin. Below
// 900 px each row is a card (prices.module.css); the explicit roles keep the
// table's semantics for screen readers when CSS lays rows out as grids.
import { useTranslations } from "next-intl";
import type { ContractPrice } from "@/contract/prices";
import manage from "@/components/fleet/manage.module.css";
import planner from "@/components/planner/planner.module.css";
import { useAppFormatter } from "@/i18n/format";
import { currencyOf, fmtMoney, fmtPerMinute, fmtPowerRange } from "./format";
import styles from "./prices.module.css";

interface Props {
  /** null while loading. */
  contracts: readonly ContractPrice[] | null;
  /** The rows shown (indices into `contracts`: a filter keeps each contract's place in the list). */
  shown: readonly number[];
  caption: string;
  /** What to say when no row is shown. */
  empty: string;
  /** Without these the table is read-only. */
  onEdit?: (index: number) => void;
  onDelete?: (index: number) => void;
  disabled?: boolean;
}

// Each column's heading is contractsTable.column.<column>.
const COLUMNS = ["operator", "country", "connector", "power", "currency", "energy", "sessionFee", "perMinute", "note"] as const;
type Column = (typeof COLUMNS)[number];
/** Money columns: right-aligned, as figures read. */
const MONEY: ReadonlySet<Column> = new Set(["energy", "sessionFee", "perMinute"]);

export function ContractsTable({ contracts, shown, caption, empty, onEdit, onDelete, disabled }: Props) {
  const t = useTranslations("contractsTable");
  const editable = !!(onEdit && onDelete);
  const span = COLUMNS.length + (editable ? 1 : 0);
  return (
    <div className={`${manage.tableWrap} ${styles.wrap}`}>
      <table className={`${manage.table} ${styles.contracts}`} role="table" aria-busy={contracts === null || undefined}>
        <caption className={planner.srOnly}>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {COLUMNS.map((c) => (
              <th key={c} role="columnheader" scope="col" className={MONEY.has(c) ? manage.num : undefined}>
                {t(`column.${c}`)}
                {c === "energy" ? <span className={manage.sub}>{t("perKWh")}</span> : null}
              </th>
            ))}
            {editable ? (
              <th role="columnheader" scope="col" className={manage.actions}>
                <span className={planner.srOnly}>{t("actions")}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {contracts === null || shown.length === 0 ? (
            <tr role="row">
              <td role="cell" colSpan={span} className={manage.empty}>
                {contracts === null ? t("loading") : empty}
              </td>
            </tr>
          ) : (
            shown.map((i) => <ContractRow key={i} index={i} c={contracts[i]} onEdit={onEdit} onDelete={onDelete} disabled={disabled} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A cell's column name, shown only when the row is a card (the header row is hidden then). */
const Label = ({ text, unit }: { text: string; unit?: string }) => (
  <span className={styles.cellLabel} aria-hidden="true">
    {text}
    {unit ? <span className={styles.unit}> {unit}</span> : null}
  </span>
);

function ContractRow({ index, c, onEdit, onDelete, disabled }: { index: number; c: ContractPrice } & Pick<Props, "onEdit" | "onDelete" | "disabled">) {
  const t = useTranslations("contractsTable");
  const words = useTranslations("contract");
  const format = useAppFormatter();
  const currency = currencyOf(c);
  const perMinute = fmtPerMinute(words, format, c);
  const name = t("rowName", { number: index + 1, scope: [c.operator, c.country, c.connector].filter(Boolean).join(", ") });
  const label = (column: Column) => t(`column.${column}`);
  return (
    <tr role="row" data-contract={index}>
      <th role="rowheader" scope="row" className={styles.operator}>
        {c.operator}
      </th>
      <td role="cell" className={styles.nowrap}><Label text={label("country")} />{c.country ?? <span className={styles.any}>{words("anyCountry")}</span>}</td>
      <td role="cell"><Label text={label("connector")} />{c.connector ?? <span className={styles.any}>{t("anyConnector")}</span>}</td>
      <td role="cell" className={styles.nowrap}><Label text={label("power")} />{c.min_power_kW == null && c.max_power_kW == null ? <span className={styles.any}>{words("anyPower")}</span> : fmtPowerRange(words, format, c.min_power_kW, c.max_power_kW)}</td>
      <td role="cell"><Label text={label("currency")} />{currency}</td>
      <td role="cell" className={manage.num}><Label text={label("energy")} unit={t("perKWh")} /><strong>{fmtMoney(format, c.energy_price_per_kWh, currency)}</strong></td>
      <td role="cell" className={manage.num}><Label text={label("sessionFee")} />{c.session_fee ? fmtMoney(format, c.session_fee, currency) : <span className={styles.any}>{t("none")}</span>}</td>
      <td role="cell" className={manage.num}>
        <Label text={label("perMinute")} />
        {perMinute ? (
          <>
            {perMinute.price}
            {perMinute.after ? " " : null}
            {perMinute.after ? <span className={`${manage.sub} ${styles.after}`}>{perMinute.after}</span> : null}
          </>
        ) : (
          <span className={styles.any}>{t("none")}</span>
        )}
      </td>
      {/* An empty note is no card line (the table keeps its cell). */}
      <td role="cell" className={c.note ? styles.note : styles.noNote}>
        {c.note ? <Label text={label("note")} /> : null}
        {c.note ?? ""}
      </td>
      {onEdit && onDelete ? (
        <td role="cell" className={`${manage.actions} ${styles.rowActions}`}>
          <button type="button" className={manage.small} onClick={() => onEdit(index)} disabled={disabled}>
            {t("edit")}<span className={planner.srOnly}> {name}</span>
          </button>
          <button type="button" className={manage.smallDanger} onClick={() => onDelete(index)} disabled={disabled}>
            {t("delete")}<span className={planner.srOnly}> {name}</span>
          </button>
        </td>
      ) : null}
    </tr>
  );
}
