// The keys router's records as the page receives them.
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/routers";
import { fmtMoment } from "@/components/planner/format";

export type KeyRow = inferRouterOutputs<AppRouter>["keys"]["list"][number];

export const displayPrefix = (k: { prefix: string }) => `etp_${k.prefix}_…`;

/** On the browser's clock with its zone, as every time of the app reads. */
export const formatWhen = (iso: string) => fmtMoment(iso);
