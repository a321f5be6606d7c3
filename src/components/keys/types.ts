// The keys router's records as the page receives them.
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/routers";

export type KeyRow = inferRouterOutputs<AppRouter>["keys"]["list"][number];

export const displayPrefix = (k: { prefix: string }) => `etp_${k.prefix}_…`;

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
export const formatWhen = (iso: string) => WHEN.format(new Date(iso));
