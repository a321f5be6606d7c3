// What a plan link shows when the plan is not this tenant's or does not exist:
// the two are answered alike, as the API's 404 does, so ids of other tenants leak nothing.
import styles from "./history.module.css";

export function PlanNotFound({ id }: { id: string | number }) {
  return (
    <main className={styles.page} id="main">
      <div className={styles.inner}>
        <div className={styles.alert} role="alert">
          <h1>Plan not found</h1>
          <p>
            There is no plan #{String(id)} for your organisation. It may belong to another organisation, or the link is mistyped.
          </p>
          <p>
            <a href="/history">Back to the plan history</a>
          </p>
        </div>
      </div>
    </main>
  );
}
