"use client";
// "Export": the plan's downloads in a disclosure (a <details>: keyboard and
// screen readers know it), closed by Escape or a click elsewhere. Its list
// opens towards the side with room: the panel around it clips what overflows.
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { exportPath, PLAN_EXPORTS } from "./plan-links";
import styles from "./plan-share.module.css";

/** The list's width (plan-share.module.css .menuList). */
const LIST_WIDTH = 250;

export function ExportMenu({ id }: { id: number }) {
  const t = useTranslations("planShare");
  const [open, setOpen] = useState(false);
  const [alignRight, setAlignRight] = useState(false);
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [open]);
  return (
    <details
      ref={ref}
      className={styles.menu}
      open={open}
      onToggle={(e) => {
        const el = e.currentTarget;
        if (el.open) {
          const box = el.getBoundingClientRect();
          // The toolbar's row: as wide as the panel that would clip the list.
          const bounds = el.closest('[role="group"]')?.getBoundingClientRect();
          setAlignRight(!!bounds && box.left + LIST_WIDTH > bounds.right);
        }
        setOpen(el.open);
      }}
      onKeyDown={(e) => {
        if (e.key !== "Escape" || !open) return;
        setOpen(false);
        ref.current?.querySelector("summary")?.focus();
      }}
    >
      <summary className={styles.btn}>{t("export")}</summary>
      <ul className={styles.menuList} data-align={alignRight ? "right" : "left"}>
        {PLAN_EXPORTS.map((f) => (
          <li key={f.format}>
            <a href={exportPath(id, f.format)} download onClick={() => setOpen(false)}>
              <span className={styles.srOnly}>{t("exportSr")}</span>
              {f.name} <span className={styles.menuHint}>{t("exportUse", { format: f.format })}</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
