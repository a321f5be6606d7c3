// Cross-site request check for the web UI's cookie-authenticated endpoints
// (tRPC). The session cookie is SameSite=Strict, which keeps other sites out
// but not sibling subdomains (same site); this check admits a state-changing
// request only from the app's own origin:
// - a browser that sends Sec-Fetch-Site: only "same-origin";
// - else a browser that sends Origin: its host must be the request's host
//   (X-Forwarded-Host when a proxy sets it, else Host);
// - neither header: not a browser (curl, server-to-server), nothing to forge.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function first(value: string | null): string | null {
  return value?.split(",")[0]?.trim() || null;
}

/** Why the request is refused as cross-site, or null when it may proceed. */
export function crossSiteReason(req: Request): string | null {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return null;
  const site = req.headers.get("sec-fetch-site")?.trim().toLowerCase();
  if (site) return site === "same-origin" ? null : `Sec-Fetch-Site is '${site}'`;
  const origin = req.headers.get("origin");
  if (origin === null) return null;
  const host = first(req.headers.get("x-forwarded-host")) ?? first(req.headers.get("host")) ?? new URL(req.url).host;
  let originHost: string | null = null;
  try {
    originHost = origin === "null" ? null : new URL(origin).host;
  } catch {
    originHost = null;
  }
  return originHost !== null && originHost.toLowerCase() === host.toLowerCase() ? null : `Origin '${origin.slice(0, 200)}' is not this site`;
}
