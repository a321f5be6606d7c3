// Human-readable API reference rendered from the OpenAPI document; no scripts
// or assets from elsewhere, so it works offline. The page's own words are in the
// reader's language (rendered per request, as every page: app/layout.tsx); the
// document's titles and descriptions are the REST contract's, in English, and
// marked so (lang="en") for screen readers and translation tools.
import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { openApiDocument } from "@/server/openapi";
import { DOC_LANG, SchemaView, type JsonSchema } from "./schema-view";
import styles from "./docs.module.css";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("apiDocs"))("metaTitle") };
}

type Response = { description: string; content?: Record<string, { schema: JsonSchema }> };
type Operation = {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response | { $ref: string }>;
};

type Document = {
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, Response> };
};

// The page renders per request (its words follow the reader's language), the document does not change:
// built once per process (a few hundred ms of the web thread).
let built: Document | undefined;
const apiDocument = () => (built ??= openApiDocument() as unknown as Document);

export default function DocsPage() {
  const t = useTranslations("apiDocs");
  const doc = apiDocument();
  // Answers every operation shares are components (`#/components/responses/<name>`).
  const resolve = (r: Response | { $ref: string }): Response => ("$ref" in r ? doc.components.responses[r.$ref.split("/").pop()!] : r);
  return (
    <main className={styles.page}>
      <h1><span lang={DOC_LANG}>{doc.info.title}</span> <small>{t("version", { version: doc.info.version })}</small></h1>
      <p lang={DOC_LANG}>{doc.info.description}</p>
      <p>
        {t.rich("authentication", { header: `Authorization: Bearer <${t("keyPlaceholder")}>`, code: (c) => <code>{c}</code> })}{" "}
        {t.rich("machineReadable", { link: (c) => <a href="/openapi.json">{c}</a> })}
      </p>
      <nav className={styles.toc} aria-label={t("endpoints")}>
        <ul>
          {Object.entries(doc.paths).flatMap(([path, ops]) =>
            Object.entries(ops).map(([method, op]) => (
              <li key={method + path}><a href={`#${method}-${path}`}><code>{method.toUpperCase()} {path}</code></a> <span lang={DOC_LANG}>{op.summary}</span></li>
            )),
          )}
        </ul>
      </nav>
      {Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => (
          <section key={method + path} id={`${method}-${path}`} className={styles.op}>
            <h2><code>{method.toUpperCase()} {path}</code></h2>
            <p lang={DOC_LANG}>{op.summary}</p>
            {op.description && <p lang={DOC_LANG}>{op.description}</p>}
            {op.parameters?.length ? (
              <>
                <h3>{t("parameters")}</h3>
                <table className={styles.table}>
                  <thead><tr><th>{t("name")}</th><th>{t("in")}</th><th>{t("required")}</th><th>{t("schema")}</th><th>{t("meaning")}</th></tr></thead>
                  <tbody>
                    {op.parameters.map((p) => (
                      <tr key={p.in + p.name}>
                        <td><code>{p.name}</code></td><td><code>{p.in}</code></td><td>{p.required ? t("yes") : t("no")}</td>
                        <td><SchemaView schema={p.schema} schemas={doc.components.schemas} /></td><td lang={DOC_LANG}>{p.description}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            ) : null}
            {op.requestBody && (
              <>
                <h3>{t("body")}</h3>
                <SchemaView schema={op.requestBody.content["application/json"].schema} schemas={doc.components.schemas} />
              </>
            )}
            <h3>{t("responses")}</h3>
            <ul>
              {Object.entries(op.responses).map(([status, answer]) => [status, resolve(answer)] as const).map(([status, r]) => (
                <li key={status}>
                  <strong>{status}</strong> <span lang={DOC_LANG}>{r.description}</span>{" "}
                  {r.content && <SchemaView schema={r.content["application/json"].schema} schemas={doc.components.schemas} />}
                </li>
              ))}
            </ul>
          </section>
        )),
      )}
      <h2>{t("schemas")}</h2>
      {Object.entries(doc.components.schemas).map(([name, schema]) => (
        <section key={name} id={`schema-${name}`} className={styles.op}>
          <h3>{name}</h3>
          <SchemaView schema={schema} schemas={doc.components.schemas} expand />
        </section>
      ))}
    </main>
  );
}
