// orval's settings for tests/unit/openapi/clients.test.ts: the fetch client, header parameters
// (Idempotency-Key) as arguments, requests through orval-fetch.ts.
export default {
  planner: {
    input: { target: "./generated/openapi.json" },
    output: { target: "./generated/orval/client.ts", client: "fetch", mode: "single", headers: true, override: { mutator: { path: "./orval-fetch.ts", name: "customFetch" } } },
  },
};
