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
import { figureFieldOf, figureInput, plainNumber, type FigureField } from "./draft";
import { fmtMoney } from "./format";
import styles from "./prices.module.css";
import { T } from "./text";
import type { PriceListState } from "./usePriceList";

const F = T.figures;
const ASSUMED: Record<FigureField, string> = {
  depot_energy_price_per_kWh: `${fmtMoney(DEPOT_PRICE.value, "EUR")}/kWh`,
  value_of_time_eur_per_h: `${fmtMoney(VALUE_OF_TIME_EUR_PER_H.value, "EUR")}/h`,
};

export function FiguresCard({ data, prices, admin, onSaved }: { data: PriceList; prices: PriceListState; admin: boolean; onSaved: (message: string) => void }) {
  return (
    <section className={`${manage.card} ${styles.figuresCard}`} aria-labelledby="figures-heading">
      <h2 id="figures-heading">{F.heading}</h2>
      {admin ? <FiguresForm data={data} prices={prices} onSaved={onSaved} /> : <FiguresText data={data} />}
    </section>
  );
}

function FiguresText({ data }: { data: PriceList }) {
  const depot = data.depot_energy_price_per_kWh, vot = data.value_of_time_eur_per_h;
  return (
    <dl className={styles.figures} data-testid="price-settings">
      <div>
        <dt>{F.depot}</dt>
        <dd>{depot != null ? `${fmtMoney(depot, "EUR")}/kWh` : F.notSet(ASSUMED.depot_energy_price_per_kWh)}</dd>
      </div>
      <div>
        <dt>{F.vot}</dt>
        <dd>{vot != null ? `${fmtMoney(vot, "EUR")}/h` : F.notSet(ASSUMED.value_of_time_eur_per_h)}</dd>
      </div>
    </dl>
  );
}

function FiguresForm({ data, prices, onSaved }: { data: PriceList; prices: PriceListState; onSaved: (message: string) => void }) {
  // null: untouched, showing the stored figure (which another change may have moved meanwhile).
  const requestErrors = useTranslations("requestErrors");
  const [typed, setTyped] = useState<Record<FigureField, string | null>>({ depot_energy_price_per_kWh: null, value_of_time_eur_per_h: null });
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnErrors(formRef, errors, "figures-form-errors");
  const shown = (f: FigureField) => typed[f] ?? (data[f] != null ? plainNumber(data[f]) : "");

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
      onSaved(T.status.figures);
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
    <form ref={formRef} className={`${manage.form} ${styles.figuresForm}`} onSubmit={submit} noValidate aria-label={F.heading}>
      <FormErrors id="figures-form-errors" errors={errors} />
      <div className={styles.figuresRow}>
        {field("depot_energy_price_per_kWh", F.depot, F.depotHint(ASSUMED.depot_energy_price_per_kWh))}
        {field("value_of_time_eur_per_h", F.vot, F.votHint(ASSUMED.value_of_time_eur_per_h))}
        <div className={styles.figuresSave}>
          <button type="submit" className={manage.buttonPrimary} disabled={prices.saving}>
            {prices.saving ? F.saving : F.save}
          </button>
        </div>
      </div>
    </form>
  );
}
