import type { TourPoint } from "@/components/planner/stops";
import type { OptimizationResultResponse } from "@/contract/result";

/** A point chosen in the form (by address or on the map), shown before a plan exists. */
export interface MapWaypoint {
  key: string;
  role: "start" | "via" | "destination";
  lat: number;
  lon: number;
  label: string;
}

export interface PlanMapProps {
  waypoints: MapWaypoint[];
  result: OptimizationResultResponse | null;
  /** The result's tour points named (planner.result, history.get): the stops' names and the start's requested position. */
  points?: readonly TourPoint[] | null;
  /** What a click on the map sets, e.g. "start"; null: clicks do nothing. */
  picking: string | null;
  onPick: (lat: number, lon: number) => void;
  /** Index into planStops(result) whose popup to open; `nonce` re-triggers the same stop. */
  focus: { index: number; nonce: number } | null;
  /** Given: the form's points can be dragged on the map; called with the point's key and where it was dropped. */
  onMoveWaypoint?: (key: string, lat: number, lon: number) => void;
  /** Warnings of the submit response, to explain which station filter left no charger. */
  submitWarnings?: string[];
}
