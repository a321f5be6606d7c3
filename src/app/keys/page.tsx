// The tenant's API keys (admins manage them; members see why they cannot).
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { KeysManager } from "@/components/keys/KeysManager";
import { AppShell } from "@/components/shell/AppShell";
import { TRPCReactProvider } from "@/components/trpc";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("keys"))("metaTitle") };
}

export default function KeysPage() {
  return (
    <TRPCReactProvider>
      <AppShell>
        <KeysManager />
      </AppShell>
    </TRPCReactProvider>
  );
}
