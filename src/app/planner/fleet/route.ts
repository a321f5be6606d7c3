// POST /planner/fleet: submit a day's tours, planned together against the chargers' capacity
import { endpoint } from "@/server/http/endpoint";
import { submitFleet } from "@/server/api/fleet-day";

export const dynamic = "force-dynamic";
export const POST = endpoint(submitFleet);
