// OCPI Location trees as the Receiver keeps them: finding an EVSE or Connector by its id (CiString:
// compared without case), putting the stored statuses in, replacing or merging a part (PUT, PATCH), and
// keeping each parent's last_updated at least its children's (mod_locations.asciidoc, PUT and PATCH).
import { ocpiTime } from "../../contract/ocpi";

export type Obj = Record<string, unknown>;
export type Level = "location" | "evse" | "connector";

export interface Target {
  countryCode: string;
  partyId: string;
  locationId: string;
  evseUid?: string;
  connectorId?: string;
}

export const levelOf = (t: Target): Level => (t.connectorId !== undefined ? "connector" : t.evseUid !== undefined ? "evse" : "location");
export const keyOf = (id: string) => id.toLowerCase();
const sameId = (a: unknown, b: string) => typeof a === "string" && keyOf(a) === keyOf(b);

const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);
export const evsesOf = (loc: Obj): Obj[] => list(loc.evses);
export const connectorsOf = (evse: Obj): Obj[] => list(evse.connectors);
export const findEvse = (loc: Obj, uid: string) => evsesOf(loc).find((e) => sameId(e.uid, uid));
export const findConnector = (evse: Obj, id: string) => connectorsOf(evse).find((c) => sameId(c.id, id));

/** The later of two OCPI DateTimes (as written). */
export function later(a: unknown, b: unknown): string {
  if (typeof a !== "string") return String(b);
  if (typeof b !== "string") return a;
  return ocpiTime(b) > ocpiTime(a) ? b : a;
}

export interface StoredStatus {
  evseKey: string;
  status: string;
  lastUpdated: Date;
}

const iso = (d: Date) => d.toISOString().replace(/\.000Z$/, "Z");

/** The Location with each EVSE's stored status, and every last_updated at least its children's. */
export function withStatuses(loc: Obj, statuses: StoredStatus[]): Obj {
  const byKey = new Map(statuses.map((s) => [s.evseKey, s]));
  const evses = evsesOf(loc).map((e) => {
    const s = typeof e.uid === "string" ? byKey.get(keyOf(e.uid)) : undefined;
    if (!s) return e;
    const newer = s.lastUpdated.getTime() >= ocpiTime(String(e.last_updated));
    return { ...e, status: newer ? s.status : e.status, last_updated: newer ? later(e.last_updated, iso(s.lastUpdated)) : e.last_updated };
  });
  return liftTimes({ ...loc, ...(Array.isArray(loc.evses) ? { evses } : {}) });
}

/** Each EVSE's last_updated at least its connectors', the Location's at least its EVSEs'. */
export function liftTimes(loc: Obj): Obj {
  if (!Array.isArray(loc.evses)) return loc;
  let last = loc.last_updated;
  const evses = evsesOf(loc).map((e) => {
    const lu = connectorsOf(e).reduce<unknown>((t, c) => later(t, c.last_updated), e.last_updated);
    last = later(last, lu);
    return lu === e.last_updated ? e : { ...e, last_updated: lu };
  });
  return { ...loc, evses, last_updated: last };
}

/** The Location with the EVSE of `uid` replaced (or added). */
export function replaceEvse(loc: Obj, uid: string, evse: Obj): Obj {
  const evses = evsesOf(loc);
  const i = evses.findIndex((e) => sameId(e.uid, uid));
  return liftTimes({ ...loc, evses: i < 0 ? [...evses, evse] : evses.map((e, k) => (k === i ? evse : e)) });
}

/** The EVSE with the Connector of `id` replaced (or added). */
export function replaceConnector(evse: Obj, id: string, connector: Obj): Obj {
  const cs = connectorsOf(evse);
  const i = cs.findIndex((c) => sameId(c.id, id));
  const connectors = i < 0 ? [...cs, connector] : cs.map((c, k) => (k === i ? connector : c));
  return { ...evse, connectors, last_updated: later(evse.last_updated, connector.last_updated) };
}

/**
 * A PATCH merged into an object: the fields it names replace the stored ones; lists of EVSEs (by uid)
 * and of Connectors (by id) are merged item by item (a new item must then be complete); other lists
 * and objects are replaced as a whole (OCPI: a PATCH cannot remove information).
 */
export function merged(stored: Obj, patch: Obj, level: Level): Obj {
  const out: Obj = { ...stored };
  for (const [k, v] of Object.entries(patch)) {
    if (k === "evses" && level === "location" && Array.isArray(v)) out.evses = mergeList(evsesOf(stored), v as Obj[], "uid", (a, b) => merged(a, b, "evse"));
    else if (k === "connectors" && level === "evse" && Array.isArray(v)) out.connectors = mergeList(connectorsOf(stored), v as Obj[], "id", (a, b) => merged(a, b, "connector"));
    else if (k === "last_updated") out.last_updated = later(stored.last_updated, v);
    else out[k] = v;
  }
  return out;
}

function mergeList(stored: Obj[], patch: Obj[], idField: string, merge: (a: Obj, b: Obj) => Obj): Obj[] {
  const out = [...stored];
  for (const p of patch) {
    const i = out.findIndex((x) => sameId(x[idField], String(p[idField])));
    if (i < 0) out.push(p);
    else out[i] = merge(out[i], p);
  }
  return out;
}
