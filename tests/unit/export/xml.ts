// A small element tree from saxes, to read exported GPX back as a GPS app would.
import { SaxesParser } from "saxes";

export interface XmlNode {
  name: string;
  uri: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** Parses a whole document; throws on anything that is not well-formed XML. */
export function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlNode = { name: "#document", uri: "", attrs: {}, children: [], text: "" };
  const stack: XmlNode[] = [root];
  parser.on("error", (e) => {
    throw e;
  });
  parser.on("opentag", (t) => {
    const attrs: Record<string, string> = {};
    for (const [k, a] of Object.entries(t.attributes)) attrs[k] = a.value;
    const node: XmlNode = { name: t.local, uri: t.uri, attrs, children: [], text: "" };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
  });
  parser.on("text", (t) => {
    stack[stack.length - 1].text += t;
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  parser.write(xml).close();
  return root.children[0];
}

export const kids = (n: XmlNode, name: string) => n.children.filter((c) => c.name === name);
export const kid = (n: XmlNode, name: string) => kids(n, name)[0];
