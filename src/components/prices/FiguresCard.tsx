"use client";
// The depot's energy price and the tenant's value of time: a small form for an
// admin, the figures as text for everyone else. Empty is "not set": the plan
// then uses the documented assumption (engine/cost/price-table.ts).
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import type { PriceList } from "@/contract/prices";
import { DEPOT_PRICE, VALUE_OF_TIME_EUR_PER_H } from "@/engine/cost/price-table";
import { ariaFor, errorsOf, type FieldErrors } from "@/components/fleet/errors";
import manage from "@/components/fleet/manage.module.css";
import { Field } from "@/components/form/Field";
import { FormErrors, useFocusOnErrors } from "@/components/form/FormErrors";
import { useAppFormatter, type AppFormatter } from "@/i18n/format";
import { figureFieldOf, figureInput, formNumber, type FigureField } from "./draft";
import { decimalMark, fmtMoney } from "./format";
import styles from "./prices.module.css";
import type { PriceListState } from "./usePriceList";

/** A figure with its unit: "€0.17/kWh", "55,00 €/h". */
const figureText = (format: AppFormatter, f: FigureField, value: number) => `${fmtMoney(format, value, "EUR")}/${f === "depot_energy_price_per_kWh" ? "kWh" : "h"}`;

/** What a plan assumes for a figure that is not set (engine/cost/price-table.ts). */
const assumed = (format: AppFormatter, f: FigureField) =>
  figureText(format, f, f === "depot_energy_price_per_kWh" ? DEPOT_PRICE.value : VALUE_OF_TIME_EUR_PER_H.value);

export function FiguresCard({ data, prices, admin, onSaved }: { data: PriceList; prices: PriceListState; admin: boolean; onSaved: (message: string) => void }) {
  const t = useTranslations("priceFigures");
  return (
    <section className={`${manage.card} ${styles.figuresCard}`} aria-labelledby="figures-heading">
      <h2 id="figures-heading">{t("heading")}</h2>
      {admin ? <FiguresForm data={data} prices={prices} onSaved={onSaved} /> : <FiguresText data={data} />}
    </section>
  );
}

function FiguresText({ data }: { data: PriceList }) {
  const t = useTranslations("priceFigures");
  const format = useAppFormatter();
  const shown = (f: FigureField) => {
    const v = data[f];
    return v != null ? figureText(format, f, v) : t("notSet", { assumed: assumed(format, f) });
  };
  return (
    <dl className={styles.figures} data-testid="price-settings">
      <div>
        <dt>{t("depot")}</dt>
        <dd>{shown("depot_energy_price_per_kWh")}</dd>
      </div>
      <div>
        <dt>{t("vot")}</dt>
        <dd>{shown("value_of_time_eur_per_h")}</dd>
      </div>
    </dl>
  );
}

function FiguresForm({ data, prices, onSaved }: { data: PriceList; prices: PriceListState; onSaved: (message: string) => void }) {
  const t = useTranslations("priceFigures");
  const requestErrors = useTranslations("requestErrors");
  const format = useAppFormatter();
  // null: untouched, showing the stored figure (which another change may have moved meanwhile).
  const [typed, setTyped] = useState<Record<FigureField, string | null>>({ depot_energy_price_per_kWh: null, value_of_time_eur_per_h: null });
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnErrors(formRef, errors, "figures-form-errors");
  const shown = (f: FigureField) => typed[f] ?? (data[f] != null ? formNumber(data[f], decimalMark(format)) : "");

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      await prices.save((current) => ({
        contracts: current.contracts,
        depot_energy_price_per_kWh: typed.depot_energy_price_per_kWh === null ? (current.depot_energy_price_per_kWh ?? null) : figureInput(typed.depot_energy_price_per_kWh),
        value_of_time_eur_per_h: typed.value_of_time_eur_per_h === null ? (current.value_of_time_eur_per_h ?? null) : figureInput(typed.value_of_time_eur_per_h),
      }));
      setTyped({ depot_energy_price_per_kWh: null, value_of_time_eur_per_h: null });
      onSaved(t("saved"));
    } catch (err) {
      setErrors(errorsOf(requestErrors, err, figureFieldOf));
    }
  }

  const field = (f: FigureField, label: string, hint: string) => (
    <Field id={`figure-${f}`} label={label} hint={hint} errors={errors[f]}>
      <input
        id={`figure-${f}`}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={shown(f)}
        onChange={(e) => setTyped((x) => ({ ...x, [f]: e.target.value }))}
        {...ariaFor(`figure-${f}`, errors[f], true)}
      />
    </Field>
  );

  return (
    <form ref={formRef} className={`${manage.form} ${styles.figuresForm}`} onSubmit={submit} noValidate aria-label={t("heading")}>
      <FormErrors id="figures-form-errors" errors={errors} />
      <div className={styles.figuresRow}>
        {field("depot_energy_price_per_kWh", t("depot"), t("depotHint", { assumed: assumed(format, "depot_energy_price_per_kWh") }))}
        {field("value_of_time_eur_per_h", t("vot"), t("votHint", { assumed: assumed(format, "value_of_time_eur_per_h") }))}
        <div className={styles.figuresSave}>
          <button type="submit" className={manage.buttonPrimary} disabled={prices.saving}>
            {prices.saving ? t("saving") : t("save")}
          </button>
        </div>
      </div>
    </form>
  );
}
