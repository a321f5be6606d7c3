// The tenant's charging prices (admins set them; every member reads them).
import type { Metadata } from "next";
import { PricesManager } from "@/components/prices/PricesManager";
import { AppShell } from "@/components/shell/AppShell";
import { TRPCReactProvider } from "@/components/trpc";

export const metadata: Metadata = { title: "Prices · E-truck planner" };

export default function PricesPage() {
  return (
    <TRPCReactProvider>
      <AppShell>
        <PricesManager />
      </AppShell>
    </TRPCReactProvider>
  );
}
