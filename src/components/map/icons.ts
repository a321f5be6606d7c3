// Marker icons as divIcons (no marker images to load): circles for the plan's
// start, destination and charging stops, numbered rounded squares for the
// request's own stops, squares with a glyph for roadside breaks and rests, a
// pill of each one's mark for stops that share a place ("A/B"), pins for the
// form's own points. Shape and glyph tell the kinds apart as well as colour does.
import L from "leaflet";
import type { PauseKind, PlanStop } from "@/components/planner/stops";
import { stopText } from "./marker-groups";

const PAUSE_SVG = '<svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><rect x="3.5" y="3" width="3" height="10" rx="0.5" fill="currentColor"/><rect x="9.5" y="3" width="3" height="10" rx="0.5" fill="currentColor"/></svg>';
const MOON_SVG = '<svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><path d="M10.2 2.2a6.2 6.2 0 1 0 3.6 10.9A5.2 5.2 0 0 1 10.2 2.2z" fill="currentColor"/></svg>';
export const PAUSE_GLYPH: Record<PauseKind, string> = { break: PAUSE_SVG, rest: MOON_SVG };

const cache = new Map<string, L.DivIcon>();
function cached(key: string, make: () => L.DivIcon): L.DivIcon {
  let i = cache.get(key);
  if (!i) cache.set(key, (i = make()));
  return i;
}

function circle(kind: string, html: string, size: number, extra = ""): L.DivIcon {
  return L.divIcon({
    className: `plan-icon plan-icon-${kind}${extra}`,
    html,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    popupAnchor: [0, -size / 2 - 2],
    tooltipAnchor: [size / 2, 0],
  });
}

/** A live status's mark on a charging stop (OCPI): a dot in the lower corner; its colour and its glyph say the same. */
const LIVE_GLYPH: Record<NonNullable<PlanStop["live"]>["status"], string> = { AVAILABLE: "✓", BUSY: "…", UNAVAILABLE: "✕", UNKNOWN: "?" };

/** A stop's icon; a pause taken at a charger or request stop adds a corner badge, a charger's live status another. */
export function stopIcon(s: PlanStop): L.DivIcon {
  const pause = s.pause?.kind ?? null;
  if (s.kind === "break") {
    const k = pause ?? "break";
    return cached(`pause:${k}`, () => circle(`pause plan-icon-${k}`, PAUSE_GLYPH[k], 26));
  }
  const text = stopText(s);
  const size = s.kind === "charge" ? 28 : 26;
  const live = s.kind === "charge" ? (s.live?.status ?? null) : null;
  return cached(`${s.kind}:${text}:${pause ?? ""}:${live ?? ""}`, () =>
    circle(
      s.kind,
      `<span aria-hidden="true">${text}</span>${pause ? `<span class="plan-icon-badge plan-icon-badge-${pause}" aria-hidden="true">${PAUSE_GLYPH[pause]}</span>` : ""}` +
        (live ? `<span class="plan-icon-live plan-icon-live-${live.toLowerCase()}" data-live-status="${live}" aria-hidden="true">${LIVE_GLYPH[live]}</span>` : ""),
      size,
      pause || live ? " has-pause" : "",
    ),
  );
}

/** Several stops at one place: a pill of their marks in tour order, each in its own kind's colour ("A/B", "1/4"). */
export function groupIcon(stops: readonly PlanStop[]): L.DivIcon {
  if (stops.length === 1) return stopIcon(stops[0]);
  const seg = (s: PlanStop) => {
    const kind = s.kind === "break" ? `pause plan-icon-${s.pause?.kind ?? "break"}` : s.kind;
    const mark = s.kind === "break" ? PAUSE_GLYPH[s.pause?.kind ?? "break"] : stopText(s);
    return { kind, mark, width: Math.max(22, 9 + 7 * mark.length) };
  };
  const segs = stops.map(seg);
  const width = segs.reduce((w, x) => w + x.width, 0) + 4;
  const key = `group:${segs.map((x) => `${x.kind}=${x.mark}`).join("|")}`;
  return cached(key, () =>
    L.divIcon({
      className: "plan-icon plan-icon-group",
      html: segs.map((x) => `<span class="plan-icon-seg plan-icon-${x.kind}" style="width:${x.width}px" aria-hidden="true">${x.mark}</span>`).join(""),
      iconSize: [width, 26],
      iconAnchor: [width / 2, 13],
      popupAnchor: [0, -15],
      tooltipAnchor: [width / 2, 0],
    }),
  );
}

const PIN_COLOR = { start: "#1f8a4c", via: "#57606a", destination: "#b42318" } as const;

/** The form's points: a pin whose tip is the point, so it stays grabbable above a plan's stop circle. */
export function pinIcon(role: keyof typeof PIN_COLOR, draggable: boolean): L.DivIcon {
  return cached(`pin:${role}:${draggable}`, () =>
    L.divIcon({
      className: `plan-pin plan-pin-${role}${draggable ? " is-draggable" : ""}`,
      html: `<svg viewBox="0 0 24 34" width="24" height="34" aria-hidden="true"><path d="M12 1.5C6.2 1.5 1.5 6.1 1.5 11.8 1.5 19.6 12 32.5 12 32.5S22.5 19.6 22.5 11.8C22.5 6.1 17.8 1.5 12 1.5z" fill="${PIN_COLOR[role]}" stroke="#fff" stroke-width="2"/><circle cx="12" cy="12" r="4.2" fill="#fff"/></svg>`,
      iconSize: [24, 34],
      iconAnchor: [12, 33],
      tooltipAnchor: [12, -20],
    }),
  );
}

/** Where a tour that is not drivable runs out of battery. */
export function stuckIcon(): L.DivIcon {
  return cached("stuck", () =>
    L.divIcon({
      className: "plan-icon plan-icon-stuck",
      html: '<span aria-hidden="true">!</span>',
      iconSize: [28, 28],
      iconAnchor: [14, 14],
      popupAnchor: [0, -16],
      tooltipAnchor: [14, 0],
    }),
  );
}
