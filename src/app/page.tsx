// The fleet manager's page: sign in, plan a tour, follow the job, read the plan.
import { PlannerApp } from "@/components/planner/PlannerApp";
import { AppShell } from "@/components/shell/AppShell";
import { TRPCReactProvider } from "@/components/trpc";

export default function Home() {
  return (
    <TRPCReactProvider>
      <AppShell>
        <PlannerApp />
      </AppShell>
    </TRPCReactProvider>
  );
}
