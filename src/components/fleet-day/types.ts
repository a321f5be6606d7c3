// The fleetDay router's records as the pages receive and send them.
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { FleetStatusResponse } from "@/contract/fleet-day";
import type { AppRouter } from "@/server/trpc/routers";

type Out = inferRouterOutputs<AppRouter>["fleetDay"];

/** A day with its tours' summaries (typed by the contract: tRPC's inference loses the stops' loose fields) and their names (`labels`, by tour_id). */
export type FleetDayData = FleetStatusResponse & { labels: Out["get"]["labels"] };
export type FleetDayTour = FleetDayData["tours"][number];
export type FleetDayListItem = Out["list"]["days"][number];
/** A CSV's place as the geocoder (or the nearest town, for coordinates) resolved it. */
export type ResolvedPlace = NonNullable<Out["resolvePlaces"][number]>;
export type PlaceQuery = inferRouterInputs<AppRouter>["fleetDay"]["resolvePlaces"]["places"][number];
