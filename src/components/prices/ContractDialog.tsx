"use client";
// Add or edit one contract in a dialog. Saving sends the whole list with this
// contract added or replaced (the form's text as typed: the server checks it),
// and the server's 422 for this contract lands at its fields.
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { PRICE_CURRENCIES, type ContractPrice } from "@/contract/prices";
import { Dialog } from "@/components/fleet/Dialog";
import { ariaFor, errorsOf, type FieldErrors } from "@/components/fleet/errors";
import manage from "@/components/fleet/manage.module.css";
import { Field } from "@/components/form/Field";
import { FormErrors, useFocusOnErrors } from "@/components/form/FormErrors";
import { useAppFormatter } from "@/i18n/format";
import { contractFieldOf, contractInput, draftOf, type ContractDraft, type ContractField } from "./draft";
import { decimalMark } from "./format";
import { indexOfContract, withAdded, withReplaced } from "./list";
import { figuresOf, type PriceListState } from "./usePriceList";

interface Props {
  /** The contract to edit and its row in the table; absent: a new contract, added at the end. */
  editing?: { contract: ContractPrice; index: number };
  prices: PriceListState;
  onClose: () => void;
  onSaved: (message: string) => void;
}

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { "data-autofocus"?: boolean };

export function ContractDialog({ editing, prices, onClose, onSaved }: Props) {
  const t = useTranslations("contractForm");
  const words = useTranslations("contract");
  const requestErrors = useTranslations("requestErrors");
  const format = useAppFormatter();
  const [d, setD] = useState<ContractDraft>(() => draftOf(editing?.contract, decimalMark(format)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnErrors(formRef, errors, "contract-form-errors");

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    const input = contractInput(d);
    let at = -1;
    try {
      const saved = await prices.save((current) => {
        if (!editing) {
          at = current.contracts.length;
          return { ...figuresOf(current), contracts: withAdded<unknown>(current.contracts, input) };
        }
        at = indexOfContract(current.contracts, editing.contract, editing.index);
        if (at < 0) throw new Error(words("gone"));
        return { ...figuresOf(current), contracts: withReplaced<unknown>(current.contracts, at, input) };
      });
      const operator = saved.contracts[at]?.operator ?? String(input.operator);
      onSaved(t(editing ? "edited" : "added", { operator }));
    } catch (err) {
      setErrors(errorsOf(requestErrors, err, contractFieldOf(at)));
    }
  }

  const set = (f: ContractField) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setD((x) => ({ ...x, [f]: e.target.value }));
  const id = (f: ContractField) => `contract-${f}`;
  /** A text field of the contract with its label, hint and the server's messages. */
  const text = (f: ContractField, label: string, hint?: string, extra: InputProps = {}) => (
    <Field id={id(f)} label={label} hint={hint} errors={errors[f]} required={f === "operator" || f === "energy_price_per_kWh"}>
      <input
        id={id(f)}
        type="text"
        autoComplete="off"
        value={d[f]}
        onChange={set(f)}
        aria-required={f === "operator" || f === "energy_price_per_kWh" || undefined}
        {...extra}
        {...ariaFor(id(f), errors[f], !!hint)}
      />
    </Field>
  );
  const decimal: InputProps = { inputMode: "decimal", spellCheck: false };
  const cur = d.currency || "EUR";

  return (
    <Dialog
      open
      title={editing ? t("editTitle", { operator: editing.contract.operator }) : t("addTitle")}
      onClose={onClose}
      dismissible={!prices.saving}
      footer={
        <>
          <button type="button" className={manage.button} onClick={onClose} disabled={prices.saving}>
            {t("cancel")}
          </button>
          <button type="submit" form="contract-form" className={manage.buttonPrimary} disabled={prices.saving}>
            {prices.saving ? t("saving") : editing ? t("save") : t("add")}
          </button>
        </>
      }
    >
      <form id="contract-form" ref={formRef} className={manage.form} onSubmit={submit} noValidate aria-label={editing ? t("editLabel") : t("addLabel")}>
        <FormErrors id="contract-form-errors" errors={errors} />
        <fieldset className={manage.fieldset}>
          <legend>{t("where")}</legend>
          {text("operator", t("operator"), t("operatorHint"), { "data-autofocus": true })}
          <div className={manage.grid}>
            {text("country", t("country"), t("countryHint"), { spellCheck: false, autoCapitalize: "characters" })}
            <Field id={id("connector")} label={t("connector")} errors={errors.connector}>
              <select id={id("connector")} value={d.connector} onChange={set("connector")} {...ariaFor(id("connector"), errors.connector)}>
                <option value="">{t("eitherConnector")}</option>
                <option value="CCS">CCS</option>
                <option value="MCS">MCS</option>
              </select>
            </Field>
            {text("min_power_kW", t("minPower"), t("powerHint"), decimal)}
            {text("max_power_kW", t("maxPower"), t("powerHint"), decimal)}
          </div>
        </fieldset>
        <fieldset className={manage.fieldset}>
          <legend>{t("prices")}</legend>
          <div className={manage.grid}>
            <Field id={id("currency")} label={t("currency")} hint={t("currencyHint")} errors={errors.currency}>
              <select id={id("currency")} value={cur} onChange={set("currency")} {...ariaFor(id("currency"), errors.currency, true)}>
                {PRICE_CURRENCIES.map((c) => (
                  <option key={c} value={c}>{c}</option>
                ))}
              </select>
            </Field>
            {text("energy_price_per_kWh", t("energy", { currency: cur }), undefined, decimal)}
            {text("session_fee", t("sessionFee", { currency: cur }), t("sessionFeeHint"), decimal)}
            {text("price_per_min", t("perMin", { currency: cur }), t("perMinHint"), decimal)}
            {text("per_min_after_min", t("afterMin"), t("afterMinHint"), { inputMode: "numeric", spellCheck: false })}
          </div>
        </fieldset>
        {text("note", t("note"), t("noteHint"))}
      </form>
    </Dialog>
  );
}
