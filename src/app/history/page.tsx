// The tenant's plans, newest first (/history?page=N).
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HistoryPage } from "@/components/history/HistoryPage";
import { planId, type SearchParams } from "@/components/history/params";
import { AppShell } from "@/components/shell/AppShell";
import { TRPCReactProvider } from "@/components/trpc";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("historyTitles"))("history") };
}

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
