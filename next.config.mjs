// @ts-check
import createNextIntlPlugin from "next-intl/plugin";
import { STATIC_SECURITY_HEADERS, tileUrlTemplate } from "./src/server/observability/static-headers.mjs";

/** @type {import('next').NextConfig} */
const config = {
  // Native and driver modules stay outside the bundle; prom-client too, so the
  // process has one copy of its default-metrics collectors (pino is external by default).
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg", "@prisma/client", "prom-client"],
  poweredByHeader: false,
  // scripts/start.ts compresses (br and gzip) in front of Next.
  compress: false,
  // The map's tile URL as the page is built with it (NEXT_PUBLIC_TILE_URL is inlined
  // at build time only when set): src/proxy.ts builds the CSP's img-src from the same value.
  env: { PLANNER_BUILD_TILE_URL: tileUrlTemplate() },
  typedRoutes: false,
  // Fixed security headers on every answer, static files included; the
  // Content-Security-Policy (nonce per request) and HSTS (https only) come from src/proxy.ts.
  async headers() {
    return [{ source: "/:path*", headers: STATIC_SECURITY_HEADERS }];
  },
};

// next-intl finds each request's language and messages in src/i18n/request.ts.
export default createNextIntlPlugin("./src/i18n/request.ts")(config);
