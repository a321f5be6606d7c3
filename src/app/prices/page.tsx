// The tenant's charging prices (admins set them; every member reads them).
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PricesManager } from "@/components/prices/PricesManager";
import { AppShell } from "@/components/shell/AppShell";
import { TRPCReactProvider } from "@/components/trpc";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("historyTitles"))("prices") };
}

export default function PricesPage() {
  return (
    <TRPCReactProvider>
      <AppShell>
        <PricesManager />
      </AppShell>
    </TRPCReactProvider>
  );
}
