"use client";
// An address field with suggestions (places.suggest) and a "pick on map" button.
// ARIA 1.2 combobox: arrows move through suggestions, Enter picks, Escape closes.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTRPC } from "@/components/trpc";
import styles from "./planner.module.css";

export interface Place {
  lat: number;
  lon: number;
  label: string;
  kind?: string;
}

interface Props {
  id: string;
  label: string;
  text: string;
  place: Place | null;
  onText: (text: string) => void;
  onPlace: (place: Place) => void;
  picking: boolean;
  onTogglePick: () => void;
  errors?: string[];
  onRemove?: () => void;
  marker: "start" | "via" | "destination";
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function PlaceField({ id, label, text, place, onText, onPlace, picking, onTogglePick, errors, onRemove, marker }: Props) {
  const trpc = useTRPC();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text.trim(), 150);
  const wanted = open && query.length >= 2 && query !== place?.label;
  const suggest = useQuery({
    ...trpc.places.suggest.queryOptions({ text: query, limit: 8 }),
    enabled: wanted,
    staleTime: 5 * 60_000,
    placeholderData: (prev) => prev,
  });
  const options = wanted ? (suggest.data ?? []) : [];
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
      <label htmlFor={id} className={styles.placeLabel}>
        <span className={`${styles.dot} ${styles[`dot_${marker}`]}`} aria-hidden="true" />
        {label}
      </label>
      <div className={styles.placeRow}>
        <div className={styles.combo}>
          <input
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            placeholder="Town, postcode or address"
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
          <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className={styles.suggestions} hidden={!expanded}>
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
                onMouseEnter={() => setActive(i)}
              >
                <span>{o.label}</span>
                <span className={styles.optionKind}>{o.kind}</span>
              </li>
            ))}
          </ul>
        </div>
        <button
          type="button"
          className={`${styles.iconButton} ${picking ? styles.iconButtonOn : ""}`}
          aria-pressed={picking}
          onClick={onTogglePick}
          title={picking ? "Cancel picking on the map" : `Set ${label.toLowerCase()} on map`}
        >
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
            <path d="M10 1.5a6 6 0 0 0-6 6c0 4.3 6 11 6 11s6-6.7 6-11a6 6 0 0 0-6-6Zm0 8.2a2.2 2.2 0 1 1 0-4.4 2.2 2.2 0 0 1 0 4.4Z" fill="currentColor" />
          </svg>
          <span className={styles.srOnly}>{picking ? "Cancel picking on the map" : `Set ${label.toLowerCase()} on map`}</span>
        </button>
        {onRemove ? (
          <button type="button" className={styles.iconButton} onClick={onRemove} title={`Remove ${label.toLowerCase()}`}>
            <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className={styles.srOnly}>Remove {label.toLowerCase()}</span>
          </button>
        ) : null}
      </div>
      {picking ? <p className={styles.pickHint}>Click the map to set the {label.toLowerCase()} (Esc cancels).</p> : null}
      {place && !picking ? (
        <p id={hintId} className={styles.hint}>
          {place.lat.toFixed(4)}, {place.lon.toFixed(4)}
          {place.kind ? ` · ${place.kind}` : ""}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={errorId} className={styles.error}>
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
