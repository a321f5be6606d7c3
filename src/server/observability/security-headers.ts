// The per-request security headers (pages and API), used by proxy.ts: the
// Content-Security-Policy with a nonce, and HSTS over https. The fixed headers
// and the tile URL are in static-headers.mjs (next.config.mjs reads them).
import { tileUrlTemplate } from "./static-headers.mjs";

/**
 * The CSP source for a tile URL template: its scheme, host and port, with a
 * templated leading label (`{s}.tile.example.org`) as `*.tile.example.org`.
 * Null for no tiles or a same-origin path ('self' covers those). A host CSP
 * cannot name exactly (a placeholder further right, an IPv6 literal) falls back
 * to the scheme alone, so the map keeps its tiles.
 */
export function tileSource(template: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return null;
  const scheme = m[1].toLowerCase();
  const hostPort = /^([^:]+)(?::(\d{1,5}))?$/.exec(m[2].toLowerCase());
  if (!hostPort) return `${scheme}:`;
  const [, host, port] = hostPort;
  const labels = host.split(".");
  let lastTemplated = -1;
  labels.forEach((l, i) => {
    if (l.includes("{")) lastTemplated = i;
  });
  const fixed = labels.slice(lastTemplated + 1);
  const plain = fixed.length > 0 && fixed.every((l) => /^[a-z0-9-]+$/.test(l));
  if (!plain || (lastTemplated >= 0 && fixed.length < 2)) return `${scheme}:`;
  return `${scheme}://${lastTemplated >= 0 ? "*." : ""}${fixed.join(".")}${port ? `:${port}` : ""}`;
}

export interface CspOptions {
  /** Per-request nonce: Next puts it on its own scripts (needs dynamic rendering). */
  nonce: string;
  /** Served over https (adds upgrade-insecure-requests). */
  https: boolean;
  /** `next dev` needs eval for React's debugging aids. */
  dev?: boolean;
  /** The map's tile URL template (default: tileUrlTemplate() now). */
  tileUrl?: string;
}

/**
 * Scripts: only this origin's, started by a nonce'd script ('strict-dynamic'
 * lets Next's loader add its chunks). Styles: inline allowed (Leaflet positions
 * its panes and markers with style attributes). Images: own, data: (Leaflet's
 * icons), blob: and the tile server. No framing, plugins or foreign form targets.
 */
export function contentSecurityPolicy(o: CspOptions): string {
  const tiles = tileSource(o.tileUrl ?? tileUrlTemplate());
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${o.nonce}' 'strict-dynamic'${o.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ""}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(o.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** Sent only on answers over https (directly or as X-Forwarded-Proto says). */
export const HSTS = "max-age=31536000";

/** Over https: the URL's scheme, or the first X-Forwarded-Proto of a TLS-terminating proxy. */
export function servedOverHttps(url: string, forwardedProto: string | null): boolean {
  const proto = forwardedProto?.split(",")[0]?.trim().toLowerCase();
  return proto ? proto === "https" : url.startsWith("https:");
}

/** A fresh nonce: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
