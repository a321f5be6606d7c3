"use client";
// The map key beside the map (outside Leaflet's container, so its clicks never
// reach the map): the state-of-charge scale of the route, the stop symbols and
// the station layers' own checkboxes. A <details> so it can be folded away.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { BEYOND_CLASS, RESERVE_SOC, SOC_CLASSES, type SocClass } from "@/components/result/profile";
import { PAUSE_GLYPH } from "./icons";

export interface StationLayers {
  candidates: boolean;
  corridor: boolean;
}

function Swatch({ color, dash }: { color: string; dash?: string }) {
  return (
    <svg className="map-key-swatch" width="30" height="12" viewBox="0 0 30 12" aria-hidden="true">
      <line x1="2" y1="6" x2="28" y2="6" stroke={dash ? "#ffffff" : "#1b1f24"} strokeWidth="9" strokeLinecap="round" />
      <line x1="2" y1="6" x2="28" y2="6" stroke={color} strokeWidth={dash ? 4 : 5} strokeDasharray={dash} strokeLinecap={dash ? "round" : "butt"} />
    </svg>
  );
}

function Glyph({ html, cls }: { html: string; cls: string }) {
  return <span className={`map-key-icon ${cls}`} aria-hidden="true" dangerouslySetInnerHTML={{ __html: html }} />;
}

export function MapKey({
  socClasses,
  kinds,
  candidateCount,
  corridorCount,
  layers,
  setLayers,
}: {
  /** Ids of the SoC classes the route shows; empty: no route_profile, no colour scale. */
  socClasses: Set<string>;
  kinds: Set<string>;
  candidateCount: number;
  corridorCount: number | null;
  layers: StationLayers;
  setLayers: (l: StationLayers) => void;
}) {
  const t = useTranslations("map");
  const socLabel = (c: SocClass) => t("socClass", { id: c.id, reserve: Math.round(RESERVE_SOC * 100), range: c.label });
  // Folded on a phone or narrow tablet, where it would cover most of the map and the stop's popup.
  const [open, setOpen] = useState(() => typeof window === "undefined" || window.matchMedia("(min-width: 901px)").matches);
  return (
    <details className="map-card map-key" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="map-key">
      <summary>
        <h2 className="map-card-title">{t("keyTitle")}</h2>
      </summary>
      {socClasses.size ? (
        <>
          <h3 className="map-key-heading" id="map-key-soc">
            {t("keySoc")}
          </h3>
          <ul className="map-key-list" aria-labelledby="map-key-soc">
            {/* The whole scale, so a colour reads the same on every plan; the reserve class only when the route has it. */}
            {SOC_CLASSES.filter((c) => c.id !== "reserve" || socClasses.has("reserve")).map((c) => (
              <li key={c.id} data-soc-class={c.id}>
                <Swatch color={c.color} />
                {socLabel(c)}
              </li>
            ))}
            {socClasses.has("beyond") ? (
              <li data-soc-class="beyond">
                <Swatch color={BEYOND_CLASS.color} dash={BEYOND_CLASS.dash} />
                {socLabel(BEYOND_CLASS)}
              </li>
            ) : null}
          </ul>
        </>
      ) : null}
      <h3 className="map-key-heading" id="map-key-stops">
        {t("markers")}
      </h3>
      <ul className="map-key-list map-key-stops" aria-labelledby="map-key-stops">
        <li>
          <span className="map-key-icon plan-icon-start" aria-hidden="true">A</span>
          {t("keyStart")}
          <span className="map-key-icon plan-icon-destination" aria-hidden="true">B</span>
          {t("keyDestination")}
        </li>
        <li>
          <span className="map-key-icon plan-icon-charge" aria-hidden="true">1</span>
          {t("keyCharge")}
        </li>
        {kinds.has("break") ? (
          <li>
            <Glyph html={PAUSE_GLYPH.break} cls="plan-icon-pause plan-icon-break" />
            {t("break")}
          </li>
        ) : null}
        {kinds.has("rest") ? (
          <li>
            <Glyph html={PAUSE_GLYPH.rest} cls="plan-icon-pause plan-icon-rest" />
            {t("dailyRest")}
          </li>
        ) : null}
        {kinds.has("waypoint") ? (
          <li>
            <span className="map-key-icon plan-icon-waypoint" aria-hidden="true">1</span>
            {t("keyWaypoint")}
          </li>
        ) : null}
      </ul>
      <fieldset className="map-key-layers">
        <legend className="map-key-heading">{t("stations")}</legend>
        <label>
          <input type="checkbox" checked={layers.candidates && candidateCount > 0} disabled={candidateCount === 0} onChange={(e) => setLayers({ ...layers, candidates: e.target.checked })} />
          <span className="map-key-dot map-key-dot-candidate" aria-hidden="true" />
          {t("usable", { count: candidateCount })}
        </label>
        <label>
          <input type="checkbox" checked={layers.corridor && !!corridorCount} disabled={!corridorCount} onChange={(e) => setLayers({ ...layers, corridor: e.target.checked })} />
          <span className="map-key-dot map-key-dot-corridor" aria-hidden="true" />
          {corridorCount == null ? t("corridorMissing") : t("corridor", { count: corridorCount })}
        </label>
      </fieldset>
    </details>
  );
}
