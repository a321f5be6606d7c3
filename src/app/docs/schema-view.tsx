// Renders a JSON Schema as nested field tables.
import styles from "./docs.module.css";

export type JsonSchema = {
  $ref?: string; type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[];
  items?: JsonSchema; prefixItems?: JsonSchema[]; anyOf?: JsonSchema[]; enum?: unknown[]; description?: string; default?: unknown;
  minimum?: number; maximum?: number; minItems?: number; maxItems?: number; format?: string; additionalProperties?: JsonSchema | boolean;
};

const refName = (ref: string) => ref.split("/").pop() ?? ref;

export function typeLabel(s: JsonSchema): React.ReactNode {
  if (s.$ref) return <a href={`#schema-${refName(s.$ref)}`}>{refName(s.$ref)}</a>;
  if (s.anyOf) return s.anyOf.map((x, i) => <span key={i}>{i > 0 && " | "}{typeLabel(x)}</span>);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.type === "array") return <>array of {s.items ? typeLabel(s.items) : s.prefixItems ? `[${s.prefixItems.map((p) => p.type).join(", ")}]` : "any"}</>;
  const rules = [
    s.minimum !== undefined && s.minimum > -9e15 ? `≥ ${s.minimum}` : null,
    s.maximum !== undefined && s.maximum < 9e15 ? `≤ ${s.maximum}` : null,
    s.format ?? null,
  ].filter(Boolean);
  return <>{Array.isArray(s.type) ? s.type.join(" | ") : s.type ?? "any"}{rules.length ? ` (${rules.join(", ")})` : ""}</>;
}

export function SchemaView({ schema, schemas, expand = false }: { schema: JsonSchema; schemas: Record<string, JsonSchema>; expand?: boolean }) {
  if (!expand || !schema.properties) return <code>{typeLabel(schema)}</code>;
  return (
    <table className={styles.table}>
      <thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Default</th><th>Meaning</th></tr></thead>
      <tbody>
        {Object.entries(schema.properties).map(([name, p]) => (
          <tr key={name}>
            <td><code>{name}</code></td>
            <td><code>{typeLabel(p)}</code></td>
            <td>{schema.required?.includes(name) ? "yes" : "no"}</td>
            <td>{p.default !== undefined ? <code>{JSON.stringify(p.default)}</code> : ""}</td>
            <td>{p.description ?? (p.anyOf?.find((x) => x.description)?.description ?? "")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
