"use client";
// On a phone or a narrow tablet the side panel and the map cannot sit side by side: the page shows one of
// them, and this switch (shown only there, by CSS) chooses which. Wide screens show both and no switch.
import { useTranslations } from "next-intl";
import styles from "@/components/planner/planner.module.css";

export type NarrowView = "panel" | "map";

export function ViewSwitch({ view, setView, panelLabel }: { view: NarrowView; setView: (v: NarrowView) => void; panelLabel: string }) {
  const t = useTranslations("shell");
  return (
    <div className={styles.viewSwitch} role="group" aria-label={t("viewSwitchLabel")}>
      <button type="button" aria-pressed={view === "panel"} onClick={() => setView("panel")}>
        {panelLabel}
      </button>
      <button type="button" aria-pressed={view === "map"} onClick={() => setView("map")}>
        {t("map")}
      </button>
    </div>
  );
}
