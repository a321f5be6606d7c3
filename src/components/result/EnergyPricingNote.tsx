// Where the energy's price came from, under the plan's cost: the depot's
// charging at the tenant's depot price, or that none is set (with the way to
// set one) instead of "0.00 EUR"; the public charging's price basis in words.
import { fmtMoney } from "./tolls";
import { kWhText, publicPricingText, type EnergyPricing } from "./energy-pricing";
import styles from "./result.module.css";

/** Where the energy's price came from: the depot's (or that none is set) and the public charging's basis. */
export function EnergyPricingNote({ pricing }: { pricing: EnergyPricing }) {
  const d = pricing.depot;
  const pub = publicPricingText(pricing.public);
  if (!d && !pub) return null;
  const setPrice = (
    <>
      {" "}
      <a href="/prices">Set your depot price</a>.
    </>
  );
  return (
    <ul className={styles.pricing} data-testid="energy-pricing">
      {d ? (
        <li data-testid="depot-energy">
          <strong>Depot charging: </strong>
          {kWhText(d.kWh)}
          {d.price === "tenant" ? (
            <>
              {d.perKWh != null ? ` at ${d.perKWh.toLocaleString("en-GB", { maximumFractionDigits: 4 })} EUR/kWh, your depot price` : " at your depot price"}: {fmtMoney(d.amount, "EUR")}.
            </>
          ) : d.price === "unset" ? (
            <>
              , depot price not set: {d.perKWh != null ? `${d.perKWh.toLocaleString("en-GB", { maximumFractionDigits: 4 })} EUR/kWh` : "an industrial price"} assumed, {fmtMoney(d.amount, "EUR")}.{setPrice}
            </>
          ) : (
            <>, depot price not set (0 EUR/kWh): not counted.{setPrice}</>
          )}
        </li>
      ) : null}
      {pub ? <li data-testid="public-energy">{pub}</li> : null}
    </ul>
  );
}
