// The fetch orval's generated functions call (its `mutator`): the partner's base URL, API key and fetch.
let settings = { baseUrl: "", apiKey: "", fetch: globalThis.fetch };

export function configure(next: typeof settings): void {
  settings = next;
}

export async function customFetch<T>(url: string, options: RequestInit): Promise<T> {
  const headers = new Headers(options.headers);
  headers.set("Authorization", `Bearer ${settings.apiKey}`);
  const res = await settings.fetch(`${settings.baseUrl}${url}`, { ...options, headers });
  const text = [204, 205, 304].includes(res.status) ? "" : await res.text();
  return { status: res.status, data: text ? JSON.parse(text) : undefined, headers: res.headers } as T;
}
