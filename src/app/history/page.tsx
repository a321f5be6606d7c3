// The tenant's plans, newest first (/history?page=N).
import type { Metadata } from "next";
import { HistoryPage } from "@/components/history/HistoryPage";
import { planId, type SearchParams } from "@/components/history/params";
import { AppShell } from "@/components/shell/AppShell";
import { TRPCReactProvider } from "@/components/trpc";

export const metadata: Metadata = { title: "Plan history · E-truck planner" };

export default async function History({ searchParams }: { searchParams: SearchParams }) {
  const page = planId((await searchParams).page) ?? 1;
  return (
    <TRPCReactProvider>
      <AppShell>
        <HistoryPage initialPage={page} />
      </AppShell>
    </TRPCReactProvider>
  );
}
