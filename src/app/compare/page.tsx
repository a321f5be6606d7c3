// Two plans side by side (/compare?a={id}&b={id}).
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ComparePage } from "@/components/history/ComparePage";
import { planId, type SearchParams } from "@/components/history/params";
import { AppShell } from "@/components/shell/AppShell";
import { TRPCReactProvider } from "@/components/trpc";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("historyTitles"))("compare") };
}

export default async function Compare({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  return (
    <TRPCReactProvider>
      <AppShell>
        <ComparePage a={planId(sp.a)} b={planId(sp.b)} />
      </AppShell>
    </TRPCReactProvider>
  );
}
