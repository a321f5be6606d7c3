// Data packs, loaded once per process on first use.
import { tenantPrices } from "./prices/store";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { loadGazetteer } from "../engine/geocode/pack";
import type { Gazetteer } from "../engine/geocode/search";
import { chFromArrays } from "../engine/network/ch/arrays";
import { loadPack } from "../engine/network/pack";
import { createRouter } from "../engine/network/router";
import { createSnapper } from "../engine/network/snap";
import { chooseNetwork, type NetworkEntry } from "../engine/plan/choose-network";
import type { PlanData, PlanInput } from "../engine/plan/types";
import { createStationIndex, type StationIndex } from "../engine/stations/corridor";
import { combineStations } from "../engine/stations/merge";
import { loadStationPack } from "../engine/stations/pack";
import type { Db } from "./db/client";
import { linkTariffs, storedOverlays, storedSites, storedTariffs, storeVersion as storeVersionOf } from "./stations/store";
import type { Station } from "../engine/stations/types";
import { HttpError } from "./http/errors";
import { PACK_FILES, config } from "./config";
import { banData } from "./bans/ban-data";
import { liveStatusFor } from "./stations/live-status";

interface Cache {
  networks: NetworkEntry[];
  fallback: NetworkEntry;
  stations: Station[];
  stationIndex: StationIndex;
  stationVersion: string;
  gazetteer: Gazetteer;
  attribution: string[];
}
const holder = globalThis as unknown as { __plannerPacks?: Partial<Cache> };
const cache = () => (holder.__plannerPacks ??= {});

function packFile(name: string): string {
  const file = path.join(config().packDir, name);
  if (!fs.existsSync(file)) {
    throw new HttpError(503, { detail: `Data pack ${name} is missing in ${config().packDir}: run 'npm run data:build'` }, { "retry-after": "60" });
  }
  return file;
}

function loadNetworks(c: Partial<Cache>): void {
  const dir = config().packDir;
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^network-.+\.bin$/.test(f)).sort() : [];
  if (files.length === 0) packFile(PACK_FILES.network); // throws the 503 that says what to run
  c.networks = files.map((f) => {
    let loaded;
    try {
      loaded = loadPack(path.join(dir, f));
    } catch (e) {
      // An old or damaged pack: the operator has to rebuild, the request is not at fault.
      throw new HttpError(503, { detail: `Network pack ${f} cannot be read (${(e as Error).message}): run 'npm run data:build'` }, { "retry-after": "60" });
    }
    const { net, arrays } = loaded;
    const ch = arrays["ch.rank"] ? chFromArrays(arrays, net.edgeCount) : undefined;
    return { net, snapper: createSnapper(net, arrays), router: createRouter(net, ch) };
  });
  const wanted = config().DEFAULT_NETWORK;
  c.fallback = c.networks.find((e) => e.net.id === wanted) ?? [...c.networks].sort((a, b) => b.net.nodeCount - a.net.nodeCount)[0];
}

function loadStations(c: Partial<Cache>): void {
  const pack = loadStationPack(packFile(PACK_FILES.stations));
  c.stations = pack.stations;
  c.stationIndex = createStationIndex(pack.stations);
  c.stationVersion = pack.version;
  c.attribution = pack.header.sources.map((s) => s.attribution);
}

function planData(entry: NetworkEntry, c: Cache): PlanData {
  return {
    network: entry.net,
    snapper: entry.snapper,
    router: entry.router,
    stations: c.stationIndex,
    versions: { [entry.net.id]: entry.net.version, stations: c.stationVersion },
    bans: banData(gazetteerIfBuilt),
  };
}

/** The gazetteer for the Länder of regional bans; null without its pack (regional bans then hold country-wide). */
function gazetteerIfBuilt(): Gazetteer | null {
  return fs.existsSync(path.join(config().packDir, PACK_FILES.gazetteer)) ? packs.gazetteer : null;
}

interface StationView {
  storeVersion: string;
  version: string;
  index: StationIndex;
}
const views = new Map<number, StationView>();

async function stationView(db: Db, tenantId: number): Promise<StationView> {
  const c = stationsLoaded();
  const storeVersion = await storeVersionOf(db, tenantId);
  const cached = views.get(tenantId);
  if (cached?.storeVersion === storeVersion) return cached;
  const [stored, overlays, tariffs] = await Promise.all([storedSites(db, tenantId), storedOverlays(db, tenantId), storedTariffs(db, tenantId)]);
  const sites = linkTariffs(stored, tariffs);
  const view = sites.length + overlays.length === 0
    ? { storeVersion, version: c.stationVersion, index: c.stationIndex }
    : {
        storeVersion,
        version: createHash("sha256").update(`${c.stationVersion}:${tenantId}:${storeVersion}`).digest("hex").slice(0, 16),
        index: createStationIndex(combineStations(c.stations, sites, overlays)),
      };
  views.set(tenantId, view);
  return view;
}

/** The station pack alone (a lookup process needs no road network). */
function stationsLoaded(): Cache {
  const c = cache();
  if (!c.stations) loadStations(c);
  return c as Cache;
}

function loaded(): Cache {
  const c = cache();
  if (!c.networks) loadNetworks(c);
  if (!c.stations) loadStations(c);
  return c as Cache;
}

/** Each pack loads on first use, once per process. */
export const packs = {
  /** Plan data on the default (widest) network. */
  get plan(): PlanData {
    const c = loaded();
    return planData(c.fallback, c);
  },
  /** Plan data on the most detailed network that covers every point. */
  planFor(points: readonly [number, number][]): PlanData {
    const c = loaded();
    return planData(chooseNetwork(c.networks, points, c.fallback), c);
  },
  /** Plan data for a planner input: its sections' points choose the network. */
  planForInput(input: PlanInput): PlanData {
    return packs.planFor(input.sections.flatMap((s) => [s.start, s.stop]));
  },
  /**
   * Plan data for a tenant: the bundled stations combined with the station
   * store's public sites, the tenant's own and the overlays (rebuilt when the
   * store changes; the bundled index as it is while the store is empty), and the
   * live EVSE statuses of its OCPI feeds as they are now.
   */
  async planForTenant(db: Db, tenantId: number, input: PlanInput): Promise<PlanData> {
    const data = packs.planForInput(input);
    const [view, prices, live] = await Promise.all([stationView(db, tenantId), tenantPrices(db, tenantId), liveStatusFor(db, tenantId)]);
    return { ...data, stations: view.index, versions: { ...data.versions, stations: view.version }, prices, ...(live ? { live } : {}) };
  },
  /** The stations a tenant sees (for lookups such as GET /poi/cpos). */
  async stationsForTenant(db: Db, tenantId: number): Promise<Station[]> {
    return (await stationView(db, tenantId)).index.stations;
  },
  get networks(): readonly NetworkEntry[] {
    return loaded().networks;
  },
  get stations(): Station[] {
    return stationsLoaded().stations;
  },
  get gazetteer(): Gazetteer {
    return (cache().gazetteer ??= loadGazetteer(packFile(PACK_FILES.gazetteer)));
  },
  get attribution(): string[] {
    const c = loaded();
    return [...new Set([...c.networks.map((e) => e.net.attribution ?? ""), ...c.attribution, packs.gazetteer.header.attribution])].filter(Boolean);
  },
};
