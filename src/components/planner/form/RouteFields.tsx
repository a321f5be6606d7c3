"use client";
// The route: one fieldset per point (start, stops, destination) with its place
// and, from the second point on, what the section ending there carries.
// Points are added, removed and reordered with buttons, so the keyboard does
// all a mouse does; focus stays on the moved point and a live region says
// where it went.
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { FieldErrors } from "../errors";
import { PlaceField } from "../PlaceField";
import styles from "../planner.module.css";
import own from "./form.module.css";
import { FieldError } from "@/components/form/Field";
import { MAX_POINTS, newWaypoint, placeInputId, roleInText, roleLabel, roleOf, stopOf, type StopState, type Waypoint } from "./state";
import { StopDetails } from "./StopDetails";

interface Props {
  waypoints: Waypoint[];
  setWaypoints: (f: (w: Waypoint[]) => Waypoint[]) => void;
  picking: number | null;
  setPicking: (i: number | null) => void;
  errors: FieldErrors;
  /** Drops the messages of a field the user changes. */
  clearErrors: (...keys: string[]) => void;
  formPayload: string;
  zoneText: string;
}

const Arrow = ({ up }: { up: boolean }) => (
  <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true">
    <path d={up ? "M10 4v12M5 9l5-5 5 5" : "M10 16V4M5 11l5 5 5-5"} stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export function RouteFields({ waypoints, setWaypoints, picking, setPicking, errors, clearErrors, formPayload, zoneText }: Props) {
  const t = useTranslations("routeFields");
  const tPoint = useTranslations("routePoint");
  const n = waypoints.length;
  const [announce, setAnnounce] = useState("");
  // Element to focus once the list has re-rendered (ids change with a point's role).
  const focusNext = useRef<{ key: string; then: "up" | "down" | "place" } | null>(null);

  useEffect(() => {
    const want = focusNext.current;
    if (!want) return;
    focusNext.current = null;
    const i = waypoints.findIndex((w) => w.key === want.key);
    if (i < 0) return;
    const byId = (id: string) => document.getElementById(id) as HTMLButtonElement | null;
    if (want.then === "place") return void byId(placeInputId(waypoints[i], i, n))?.focus();
    // At the top or bottom the pressed button is disabled: the other one keeps the focus.
    const first = byId(`${want.key}-${want.then}`);
    (first && !first.disabled ? first : byId(`${want.key}-${want.then === "up" ? "down" : "up"}`))?.focus();
  }, [waypoints, n]);

  const name = (w: Waypoint, i: number) => w.place?.label || w.text.trim() || roleLabel(i, n, tPoint);

  function update(i: number, patch: Partial<Waypoint>) {
    setWaypoints((ws) => ws.map((w, k) => (k === i ? { ...w, ...patch } : w)));
    clearErrors(`waypoint.${i}`);
  }
  function updateStop(i: number, patch: Partial<StopState>) {
    setWaypoints((ws) => ws.map((w, k) => (k === i ? { ...w, stop: { ...stopOf(w), ...patch } } : w)));
    clearErrors(...Object.keys(patch).map((f) => `section.${i - 1}.${f === "payload" ? "payload_kg" : f === "serviceMin" ? "service_time_min" : "opening_time"}`), "payload_kg");
  }
  function move(i: number, by: -1 | 1) {
    const j = i + by;
    if (j < 0 || j >= n) return;
    setPicking(null);
    focusNext.current = { key: waypoints[i].key, then: by < 0 ? "up" : "down" };
    setWaypoints((ws) => {
      const next = [...ws];
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    });
    // Messages are by position: they no longer match the points.
    clearErrors("waypoint.", "section.");
    setAnnounce(t("moved", { name: name(waypoints[i], i), point: roleInText(j, n, tPoint), position: j + 1, count: n }));
  }
  function remove(i: number) {
    setPicking(null);
    const stay = waypoints[i + 1] ?? waypoints[i - 1];
    focusNext.current = { key: stay.key, then: "place" };
    setWaypoints((ws) => ws.filter((_, k) => k !== i));
    clearErrors("waypoint.", "section.");
    setAnnounce(t("removed", { name: name(waypoints[i], i), count: n - 1 }));
  }
  function addStop() {
    setPicking(null);
    const w = newWaypoint();
    focusNext.current = { key: w.key, then: "place" };
    setWaypoints((ws) => [...ws.slice(0, -1), w, ws[ws.length - 1]]);
    clearErrors("waypoint.", "section.");
    setAnnounce(t("added", { number: n - 1 }));
  }

  return (
    <section className={styles.group} aria-labelledby="route-heading">
      <h2 id="route-heading">{t("heading")}</h2>
      <ol className={own.points}>
        {waypoints.map((w, i) => {
          const label = roleLabel(i, n, tPoint);
          const inText = roleInText(i, n, tPoint);
          return (
            <li key={w.key}>
              <fieldset className={own.point}>
                <legend className={styles.srOnly}>{label}</legend>
                <PlaceField
                  id={placeInputId(w, i, n)}
                  label={label}
                  pointName={inText}
                  marker={roleOf(i, n)}
                  text={w.text}
                  place={w.place}
                  onText={(text) => update(i, { text, place: null })}
                  onPlace={(place) => update(i, { place, text: place.label })}
                  picking={picking === i}
                  onTogglePick={() => setPicking(picking === i ? null : i)}
                  errors={errors[`waypoint.${i}`]}
                  actions={
                    <>
                      <button type="button" id={`${w.key}-up`} className={own.smallIcon} disabled={i === 0} onClick={() => move(i, -1)} aria-label={t("moveUp", { point: inText })} title={t("moveUp", { point: inText })}>
                        <Arrow up />
                      </button>
                      <button type="button" id={`${w.key}-down`} className={own.smallIcon} disabled={i === n - 1} onClick={() => move(i, 1)} aria-label={t("moveDown", { point: inText })} title={t("moveDown", { point: inText })}>
                        <Arrow up={false} />
                      </button>
                      {n > 2 ? (
                        <button type="button" className={own.smallIcon} onClick={() => remove(i)} aria-label={t("remove", { point: inText })} title={t("remove", { point: inText })}>
                          <svg viewBox="0 0 20 20" width="12" height="12" aria-hidden="true">
                            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                          </svg>
                        </button>
                      ) : null}
                    </>
                  }
                />
                {i > 0 ? (
                  <StopDetails
                    pointKey={w.key}
                    pointName={inText}
                    section={i - 1}
                    stop={stopOf(w)}
                    onChange={(patch) => updateStop(i, patch)}
                    errors={errors}
                    formPayload={formPayload}
                    zoneText={zoneText}
                  />
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <FieldError id="section-list" errors={errors.section_list} />
      <div className={styles.rowButtons}>
        <button type="button" className={styles.linkButton} disabled={n >= MAX_POINTS} onClick={addStop}>
          {t("addStop")}
        </button>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            setPicking(null);
            setWaypoints((ws) => [...ws].reverse());
            clearErrors("waypoint.", "section.");
            setAnnounce(t("swapped"));
          }}
        >
          {t("swap")}
        </button>
      </div>
      <p className={styles.srOnly} aria-live="polite">
        {announce}
      </p>
    </section>
  );
}
