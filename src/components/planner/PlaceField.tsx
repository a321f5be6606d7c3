"use client";
// An address field with suggestions (places.suggest) and a "pick on map" button.
// ARIA 1.2 combobox: arrows move through suggestions, Enter picks, Escape closes.
// Typed coordinates ("53.55, 9.99") are offered as a place of their own: a
// depot or yard often has no address the town-level gazetteer knows.
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState, type ReactNode } from "react";
import { useTRPC } from "@/components/trpc";
import { Req } from "@/components/form/Field";
import field from "@/components/form/field.module.css";
import own from "./form/form.module.css";
import styles from "./planner.module.css";

export interface Place {
  lat: number;
  lon: number;
  label: string;
  kind?: string;
}

interface Props {
  id: string;
  /** "Start", "Stop 1": the field's label. */
  label: string;
  /** The same inside a sentence: "start", "stop 1" (German keeps "Start", "Stopp 1"). */
  pointName: string;
  text: string;
  place: Place | null;
  onText: (text: string) => void;
  onPlace: (place: Place) => void;
  picking: boolean;
  onTogglePick: () => void;
  errors?: string[];
  /** Buttons for the point (reorder, remove), in the label's row. */
  actions?: ReactNode;
  marker: "start" | "via" | "destination";
}

const LAT_LON = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** "53.55, 9.99" (latitude, longitude in degrees) as a place; null if the text is not that. */
export function parseLatLon(text: string): Place | null {
  const m = LAT_LON.exec(text);
  if (!m) return null;
  const lat = Number(m[1]);
  const lon = Number(m[2]);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon, label: `${lat}, ${lon}`, kind: "coordinates" };
}

/** The kinds of place the form knows a word for (the geocoder's, typed coordinates, a map click); others show as they come. */
const KINDS = ["address", "street", "postcode", "place", "coordinates", "map"] as const;
const isKnownKind = (kind: string): kind is (typeof KINDS)[number] => (KINDS as readonly string[]).includes(kind);

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function PlaceField({ id, label, pointName, text, place, onText, onPlace, picking, onTogglePick, errors, actions, marker }: Props) {
  const t = useTranslations("placeField");
  const tField = useTranslations("field");
  const kindText = (kind: string) => (isKnownKind(kind) ? t(`kind.${kind}`) : kind);
  const trpc = useTRPC();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text.trim(), 150);
  const wanted = open && query.length >= 2 && query !== place?.label;
  const coords = parseLatLon(text);
  const suggest = useQuery({
    ...trpc.places.suggest.queryOptions({ text: query, limit: 8 }),
    enabled: wanted && !coords,
    staleTime: 5 * 60_000,
    placeholderData: (prev) => prev,
  });
  const options = !wanted ? [] : coords ? [{ latitude: coords.lat, longitude: coords.lon, label: coords.label, kind: "coordinates" }] : (suggest.data ?? []);
  const expanded = open && options.length > 0;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  function choose(i: number) {
    const o = options[i];
    if (!o) return;
    onPlace({ lat: o.latitude, lon: o.longitude, label: o.label, kind: o.kind });
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (options.length ? (a + 1) % options.length : -1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => (options.length ? (a <= 0 ? options.length - 1 : a - 1) : -1));
    } else if (e.key === "Enter") {
      if (expanded) {
        e.preventDefault();
        choose(active >= 0 ? active : 0);
      }
    } else if (e.key === "Escape") {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  const describedBy = [errors?.length ? errorId : null, place ? hintId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={styles.field}>
      <div className={own.placeHead}>
        <span className={field.labelRow}>
          <label htmlFor={id} className={styles.placeLabel}>
            <span className={`${styles.dot} ${styles[`dot_${marker}`]}`} aria-hidden="true" />
            {label}
          </label>
          <Req />
        </span>
        {actions ? <div className={own.pointActions}>{actions}</div> : null}
      </div>
      <div className={styles.placeRow}>
        <div className={styles.combo}>
          <input
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            placeholder={t("placeholder")}
            aria-required="true"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={describedBy}
            value={text}
            onChange={(e) => {
              onText(e.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          <ul id={listId} role="listbox" aria-label={t("suggestions", { label })} className={styles.suggestions} hidden={!expanded}>
            {options.map((o, i) => (
              <li
                key={`${o.label}-${i}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? styles.optionActive : undefined}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(i);
                }}
                // Move, not enter: a list opening under a resting pointer must not take over the keyboard's choice.
                onMouseMove={() => active !== i && setActive(i)}
              >
                <span>{o.label}</span>
                <span className={styles.optionKind}>{kindText(o.kind)}</span>
              </li>
            ))}
          </ul>
        </div>
        <button
          type="button"
          className={`${styles.iconButton} ${picking ? styles.iconButtonOn : ""}`}
          aria-pressed={picking}
          onClick={onTogglePick}
          title={picking ? t("cancelPick") : t("setOnMap", { point: pointName })}
        >
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
            <path d="M10 1.5a6 6 0 0 0-6 6c0 4.3 6 11 6 11s6-6.7 6-11a6 6 0 0 0-6-6Zm0 8.2a2.2 2.2 0 1 1 0-4.4 2.2 2.2 0 0 1 0 4.4Z" fill="currentColor" />
          </svg>
          <span className={styles.srOnly}>{picking ? t("cancelPick") : t("setOnMap", { point: pointName })}</span>
        </button>
      </div>
      {picking ? <p className={styles.pickHint}>{t("pickHint", { point: pointName })}</p> : null}
      {place && !picking ? (
        <p id={hintId} className={styles.hint}>
          {place.lat.toFixed(4)}, {place.lon.toFixed(4)}
          {place.kind ? ` · ${kindText(place.kind)}` : ""}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={errorId} className={styles.error}>
          <span className={styles.srOnly}>{tField("error")} </span>
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
