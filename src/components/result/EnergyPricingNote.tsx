// Where the energy's price came from, under the plan's cost: the depot's
// charging at the tenant's depot price, or that none is set (with the way to
// set one) instead of "0.00 EUR"; the public charging's price basis in words.
import { useTranslations } from "next-intl";
import { displayLocale } from "@/components/planner/format";
import { fmtMoney } from "./tolls";
import { kWhText, publicPricingText, type EnergyPricing } from "./energy-pricing";
import styles from "./result.module.css";

/** Where the energy's price came from: the depot's (or that none is set) and the public charging's basis. */
export function EnergyPricingNote({ pricing }: { pricing: EnergyPricing }) {
  const t = useTranslations("energyPricing");
  const d = pricing.depot;
  const pub = publicPricingText(pricing.public, t);
  const rate = (perKWh: number) => perKWh.toLocaleString(displayLocale(), { maximumFractionDigits: 4 });
  if (!d && !pub) return null;
  const setPrice = (
    <>
      {" "}
      <a href="/prices">{t("setPrice")}</a>.
    </>
  );
  return (
    <ul className={styles.pricing} data-testid="energy-pricing">
      {d ? (
        <li data-testid="depot-energy">
          <strong>{t("depotCharging")}</strong>
          {kWhText(d.kWh)}
          {d.price === "tenant" ? (
            <>{t("tenantAmount", { priced: d.perKWh != null ? t("tenantRate", { rate: rate(d.perKWh) }) : t("tenant"), amount: fmtMoney(d.amount, "EUR") })}</>
          ) : d.price === "unset" ? (
            <>
              {t("unset", { price: d.perKWh != null ? `${rate(d.perKWh)} EUR/kWh` : t("industrialPrice"), amount: fmtMoney(d.amount, "EUR") })}
              {setPrice}
            </>
          ) : (
            <>
              {t("zero")}
              {setPrice}
            </>
          )}
        </li>
      ) : null}
      {pub ? <li data-testid="public-energy">{pub}</li> : null}
    </ul>
  );
}
