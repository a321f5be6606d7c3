"use client";
// tRPC client for the web UI: one QueryClient per browser tab, requests batched
// to /api/trpc. The session lives in an httpOnly cookie set by session.signIn;
// nothing here ever stores the API key.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import type { AppRouter } from "@/server/trpc/routers";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

const codeOf = (error: unknown) => (error as { data?: { code?: string } } | null)?.data?.code;

function makeQueryClient(): QueryClient {
  // A request the session no longer covers (cookie expired or revoked key):
  // re-ask session.me, which sends the page back to the sign-in form.
  const onError = (error: unknown) => {
    if (codeOf(error) === "UNAUTHORIZED") void client.invalidateQueries({ queryKey: [["session", "me"]] });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Authorization and validation errors do not get better by retrying.
        retry: (count, error) => {
          const code = codeOf(error);
          if (code === "UNAUTHORIZED" || code === "FORBIDDEN" || code === "NOT_FOUND" || code === "BAD_REQUEST") return false;
          return count < 2;
        },
      },
    },
  });
  return client;
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: "/api/trpc", fetch: (url, init) => fetch(url, { ...init, credentials: "same-origin" }) })],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
