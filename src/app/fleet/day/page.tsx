// The fleet day page: a day's tours planned together (src/components/fleet-day); a submitted day moves to /fleet/day/{fleet_id}.
import { FleetDayView } from "@/components/fleet-day/FleetDayView";
import { AppShell } from "@/components/shell/AppShell";
import { TRPCReactProvider } from "@/components/trpc";
import { fleetDayMetadata } from "./page-title";

export const generateMetadata = fleetDayMetadata;

export default function FleetDayPage() {
  return (
    <TRPCReactProvider>
      <AppShell>
        <FleetDayView withForm />
      </AppShell>
    </TRPCReactProvider>
  );
}
