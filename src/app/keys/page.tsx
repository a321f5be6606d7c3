// The tenant's API keys (admins manage them; members see why they cannot).
import type { Metadata } from "next";
import { KeysManager } from "@/components/keys/KeysManager";
import { AppShell } from "@/components/shell/AppShell";
import { TRPCReactProvider } from "@/components/trpc";

export const metadata: Metadata = { title: "API keys · E-truck planner" };

export default function KeysPage() {
  return (
    <TRPCReactProvider>
      <AppShell>
        <KeysManager />
      </AppShell>
    </TRPCReactProvider>
  );
}
