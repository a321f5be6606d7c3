// The keys router's records as the page receives them.
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/routers";
import { browserZone } from "@/components/planner/form/time";
import { momentText, type AppFormatter } from "@/i18n/format";

export type KeyRow = inferRouterOutputs<AppRouter>["keys"]["list"][number];

export const displayPrefix = (k: { prefix: string }) => `etp_${k.prefix}_…`;

/** On the browser's clock with its zone named, 24-hour, in the language's order: "28 Nov 2026, 14:02 CET", "28. Nov. 2026, 14:02 MEZ". */
export const formatWhen = (format: AppFormatter, iso: string) => momentText(format, iso, browserZone());
