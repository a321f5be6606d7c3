"use client";
// The planner's Leaflet map (client only: Leaflet touches `window` at import;
// load it through MapView). Layers from the bottom: own basemap (countries,
// roads), the configurable tile layer, the route (SVG, one polyline per
// section), then markers (divIcons, no default marker images).
import "leaflet/dist/leaflet.css";
import "./map.css";
import L from "leaflet";
import { Fragment, useEffect, useMemo, useRef } from "react";
import { CircleMarker, MapContainer, Marker, Polyline, Popup, ScaleControl, TileLayer, Tooltip, useMap, useMapEvents } from "react-leaflet";
import { fmtDuration, fmtLatLon, fmtNum, fmtSoc, fmtTime } from "@/components/planner/format";
import { planStops, sectionLines, type PlanStop } from "@/components/planner/stops";
import type { OptimizationResultResponse } from "@/contract/result";
import { Basemap } from "./Basemap";
import { BASEMAP_REGION, INITIAL_CENTER, INITIAL_ZOOM } from "./region";
import type { MapWaypoint, PlanMapProps } from "./types";

const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const envTileUrl = process.env.NEXT_PUBLIC_TILE_URL;
/** NEXT_PUBLIC_TILE_URL unset: OpenStreetMap; set to "" or "none": no tiles, own basemap only. */
const TILE_URL = envTileUrl === undefined ? DEFAULT_TILE_URL : envTileUrl === "none" ? "" : envTileUrl;
const TILE_ATTRIBUTION =
  process.env.NEXT_PUBLIC_TILE_ATTRIBUTION ?? 'Tiles &copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Sources of the data behind the basemap, stations and places. */
const DATA_ATTRIBUTION = [
  "Roads: Digital Chart of the World and Natural Earth (public domain), OpenStreetMap regions &copy; OpenStreetMap contributors (ODbL)",
  "Chargers: Bundesnetzagentur Ladesäulenregister (CC BY 4.0), NDW, Czech MPO, Polish EIPA",
  'Places: <a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)',
  "Borders: Natural Earth",
  "Terrain: SRTM and ETOPO5 (public domain)",
].join(" · ");

const [W, S, E, N] = BASEMAP_REGION;
const MAX_BOUNDS = L.latLngBounds([S - 5, W - 10], [N + 5, E + 10]);

const icons = new Map<string, L.DivIcon>();

function icon(kind: string, text: string): L.DivIcon {
  const key = `${kind}:${text}`;
  let i = icons.get(key);
  if (!i) {
    const size = kind === "charge" ? 28 : 26;
    i = L.divIcon({
      className: `plan-icon plan-icon-${kind}`,
      html: `<span aria-hidden="true">${text}</span>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
      popupAnchor: [0, -size / 2 - 2],
      tooltipAnchor: [size / 2, 0],
    });
    icons.set(key, i);
  }
  return i;
}

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
    const ro = new ResizeObserver(() => map.invalidateSize({ pan: false }));
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

/** Keeps what matters in view: the whole route on a new result, new form points otherwise. */
function FitView({ result, lines, waypoints }: { result: OptimizationResultResponse | null; lines: [number, number][][]; waypoints: MapWaypoint[] }) {
  const map = useMap();
  const resultKey = result ? `${result.optimization_id}` : "";
  const pointsKey = waypoints.map((w) => `${w.lat.toFixed(5)},${w.lon.toFixed(5)}`).join(";");
  useEffect(() => {
    if (!resultKey) return;
    const pts = lines.flat();
    for (const s of result ? planStops(result) : []) pts.push([s.lat, s.lon]);
    if (pts.length) map.fitBounds(L.latLngBounds(pts), { padding: [36, 36], maxZoom: 12 });
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

/** The point at a distance along the route (for where a plan stops being drivable). */
function pointAlong(lines: [number, number][][], distM: number): [number, number] | null {
  const R = 6_371_000;
  const rad = Math.PI / 180;
  let acc = 0;
  let last: [number, number] | null = null;
  for (const line of lines) {
    for (let i = 1; i < line.length; i++) {
      const [la1, lo1] = line[i - 1];
      const [la2, lo2] = line[i];
      const x = (lo2 - lo1) * rad * Math.cos(((la1 + la2) / 2) * rad);
      const y = (la2 - la1) * rad;
      const d = Math.sqrt(x * x + y * y) * R;
      if (acc + d >= distM && d > 0) {
        const t = (distM - acc) / d;
        return [la1 + (la2 - la1) * t, lo1 + (lo2 - lo1) * t];
      }
      acc += d;
      last = line[i];
    }
  }
  return last;
}

function StopPopup({ stop }: { stop: PlanStop }) {
  if (stop.kind === "start") {
    return (
      <div className="plan-popup">
        <strong>Start</strong>
        <dl>
          <dt>Departure</dt>
          <dd>{fmtTime(stop.departure, true)}</dd>
          <dt>State of charge</dt>
          <dd>{fmtSoc(stop.socOut)}</dd>
          <dt>Position</dt>
          <dd>{fmtLatLon(stop.lat, stop.lon)}</dd>
        </dl>
      </div>
    );
  }
  if (stop.kind === "charge") {
    return (
      <div className="plan-popup">
        <strong>
          {stop.chargeNo}. {stop.name}
        </strong>
        {stop.address ? <div className="plan-popup-sub">{stop.address}</div> : null}
        <dl>
          <dt>Operator</dt>
          <dd>{stop.operator || "–"}</dd>
          <dt>Power</dt>
          <dd>{fmtNum(stop.powerKW, "kW")}</dd>
          <dt>Energy</dt>
          <dd>{fmtNum(stop.energyKWh, "kWh", 1)}</dd>
          <dt>Charge time</dt>
          <dd>{fmtDuration(stop.chargeMin)}</dd>
          <dt>Arrival</dt>
          <dd>{fmtTime(stop.arrival, true)}</dd>
          <dt>Departure</dt>
          <dd>{fmtTime(stop.departure, true)}</dd>
          <dt>SoC in → out</dt>
          <dd>
            {fmtSoc(stop.socIn)} → {fmtSoc(stop.socOut)}
          </dd>
        </dl>
        {stop.alternatives.length ? <div className="plan-popup-sub">{stop.alternatives.length} alternative station(s) nearby</div> : null}
      </div>
    );
  }
  return (
    <div className="plan-popup">
      <strong>{stop.name}</strong>
      <dl>
        <dt>Arrival</dt>
        <dd>{fmtTime(stop.arrival, true)}</dd>
        <dt>State of charge</dt>
        <dd>{fmtSoc(stop.socIn)}</dd>
        <dt>Position</dt>
        <dd>{fmtLatLon(stop.lat, stop.lon)}</dd>
      </dl>
    </div>
  );
}

function StopMarkers({ stops, focus }: { stops: PlanStop[]; focus: PlanMapProps["focus"] }) {
  const map = useMap();
  const refs = useRef(new Map<number, L.Marker>());
  useEffect(() => {
    if (!focus) return;
    const m = refs.current.get(focus.index);
    if (!m) return;
    map.setView(m.getLatLng(), Math.max(map.getZoom(), 9));
    m.openPopup();
  }, [map, focus]);
  return (
    <>
      {stops.map((s, i) => {
        const text = s.kind === "start" ? "A" : s.kind === "destination" ? "B" : s.kind === "charge" ? String(s.chargeNo) : "•";
        const title = s.kind === "charge" ? `Charging stop ${s.chargeNo}: ${s.name}` : s.kind === "start" ? "Start" : s.kind === "destination" ? "Destination" : s.name;
        return (
          <Marker
            key={`${s.kind}-${i}`}
            position={[s.lat, s.lon]}
            icon={icon(s.kind, text)}
            title={title}
            alt={title}
            zIndexOffset={s.kind === "charge" ? 500 : 1000}
            ref={(m) => {
              if (m) refs.current.set(i, m);
              else refs.current.delete(i);
            }}
          >
            <Popup>
              <StopPopup stop={s} />
            </Popup>
          </Marker>
        );
      })}
    </>
  );
}

export default function PlanMap({ waypoints, result, picking, onPick, focus }: PlanMapProps) {
  const lines = useMemo(() => (result ? sectionLines(result) : []), [result]);
  const stops = useMemo(() => (result ? planStops(result) : []), [result]);
  const reason = result?.not_drivable_reason as { message?: string | null; distance_from_start_m?: number | null } | null | undefined;
  const stuckAt = useMemo(
    () => (reason?.distance_from_start_m != null && lines.length ? pointAlong(lines, reason.distance_from_start_m) : null),
    [lines, reason?.distance_from_start_m],
  );

  return (
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
      {TILE_URL ? <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} maxZoom={19} /> : null}
      <DataAttribution />
      <SizeWatcher />
      <ScaleControl imperial={false} position="bottomleft" />
      <ClickPicker picking={picking} onPick={onPick} />
      <FitView result={result} lines={lines} waypoints={waypoints} />

      {lines.map((pts, i) => (
        <Fragment key={`section-${i}`}>
          <Polyline positions={pts} className="route-casing" interactive={false} pathOptions={{ color: "#ffffff", weight: 9, opacity: 0.9 }} />
          <Polyline positions={pts} className="route-line" pathOptions={{ color: i % 2 ? "#2f6fd6" : "#1a4fb4", weight: 5, opacity: 1 }}>
            <Tooltip sticky>Section {i + 1}</Tooltip>
          </Polyline>
        </Fragment>
      ))}

      {waypoints.map((w) => (
        <CircleMarker
          key={w.key}
          center={[w.lat, w.lon]}
          radius={7}
          pathOptions={{ color: w.role === "start" ? "#1f8a4c" : w.role === "destination" ? "#b42318" : "#57606a", weight: 3, fillColor: "#ffffff", fillOpacity: 1 }}
        >
          <Tooltip direction="top" offset={[0, -6]}>
            {w.role === "start" ? "Start" : w.role === "destination" ? "Destination" : "Stop"}: {w.label}
          </Tooltip>
        </CircleMarker>
      ))}

      <StopMarkers stops={stops} focus={focus} />

      {stuckAt ? (
        <CircleMarker center={stuckAt} radius={9} pathOptions={{ color: "#b42318", weight: 3, fillColor: "#fee4e2", fillOpacity: 1 }}>
          <Tooltip permanent direction="right" offset={[10, 0]}>
            Not drivable beyond this point
          </Tooltip>
        </CircleMarker>
      ) : null}
    </MapContainer>
  );
}
