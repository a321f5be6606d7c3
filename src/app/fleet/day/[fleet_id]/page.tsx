// A submitted fleet day at its own address (reload, History's link); another tenant's or a malformed id reads "not found".
import { FleetDayView } from "@/components/fleet-day/FleetDayView";
import { AppShell } from "@/components/shell/AppShell";
import { TRPCReactProvider } from "@/components/trpc";
import { fleetDayMetadata } from "../page-title";

export const generateMetadata = fleetDayMetadata;

export default function StoredFleetDayPage() {
  return (
    <TRPCReactProvider>
      <AppShell>
        <FleetDayView withForm={false} />
      </AppShell>
    </TRPCReactProvider>
  );
}
