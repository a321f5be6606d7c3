// Next.js 16 Proxy (formerly middleware): the Content-Security-Policy with a
// fresh nonce for every request (Next puts the nonce on its own scripts while
// rendering, read from the request's CSP header: the pages render per request,
// see app/layout.tsx) and HSTS when the request came over https. The fixed
// security headers come from next.config.mjs.
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, createNonce, HSTS, servedOverHttps } from "./server/observability/security-headers";

export function proxy(request: NextRequest) {
  const https = servedOverHttps(request.url, request.headers.get("x-forwarded-proto"));
  const nonce = createNonce();
  const csp = contentSecurityPolicy({ nonce, https, dev: process.env.NODE_ENV === "development", tileUrl: process.env.PLANNER_BUILD_TILE_URL });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  if (https) response.headers.set("Strict-Transport-Security", HSTS);
  return response;
}

export const config = {
  // Everything but the build's static files and public/ (those get next.config.mjs' headers).
  matcher: ["/((?!_next/static|_next/image|favicon.ico|apple-touch-icon.png|icon.svg|icon-192.png|icon-512.png|manifest.webmanifest|robots.txt).*)"],
};
