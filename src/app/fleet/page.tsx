// The fleet page. The catalog is read here on the server and handed to the
// client, so the browser needs no extra request (and no REST key) for it.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FIGURE_NAMES, type VehicleFigures } from "@/contract/fleet";
import { FleetManager } from "@/components/fleet/FleetManager";
import type { ModelInfo } from "@/components/fleet/figures";
import { AppShell } from "@/components/shell/AppShell";
import { TRPCReactProvider } from "@/components/trpc";
import { VEHICLE_MODELS } from "@/engine/vehicles/catalog";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("fleet"))("metaTitle") };
}

const MODELS: ModelInfo[] = VEHICLE_MODELS.map((m) => ({
  code: m.code,
  manufacturer: m.manufacturer,
  name: m.name,
  figures: Object.fromEntries(FIGURE_NAMES.map((k) => [k, m[k]])) as VehicleFigures,
}));

export default function FleetPage() {
  return (
    <TRPCReactProvider>
      <AppShell>
        <FleetManager models={MODELS} />
      </AppShell>
    </TRPCReactProvider>
  );
}
