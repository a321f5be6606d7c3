"use client";
// The planner's Leaflet map (client only: Leaflet touches `window` at import;
// load it through MapView). Layers from the bottom: own basemap (countries,
// roads; place names while no tiles are drawn), the configurable tile layer, the
// route coloured by state of charge, stations (toggleable), then markers
// (divIcons, no default marker images; one per place: marker-groups.ts).
// The map key and a not-drivable notice sit beside Leaflet's container.
import "leaflet/dist/leaflet.css";
import "./map.css";
import L from "leaflet";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { MapContainer, ScaleControl, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { planStops, type PlanStop } from "@/components/planner/stops";
import { notDrivableInfo } from "@/components/result/filters";
import { pointAt, routeOnMap, socRuns, type RouteOnMap } from "@/components/result/profile";
import type { OptimizationResultResponse } from "@/contract/result";
import { AlternativesLayer } from "./AlternativesLayer";
import { Basemap } from "./Basemap";
import { MapKey, type StationLayers } from "./MapKey";
import { atAStop } from "./marker-groups";
import { NotDrivableNotice, StuckMarker } from "./NotDrivable";
import { PlaceLabels } from "./PlaceLabels";
import { BASEMAP_REGION, INITIAL_CENTER, INITIAL_ZOOM } from "./region";
import { RouteLayer } from "./RouteLayer";
import { StationsLayer } from "./StationsLayer";
import { StopMarkers } from "./StopMarkers";
import type { MapWaypoint, PlanMapProps } from "./types";
import { WaypointMarkers } from "./WaypointMarkers";

const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const envTileUrl = process.env.NEXT_PUBLIC_TILE_URL;
/** NEXT_PUBLIC_TILE_URL unset: OpenStreetMap; set to "" or "none": no tiles, own basemap only. */
const TILE_URL = envTileUrl === undefined ? DEFAULT_TILE_URL : envTileUrl === "none" ? "" : envTileUrl;
const TILE_ATTRIBUTION =
  process.env.NEXT_PUBLIC_TILE_ATTRIBUTION ?? 'Tiles &copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Sources of the data behind the basemap, stations and places. */
const DATA_ATTRIBUTION = [
  "Roads: Digital Chart of the World and Natural Earth (public domain), OpenStreetMap regions &copy; OpenStreetMap contributors (ODbL)",
  "Chargers: Bundesnetzagentur Ladesäulenregister (CC BY 4.0), NDW, Czech MPO, Polish EIPA; imported Open Charge Map data &copy; Open Charge Map contributors (CC BY-SA 4.0)",
  'Places: <a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)',
  "Borders: Natural Earth",
  "Terrain: SRTM and ETOPO5 (public domain)",
].join(" · ");

const [W, S, E, N] = BASEMAP_REGION;
const NONE: never[] = [];
const MAX_BOUNDS = L.latLngBounds([S - 5, W - 10], [N + 5, E + 10]);

function DataAttribution() {
  const map = useMap();
  useEffect(() => {
    map.attributionControl?.addAttribution(DATA_ATTRIBUTION);
    return () => {
      map.attributionControl?.removeAttribution(DATA_ATTRIBUTION);
    };
  }, [map]);
  return null;
}

/** Leaflet measures its container once; tell it when the layout resizes it. */
function SizeWatcher() {
  const map = useMap();
  useEffect(() => {
    const ro = new ResizeObserver(() => {
      const el = map.getContainer();
      // Hidden (a narrow screen showing the panel): nothing to measure, and the view is kept for when it shows.
      if (el.clientWidth === 0 || el.clientHeight === 0) return;
      const center = map.getCenter();
      map.invalidateSize({ pan: false });
      map.setView(center, map.getZoom(), { animate: false }); // the same place in the middle, whatever the new size
    });
    ro.observe(map.getContainer());
    return () => ro.disconnect();
  }, [map]);
  return null;
}

function ClickPicker({ picking, onPick }: { picking: string | null; onPick: (lat: number, lon: number) => void }) {
  const map = useMapEvents({
    click(e) {
      if (picking) onPick(e.latlng.lat, e.latlng.lng);
    },
  });
  useEffect(() => {
    map.getContainer().classList.toggle("is-picking", !!picking);
  }, [map, picking]);
  return null;
}

/** With a route on the map, the basemap steps back (CSS) so the SoC colours stand out from the roads. */
function RouteShown({ shown }: { shown: boolean }) {
  const map = useMap();
  useEffect(() => {
    map.getContainer().classList.toggle("has-route", shown);
  }, [map, shown]);
  return null;
}

/** Keeps what matters in view: the whole route on a new result, new form points otherwise. */
function FitView({ result, route, stops, waypoints }: { result: OptimizationResultResponse | null; route: RouteOnMap | null; stops: PlanStop[]; waypoints: MapWaypoint[] }) {
  const map = useMap();
  const resultKey = result ? `${result.optimization_id}` : "";
  const pointsKey = waypoints.map((w) => `${w.lat.toFixed(5)},${w.lon.toFixed(5)}`).join(";");
  useEffect(() => {
    if (!resultKey) return;
    const pts: [number, number][] = route ? route.sections.flatMap((s) => s.pts) : [];
    for (const s of stops) pts.push([s.lat, s.lon]);
    const shown = () => map.getSize().x > 0 && map.getSize().y > 0;
    const fit = () => {
      // Keep the route clear of the map key (top right) where the map is wide enough to spare it.
      const right = map.getSize().x > 640 ? 300 : 36;
      if (pts.length) map.fitBounds(L.latLngBounds(pts), { paddingTopLeft: [36, 36], paddingBottomRight: [right, 36], maxZoom: 12 });
    };
    if (shown()) return fit();
    // Hidden (a narrow screen showing the panel): fitted when it is first shown.
    const onResize = () => {
      if (!shown()) return;
      map.off("resize", onResize);
      setTimeout(fit, 0); // after SizeWatcher has set the view for the new size
    };
    map.on("resize", onResize);
    return () => {
      map.off("resize", onResize);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, resultKey]);
  useEffect(() => {
    if (resultKey || waypoints.length === 0) return;
    const b = L.latLngBounds(waypoints.map((w) => [w.lat, w.lon] as [number, number]));
    if (map.getBounds().pad(-0.05).contains(b)) return;
    if (waypoints.length === 1) map.setView(b.getCenter(), Math.max(map.getZoom(), 7));
    else map.fitBounds(b, { padding: [48, 48], maxZoom: 11 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, pointsKey]);
  return null;
}

export default function PlanMap({ waypoints, result, points, picking, onPick, focus, onMoveWaypoint, submitWarnings }: PlanMapProps) {
  const route = useMemo(() => (result ? routeOnMap(result) : null), [result]);
  const stopWords = useTranslations("planStops");
  const filterWords = useTranslations("filters");
  const stops = useMemo(() => (result ? planStops(result, points ?? [], stopWords) : []), [result, points, stopWords]);
  // One marker per point: a form point the plan's markers show (its start, stops, destination) gets no pin of its own.
  const pins = useMemo(() => {
    const planned = stops.filter((s) => s.point != null);
    return waypoints.filter((w) => !atAStop(planned, w.lat, w.lon));
  }, [waypoints, stops]);
  // Keyed by content: callers pass a fresh warnings array on every render.
  const warnKey = (submitWarnings ?? []).join("\n");
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const info = useMemo(() => (result ? notDrivableInfo(result, warnKey ? warnKey.split("\n") : [], filterWords) : null), [result, warnKey, filterWords]);
  const stuckM = info?.distanceM ?? null;
  const runs = useMemo(() => (route ? socRuns(route, stuckM) : []), [route, stuckM]);
  const stuckAt = useMemo(() => (route && stuckM != null ? pointAt(route, stuckM) : null), [route, stuckM]);
  // Whether map tiles are drawn: null until the first loads or fails; the own basemap names places while none is.
  const [tilesDrawn, setTilesDrawn] = useState<boolean | null>(TILE_URL ? null : false);
  const tileEvents = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({ tileload: () => setTilesDrawn(true), tileerror: () => setTilesDrawn((d) => d ?? false) }),
    [],
  );
  // Off at first: a hundred station circles along the line would hide its SoC colours.
  const [layers, setLayers] = useState<StationLayers>({ candidates: false, corridor: false });

  const socClasses = useMemo(() => new Set(runs.map((r) => r.cls.id as string)), [runs]);
  const kinds = useMemo(() => {
    const k = new Set<string>(stops.map((s) => s.kind));
    for (const s of stops) if (s.pause) k.add(s.pause.kind);
    return k;
  }, [stops]);
  const candidates = result?.poi_list ?? NONE;
  const corridor = result?.available_charging_stations ?? null;

  return (
    <div className="plan-map-wrap">
      <MapContainer
        className="plan-map"
        center={INITIAL_CENTER}
        zoom={INITIAL_ZOOM}
        minZoom={4}
        maxZoom={18}
        maxBounds={MAX_BOUNDS}
        maxBoundsViscosity={0.8}
        worldCopyJump={false}
        keyboard
      >
        <Basemap />
        <PlaceLabels show={tilesDrawn === false} />
        {TILE_URL ? <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} maxZoom={19} eventHandlers={tileEvents} /> : null}
        <DataAttribution />
        <SizeWatcher />
        <ScaleControl imperial={false} position="bottomleft" />
        <ClickPicker picking={picking} onPick={onPick} />
        <FitView result={result} route={route} stops={stops} waypoints={waypoints} />
        <RouteShown shown={!!route?.sections.length} />
        {result?.route_alternatives && result.route_alternatives.length > 1 ? <AlternativesLayer routes={result.route_alternatives} /> : null}
        {route ? <RouteLayer route={route} runs={runs} /> : null}
        <StationsLayer candidates={layers.candidates ? candidates : null} corridor={layers.corridor ? corridor : null} />
        <WaypointMarkers waypoints={pins} onMove={onMoveWaypoint} />
        <StopMarkers stops={stops} focus={focus} />
        {stuckAt && info && route ? <StuckMarker at={stuckAt} info={info} totalM={route.totalM} /> : null}
      </MapContainer>
      {result ? (
        <div className="map-overlay">
          {info && route ? <NotDrivableNotice info={info} totalM={route.totalM} /> : null}
          <MapKey socClasses={socClasses} kinds={kinds} candidateCount={candidates.length} corridorCount={corridor ? corridor.length : null} layers={layers} setLayers={setLayers} />
        </div>
      ) : null}
    </div>
  );
}
