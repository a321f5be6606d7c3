// A stored plan laid out for paper.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlanNotFound } from "@/components/history/NotFound";
import { planId, type PlanParams } from "@/components/history/params";
import { PrintPage } from "@/components/history/PrintPage";
import { AppShell } from "@/components/shell/AppShell";
import { TRPCReactProvider } from "@/components/trpc";

export async function generateMetadata({ params }: { params: PlanParams }): Promise<Metadata> {
  return { title: (await getTranslations("historyTitles"))("print", { id: (await params).optimization_id }) };
}

export default async function PrintPlan({ params }: { params: PlanParams }) {
  const raw = (await params).optimization_id;
  const id = planId(raw);
  return (
    <TRPCReactProvider>
      <AppShell>{id ? <PrintPage id={id} /> : <PlanNotFound id={raw} />}</AppShell>
    </TRPCReactProvider>
  );
}
