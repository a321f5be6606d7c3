"use client";
// The contracts as a table, each row with Edit and Delete for an admin. Below
// 900 px each row is a card (prices.module.css); the explicit roles keep the
// table's semantics for screen readers when CSS lays rows out as grids.
import type { ContractPrice } from "@/contract/prices";
import manage from "@/components/fleet/manage.module.css";
import planner from "@/components/planner/planner.module.css";
import { currencyOf, fmtMoney, fmtPerMinute, fmtPowerRange } from "./format";
import styles from "./prices.module.css";
import { T } from "./text";

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

const C = T.table.columns;
const COLUMNS = [C.operator, C.country, C.connector, C.power, C.currency, C.energy, C.sessionFee, C.perMinute, C.note];
/** Money columns: right-aligned, as figures read. */
const MONEY: ReadonlySet<object> = new Set([C.energy, C.sessionFee, C.perMinute]);

export function ContractsTable({ contracts, shown, caption, empty, onEdit, onDelete, disabled }: Props) {
  const editable = !!(onEdit && onDelete);
  const span = COLUMNS.length + (editable ? 1 : 0);
  return (
    <div className={`${manage.tableWrap} ${styles.wrap}`}>
      <table className={`${manage.table} ${styles.contracts}`} role="table" aria-busy={contracts === null || undefined}>
        <caption className={planner.srOnly}>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {COLUMNS.map((c) => (
              <th key={c.label} role="columnheader" scope="col" className={MONEY.has(c) ? manage.num : undefined}>
                {c.label}
                {c.unit ? <span className={manage.sub}>{c.unit}</span> : null}
              </th>
            ))}
            {editable ? (
              <th role="columnheader" scope="col" className={manage.actions}>
                <span className={planner.srOnly}>{T.table.actions}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {contracts === null || shown.length === 0 ? (
            <tr role="row">
              <td role="cell" colSpan={span} className={manage.empty}>
                {contracts === null ? T.table.loading : empty}
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
  const currency = currencyOf(c);
  const perMinute = fmtPerMinute(c);
  const name = T.table.rowName(index, c);
  return (
    <tr role="row" data-contract={index}>
      <th role="rowheader" scope="row" className={styles.operator}>
        {c.operator}
      </th>
      <td role="cell" className={styles.nowrap}><Label text={C.country.label} />{c.country ?? <span className={styles.any}>{T.table.anyCountry}</span>}</td>
      <td role="cell"><Label text={C.connector.label} />{c.connector ?? <span className={styles.any}>{T.table.anyConnector}</span>}</td>
      <td role="cell" className={styles.nowrap}><Label text={C.power.label} />{c.min_power_kW == null && c.max_power_kW == null ? <span className={styles.any}>{T.table.anyPower}</span> : fmtPowerRange(c.min_power_kW, c.max_power_kW)}</td>
      <td role="cell"><Label text={C.currency.label} />{currency}</td>
      <td role="cell" className={manage.num}><Label text={C.energy.label} unit={C.energy.unit} /><strong>{fmtMoney(c.energy_price_per_kWh, currency)}</strong></td>
      <td role="cell" className={manage.num}><Label text={C.sessionFee.label} />{c.session_fee ? fmtMoney(c.session_fee, currency) : <span className={styles.any}>{T.table.none}</span>}</td>
      <td role="cell" className={manage.num}>
        <Label text={C.perMinute.label} />
        {perMinute ? (
          <>
            {perMinute.price}
            {perMinute.after ? " " : null}
            {perMinute.after ? <span className={`${manage.sub} ${styles.after}`}>{perMinute.after}</span> : null}
          </>
        ) : (
          <span className={styles.any}>{T.table.none}</span>
        )}
      </td>
      {/* An empty note is no card line (the table keeps its cell). */}
      <td role="cell" className={c.note ? styles.note : styles.noNote}>
        {c.note ? <Label text={C.note.label} /> : null}
        {c.note ?? ""}
      </td>
      {onEdit && onDelete ? (
        <td role="cell" className={`${manage.actions} ${styles.rowActions}`}>
          <button type="button" className={manage.small} onClick={() => onEdit(index)} disabled={disabled}>
            {T.table.edit}<span className={planner.srOnly}> {name}</span>
          </button>
          <button type="button" className={manage.smallDanger} onClick={() => onDelete(index)} disabled={disabled}>
            {T.table.delete}<span className={planner.srOnly}> {name}</span>
          </button>
        </td>
      ) : null}
    </tr>
  );
}
