"use client";
// Import contracts from CSV text or a file: the server reads it first (tRPC
// stations.prices.checkCsv: every line checked, nothing stored) and its problems
// show at their lines; then the page shows what the import changes, and saving
// sends the whole new list with `set`, as every edit does.
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import type { ContractPrice } from "@/contract/prices";
import { Dialog } from "@/components/fleet/Dialog";
import { errorsOf } from "@/components/fleet/errors";
import manage from "@/components/fleet/manage.module.css";
import { Field } from "@/components/form/Field";
import planner from "@/components/planner/planner.module.css";
import { validationDetails } from "@/components/planner/errors";
import { useTRPC } from "@/components/trpc";
import { useAppFormatter } from "@/i18n/format";
import { describeChange, describeContract } from "./format";
import { diffContracts, type ContractChanges } from "./list";
import styles from "./prices.module.css";
import { figuresOf, type PriceListState } from "./usePriceList";

type Mode = "replace" | "append";
/** A problem of the CSV: at a line of the text (null: the whole file), in a column if one is named. */
interface Problem {
  line: number | null;
  column: string | number | null;
  msg: string;
}

type ImportT = ReturnType<typeof useTranslations<"importContracts">>;

/** Problems and changes listed at most; the rest are counted. */
const LIST_MAX = 30;

/** The server's 422 details of a CSV as problems at their lines (its `line` is the text's line, from 1). */
function problemsOf(err: unknown): Problem[] | null {
  const details = validationDetails(err);
  if (!details?.length) return null;
  return details.map((d) => {
    const line = (d as { line?: unknown }).line;
    return { line: typeof line === "number" ? line : null, column: d.loc.length > 2 ? d.loc[2] : null, msg: d.msg };
  });
}

/** Where a problem is: "Line 3, column “energy_price_per_kWh”", "Line 2, column 4", "The file". */
export function problemPlace(t: ImportT, p: Pick<Problem, "line" | "column">): string {
  const line = p.line == null ? t("wholeFile") : t("line", { line: p.line });
  if (p.column == null) return line;
  return `${line}, ${typeof p.column === "number" ? t("columnNumber", { number: p.column + 1 }) : t("columnName", { name: p.column })}`;
}

/** What an import changes, with the list's size after it: "1 new, 1 changed. 2 contracts after saving."; "" for no change. */
export function changeSummary(t: ImportT, d: ContractChanges, after: number): string {
  const parts = (["added", "changed", "removed"] as const).flatMap((k) => (d[k].length ? [t(`summaryPart.${k}`, { count: d[k].length })] : []));
  if (!parts.length) return "";
  if (d.unchanged) parts.push(t("summaryPart.unchanged", { count: d.unchanged }));
  return t("summary", { changes: parts.join(", "), after });
}

export function ImportDialog({ prices, onClose, onSaved }: { prices: PriceListState; onClose: () => void; onSaved: (message: string) => void }) {
  const t = useTranslations("importContracts");
  const requestErrors = useTranslations("requestErrors");
  const trpc = useTRPC();
  const [text, setText] = useState("");
  const [mode, setMode] = useState<Mode>("replace");
  /** The contracts the server read from `text` (stale once the text changes). */
  const [checked, setChecked] = useState<{ text: string; contracts: ContractPrice[] } | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const check = useMutation(trpc.stations.prices.checkCsv.mutationOptions());
  const textRef = useRef<HTMLTextAreaElement>(null);
  const current = prices.list.data?.contracts ?? [];
  const read = checked && checked.text === text ? checked.contracts : null;
  const next = read ? (mode === "replace" ? read : [...current, ...read]) : null;
  const pending = check.isPending || prices.saving;

  function edit(value: string) {
    setText(value);
    setProblems([]);
    setFormError(null);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setFormError(null);
    if (read) return save(read);
    if (!text.trim()) {
      setFormError(t("emptyText"));
      textRef.current?.focus();
      return;
    }
    setProblems([]);
    try {
      setChecked({ text, contracts: (await check.mutateAsync({ csv: text })).contracts });
    } catch (err) {
      const found = problemsOf(err);
      if (found) {
        setProblems(found);
        textRef.current?.focus();
      } else setFormError(errorsOf(requestErrors, err, () => "_form")._form.join(" "));
    }
  }

  async function save(contracts: ContractPrice[]) {
    try {
      const saved = await prices.save((cur) => ({ ...figuresOf(cur), contracts: mode === "replace" ? contracts : [...cur.contracts, ...contracts] }));
      onSaved(t("imported", { count: contracts.length, total: saved.contracts.length }));
    } catch (err) {
      setFormError(errorsOf(requestErrors, err, () => "_form")._form.join(" "));
    }
  }

  const lines = problems.length ? text.split(/\r\n|\r|\n/) : [];
  const describedBy = ["import-csv-hint", problems.length ? "import-csv-error" : ""].filter(Boolean).join(" ");
  return (
    <Dialog
      open
      title={t("title")}
      onClose={onClose}
      dismissible={!pending}
      footer={
        <>
          <button type="button" className={manage.button} onClick={onClose} disabled={prices.saving}>
            {t("cancel")}
          </button>
          <button type="submit" form="import-form" className={manage.buttonPrimary} disabled={pending}>
            {check.isPending ? t("checking") : prices.saving ? t("saving") : read ? t(mode === "replace" ? "saveReplace" : "saveAppend", { count: read.length }) : t("check")}
          </button>
        </>
      }
    >
      <form id="import-form" className={`${manage.form} ${styles.importForm}`} onSubmit={submit} noValidate aria-label={t("label")}>
        {formError ? (
          <p className={planner.formError} role="alert">
            {formError}
          </p>
        ) : null}
        <Field id="import-csv" label={t("text")} hint={t("textHint")}>
          <textarea
            id="import-csv"
            ref={textRef}
            rows={8}
            spellCheck={false}
            value={text}
            onChange={(e) => edit(e.target.value)}
            aria-invalid={problems.length > 0 || undefined}
            aria-describedby={describedBy}
          />
        </Field>
        {problems.length ? <ProblemList problems={problems} lines={lines} /> : null}
        <Field id="import-file" label={t("file")}>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              if (f) edit(await f.text());
            }}
          />
        </Field>
        <fieldset className={manage.fieldset}>
          <legend>{t("mode")}</legend>
          {(["replace", "append"] as const).map((m) => (
            <label key={m} className={manage.radio}>
              <input type="radio" name="import-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
              <span>
                {t(m)}
                <span className={manage.sub}>{t(`${m}Hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {read && next ? <Preview read={read.length} before={current} after={next} /> : null}
      </form>
    </Dialog>
  );
}

/** The server's problems, each at its line with the line's text. */
function ProblemList({ problems, lines }: { problems: Problem[]; lines: string[] }) {
  const t = useTranslations("importContracts");
  return (
    <div id="import-csv-error" className={styles.problems}>
      <p>
        <span className={planner.srOnly}>{t("error")} </span>
        {t("problems", { count: problems.length })}
      </p>
      <ul>
        {problems.slice(0, LIST_MAX).map((p, i) => (
          <li key={i}>
            <strong>{problemPlace(t, p)}</strong>: {p.msg}
            {p.line != null && lines[p.line - 1] != null ? <code className={styles.lineText}>{lines[p.line - 1].slice(0, 160)}</code> : null}
          </li>
        ))}
        {problems.length > LIST_MAX ? <li>{t("more", { count: problems.length - LIST_MAX })}</li> : null}
      </ul>
    </div>
  );
}

/** What saving would change, against the list as it is now. */
function Preview({ read, before, after }: { read: number; before: readonly ContractPrice[]; after: readonly ContractPrice[] }) {
  const t = useTranslations("importContracts");
  const words = useTranslations("contract");
  const format = useAppFormatter();
  const d = diffContracts(before, after);
  const rows = [
    ...d.added.map((c) => ({ kind: "added" as const, text: describeContract(words, format, c) })),
    ...d.changed.map((c) => ({ kind: "changed" as const, text: describeChange(words, format, c.from, c.to) })),
    ...d.removed.map((c) => ({ kind: "removed" as const, text: describeContract(words, format, c) })),
  ];
  return (
    <section className={styles.preview} aria-labelledby="import-preview-heading">
      <h3 id="import-preview-heading">{t("read", { count: read })}</h3>
      <p role="status" data-testid="import-summary">
        {changeSummary(t, d, after.length) || t("noChange")}
      </p>
      {rows.length ? (
        <ul className={styles.changes} aria-label={t("changes")}>
          {rows.slice(0, LIST_MAX).map((r, i) => (
            <li key={i}>
              <span className={styles[r.kind]}>{t(`kinds.${r.kind}`)}</span> {r.text}
            </li>
          ))}
          {rows.length > LIST_MAX ? <li>{t("more", { count: rows.length - LIST_MAX })}</li> : null}
        </ul>
      ) : null}
    </section>
  );
}
