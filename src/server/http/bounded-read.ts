// Reading a byte stream with a cap: request bodies (413) and the answers of services the server
// asks (the street-level geocoder) alike. Reading stops at the first chunk past the cap, whatever a
// Content-Length said, so a chunked body or answer of any size costs at most the cap.

/** The stream's bytes as UTF-8 text, or `null` (the stream cancelled) as soon as they pass `maxBytes`. */
export async function readCappedText(stream: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string | null> {
  if (!stream) return "";
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** A declared Content-Length over `maxBytes` (a missing or unreadable one is not: the read decides). */
export function declaredOver(headers: Headers, maxBytes: number): boolean {
  return Number(headers.get("content-length") ?? "0") > maxBytes;
}
