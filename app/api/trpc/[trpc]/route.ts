// tRPC endpoint for the web UI.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/trpc/routers";
import { createContext } from "@/server/trpc/init";

export const dynamic = "force-dynamic";

function handler(req: Request) {
  return fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter, createContext: ({ req, resHeaders }) => createContext({ req, resHeaders }) });
}

export { handler as GET, handler as POST };
