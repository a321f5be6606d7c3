// Renders a JSON Schema as nested field tables: the page's words in the reader's
// language, the schema's descriptions as the document has them (English).
import { useTranslations } from "next-intl";
import styles from "./docs.module.css";

export type JsonSchema = {
  $ref?: string; type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[];
  items?: JsonSchema; prefixItems?: JsonSchema[]; anyOf?: JsonSchema[]; enum?: unknown[]; description?: string; default?: unknown;
  minimum?: number; maximum?: number; minItems?: number; maxItems?: number; format?: string; additionalProperties?: JsonSchema | boolean;
};

const refName = (ref: string) => ref.split("/").pop() ?? ref;

/** The language of the OpenAPI document's own texts (the REST contract's). */
export const DOC_LANG = "en";

type DocsT = ReturnType<typeof useTranslations<"apiDocs">>;

/** A schema's type as it reads in a table: a link to a named schema, a union, "array of number", "number (≥ 0)". */
export function typeLabel(t: DocsT, s: JsonSchema): React.ReactNode {
  if (s.$ref) return <a href={`#schema-${refName(s.$ref)}`}>{refName(s.$ref)}</a>;
  if (s.anyOf) return s.anyOf.map((x, i) => <span key={i}>{i > 0 && " | "}{typeLabel(t, x)}</span>);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.type === "array") {
    const items = s.items ? typeLabel(t, s.items) : s.prefixItems ? `[${s.prefixItems.map((p) => p.type).join(", ")}]` : "any";
    return t.rich("arrayOf", { items: () => items });
  }
  const rules = [
    s.minimum !== undefined && s.minimum > -9e15 ? `≥ ${s.minimum}` : null,
    s.maximum !== undefined && s.maximum < 9e15 ? `≤ ${s.maximum}` : null,
    s.format ?? null,
  ].filter(Boolean);
  return <>{Array.isArray(s.type) ? s.type.join(" | ") : s.type ?? "any"}{rules.length ? ` (${rules.join(", ")})` : ""}</>;
}

export function SchemaView({ schema, schemas, expand = false }: { schema: JsonSchema; schemas: Record<string, JsonSchema>; expand?: boolean }) {
  const t = useTranslations("apiDocs");
  if (!expand || !schema.properties) return <code>{typeLabel(t, schema)}</code>;
  return (
    <table className={styles.table}>
      <thead><tr><th>{t("field")}</th><th>{t("type")}</th><th>{t("required")}</th><th>{t("default")}</th><th>{t("meaning")}</th></tr></thead>
      <tbody>
        {Object.entries(schema.properties).map(([name, p]) => (
          <tr key={name}>
            <td><code>{name}</code></td>
            <td><code>{typeLabel(t, p)}</code></td>
            <td>{schema.required?.includes(name) ? t("yes") : t("no")}</td>
            <td>{p.default !== undefined ? <code>{JSON.stringify(p.default)}</code> : ""}</td>
            <td lang={DOC_LANG}>{p.description ?? (p.anyOf?.find((x) => x.description)?.description ?? "")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
