// Human-readable API reference rendered from the OpenAPI document; no scripts
// or assets from elsewhere, so it works offline.
import { openApiDocument } from "@/server/openapi";
import { SchemaView, type JsonSchema } from "./schema-view";
import styles from "./docs.module.css";

export const dynamic = "force-static";
export const metadata = { title: "API reference · E-truck planner" };

type Response = { description: string; content?: Record<string, { schema: JsonSchema }> };
type Operation = {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response | { $ref: string }>;
};

export default function DocsPage() {
  const doc = openApiDocument() as unknown as {
    info: { title: string; version: string; description: string };
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, JsonSchema>; responses: Record<string, Response> };
  };
  // Answers every operation shares are components (`#/components/responses/<name>`).
  const resolve = (r: Response | { $ref: string }): Response => ("$ref" in r ? doc.components.responses[r.$ref.split("/").pop()!] : r);
  return (
    <main className={styles.page}>
      <h1>{doc.info.title} <small>API {doc.info.version}</small></h1>
      <p>{doc.info.description}</p>
      <p>
        Authentication: every endpoint takes <code>Authorization: Bearer &lt;API key&gt;</code>; a missing or wrong key answers 401.
        Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).
      </p>
      <nav className={styles.toc} aria-label="Endpoints">
        <ul>
          {Object.entries(doc.paths).flatMap(([path, ops]) =>
            Object.entries(ops).map(([method, op]) => (
              <li key={method + path}><a href={`#${method}-${path}`}><code>{method.toUpperCase()} {path}</code></a> {op.summary}</li>
            )),
          )}
        </ul>
      </nav>
      {Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => (
          <section key={method + path} id={`${method}-${path}`} className={styles.op}>
            <h2><code>{method.toUpperCase()} {path}</code></h2>
            <p>{op.summary}</p>
            {op.description && <p>{op.description}</p>}
            {op.parameters?.length ? (
              <>
                <h3>Parameters</h3>
                <table className={styles.table}>
                  <thead><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th><th>Meaning</th></tr></thead>
                  <tbody>
                    {op.parameters.map((p) => (
                      <tr key={p.in + p.name}>
                        <td><code>{p.name}</code></td><td>{p.in}</td><td>{p.required ? "yes" : "no"}</td>
                        <td><SchemaView schema={p.schema} schemas={doc.components.schemas} /></td><td>{p.description}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            ) : null}
            {op.requestBody && (
              <>
                <h3>Body</h3>
                <SchemaView schema={op.requestBody.content["application/json"].schema} schemas={doc.components.schemas} />
              </>
            )}
            <h3>Responses</h3>
            <ul>
              {Object.entries(op.responses).map(([status, answer]) => [status, resolve(answer)] as const).map(([status, r]) => (
                <li key={status}>
                  <strong>{status}</strong> {r.description}{" "}
                  {r.content && <SchemaView schema={r.content["application/json"].schema} schemas={doc.components.schemas} />}
                </li>
              ))}
            </ul>
          </section>
        )),
      )}
      <h2>Schemas</h2>
      {Object.entries(doc.components.schemas).map(([name, schema]) => (
        <section key={name} id={`schema-${name}`} className={styles.op}>
          <h3>{name}</h3>
          <SchemaView schema={schema} schemas={doc.components.schemas} expand />
        </section>
      ))}
    </main>
  );
}
