// A submitted fleet day at its own address (reload, History's link); another tenant's or a malformed id reads "not found".
import type { Metadata } from "next";
import { FleetDayView } from "@/components/fleet-day/FleetDayView";
import { AppShell } from "@/components/shell/AppShell";
import { TRPCReactProvider } from "@/components/trpc";

export const metadata: Metadata = { title: "Fleet day · E-truck planner" };

export default function StoredFleetDayPage() {
  return (
    <TRPCReactProvider>
      <AppShell>
        <FleetDayView withForm={false} />
      </AppShell>
    </TRPCReactProvider>
  );
}
