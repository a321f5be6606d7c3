// A basemap layer built once per process, answered with an ETag so browsers revalidate cheaply.
export function geoJsonResponse(req: Request, layer: { body: Buffer; etag: string }, maxAgeS: number): Response {
  const headers: Record<string, string> = {
    "content-type": "application/geo+json",
    "cache-control": `public, max-age=${maxAgeS}`,
    etag: layer.etag,
  };
  if (req.headers.get("if-none-match") === layer.etag) return new Response(null, { status: 304, headers });
  // next start compresses the response (gzip) for clients that accept it.
  return new Response(new Uint8Array(layer.body), { headers });
}
