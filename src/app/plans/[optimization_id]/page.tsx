// A stored plan at its own address; the URL is the link shared within the tenant.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlanNotFound } from "@/components/history/NotFound";
import { planId, type PlanParams } from "@/components/history/params";
import { PlanPage } from "@/components/history/PlanPage";
import { AppShell } from "@/components/shell/AppShell";
import { TRPCReactProvider } from "@/components/trpc";

export async function generateMetadata({ params }: { params: PlanParams }): Promise<Metadata> {
  return { title: (await getTranslations("historyTitles"))("plan", { id: (await params).optimization_id }) };
}

export default async function Plan({ params }: { params: PlanParams }) {
  const raw = (await params).optimization_id;
  const id = planId(raw);
  return (
    <TRPCReactProvider>
      <AppShell>{id ? <PlanPage id={id} /> : <PlanNotFound id={raw} />}</AppShell>
    </TRPCReactProvider>
  );
}
