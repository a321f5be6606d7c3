"use client";
// Multi-select of charge point operators (stations.cpos): a filter box over a
// list of checkboxes, the chosen ones shown as removable chips.
import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useTRPC } from "@/components/trpc";
import styles from "./planner.module.css";

const SHOWN = 60;
const cpoId = (name: string) => `cpo-${encodeURIComponent(name).replace(/[^A-Za-z0-9_-]/g, "_")}`;

interface Props {
  value: string[];
  onChange: (v: string[]) => void;
  errors?: string[];
}

export function OperatorPicker({ value, onChange, errors }: Props) {
  const t = useTranslations("operatorPicker");
  const tField = useTranslations("field");
  const format = useFormatter();
  const trpc = useTRPC();
  const cpos = useQuery({ ...trpc.stations.cpos.queryOptions(), staleTime: 10 * 60_000 });
  const [filter, setFilter] = useState("");
  const matches = useMemo(() => {
    const f = filter.trim().toLowerCase();
    const all = cpos.data ?? [];
    return f ? all.filter((c) => c.name.toLowerCase().includes(f)) : all;
  }, [cpos.data, filter]);
  const selected = new Set(value);
  const toggle = (name: string) => onChange(selected.has(name) ? value.filter((v) => v !== name) : [...value, name]);

  return (
    <fieldset className={styles.subFieldset} aria-describedby={errors?.length ? "cpo-error" : undefined}>
      <legend>{t("legend")}</legend>
      {value.length ? (
        <ul className={styles.chips} aria-label={t("chosen")}>
          {value.map((v) => (
            <li key={v}>
              {v}
              <button type="button" onClick={() => toggle(v)} aria-label={t("remove", { name: v })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.hint}>{t("any")}</p>
      )}
      <label htmlFor="cpo-filter" className={styles.srOnly}>
        {t("filter")}
      </label>
      <input
        id="cpo-filter"
        type="search"
        placeholder={t("filterPlaceholder")}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        autoComplete="off"
        // The field focus goes to when the chosen operators are refused.
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? "cpo-error" : undefined}
      />
      <div className={styles.checkList} role="group" aria-label={t("list")}>
        {cpos.isPending ? <p className={styles.hint}>{t("loading")}</p> : null}
        {cpos.isError ? <p className={styles.error}>{t("loadError")}</p> : null}
        {matches.slice(0, SHOWN).map((c) => (
          <label key={c.name} className={styles.check} htmlFor={cpoId(c.name)}>
            <input id={cpoId(c.name)} type="checkbox" checked={selected.has(c.name)} onChange={() => toggle(c.name)} />
            <span className={styles.checkText}>{c.name}</span>
            <span className={styles.count}>{format.number(c.station_count)}</span>
          </label>
        ))}
        {matches.length > SHOWN ? <p className={styles.hint}>{t("more", { count: matches.length - SHOWN })}</p> : null}
        {cpos.data && matches.length === 0 ? <p className={styles.hint}>{t("noMatch")}</p> : null}
      </div>
      {errors?.length ? (
        <p id="cpo-error" className={styles.error}>
          <span className={styles.srOnly}>{tField("error")} </span>
          {errors.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}
