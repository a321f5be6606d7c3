"use client";
// What can be done with a stored plan from wherever it is shown (the planner's
// result, the plan page): open its page, copy its link, share it through the
// device's share sheet (Web Share API, where the browser has one; Copy link
// otherwise), print it, download it. The link opens for anyone signed in to
// the same tenant.
import { useTranslations } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";
import { useSession } from "@/components/shell/AppShell";
import { ExportMenu } from "./ExportMenu";
import { planPath, printPath } from "./plan-links";
import styles from "./plan-share.module.css";

type Status = "copied" | "shared" | "copy-refused";

const STATUS_KEY = { copied: "copied", shared: "shared", "copy-refused": "copyRefused" } as const satisfies Record<Status, string>;

export function PlanToolbar({ id, title, hasResult, onPlanPage = false, children }: {
  id: number;
  /** What the plan is ("Hamburg → München"), for the share sheet. */
  title: string;
  /** Print and export need the plan's result. */
  hasResult: boolean;
  /** On the plan page itself: no "Open plan page"; the link in a field to select by hand (where copying is refused), its buttons beside it. */
  onPlanPage?: boolean;
  children?: ReactNode;
}) {
  const t = useTranslations("planShare");
  const session = useSession();
  const [status, setStatus] = useState<Status | null>(null);
  // Known only in the browser: the first render (on the server too) has no Share button.
  const [canShare, setCanShare] = useState(false);
  const [origin, setOrigin] = useState("");
  useEffect(() => {
    setCanShare(typeof navigator.share === "function");
    setOrigin(window.location.origin);
  }, []);
  const url = `${origin}${planPath(id)}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus("copied");
    } catch {
      setStatus("copy-refused");
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: t("shareTitle", { id, title }), url });
      setStatus("shared");
    } catch (err) {
      // Closing the share sheet is no failure; a refused share falls back to the clipboard.
      if (!(err instanceof DOMException && err.name === "AbortError")) await copy();
    }
  };

  const copyButton = (
    <button type="button" className={styles.btn} onClick={() => void copy()}>
      {t("copyLink")}
    </button>
  );
  const shareButton = canShare ? (
    <button type="button" className={styles.btn} onClick={() => void share()}>
      {t("share")}
    </button>
  ) : null;
  return (
    <div role="group" aria-label={t("toolbar", { id })} className={styles.toolbar} data-testid="plan-toolbar">
      <div className={styles.row}>
        {onPlanPage ? null : (
          <span className={styles.cluster}>
            <a className={styles.btn} href={planPath(id)}>
              {t("openPage")}
            </a>
            {copyButton}
            {shareButton}
          </span>
        )}
        <span className={styles.cluster}>
          {hasResult ? (
            <>
              <a className={styles.btn} href={printPath(id)}>
                {t("print")}
              </a>
              <ExportMenu id={id} />
            </>
          ) : null}
          {children}
        </span>
      </div>
      {onPlanPage ? (
        <div className={styles.linkField}>
          <label htmlFor={`plan-link-${id}`}>{t("shareLink")}</label>
          <div className={styles.linkRow}>
            <input id={`plan-link-${id}`} type="text" readOnly value={url || planPath(id)} onFocus={(e) => e.currentTarget.select()} aria-describedby={`plan-link-status-${id}`} />
            {copyButton}
            {shareButton}
          </div>
        </div>
      ) : null}
      <p id={`plan-link-status-${id}`} className={styles.status} role="status" aria-live="polite" data-testid="plan-link-status">
        {status ? `${t(STATUS_KEY[status])} ` : ""}
        {t("whoCanOpen", { tenant: session.tenantName })}
      </p>
    </div>
  );
}
