// Reads `thousand protocol schema` on stdin and writes, for `npm run types`:
//  - FOLDER/*.schema.json: the messages this bot reads and writes, which quicktype turns into
//    src/messages.ts. A request's "events" are left out: this bot's hello asks the referee to
//    omit them (it reads the view), and a schema-fields.json cannot describe their union;
//  - schema-fields.json: every field src/messages.ts declares, with its JSON types (or its
//    enum's values), by where it is in the schema: the drift test (tests/starters) compares it
//    with the referee's schema and with src/messages.ts.
// Node's standard library only.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const MESSAGES = [
  ["common", "game_start"],
  ["common", "bot_action"],
  ["dice", "hello"],
  ["cards", "hello"],
  ["dice", "request"],
  ["cards", "request"],
];

function resolve(node, root) {
  while (node.$ref) node = root.$defs[node.$ref.replace("#/$defs/", "")];
  return node;
}

function branches(node, root) {
  node = resolve(node, root);
  return node.anyOf ? node.anyOf.flatMap((b) => branches(b, root)) : [node];
}

function typeOf(value) {
  if (value === null) return "null";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return Array.isArray(value) ? "array" : typeof value;
}

// A field's entry: its enum's values, or its JSON types ("integer|null").
function kind(node, root) {
  const all = branches(node, root);
  if (all.every((b) => "enum" in b || "const" in b || b.type === "null")) {
    return all.flatMap((b) => ("enum" in b ? b.enum : "const" in b ? [b.const] : [null]));
  }
  const types = new Set();
  for (const b of all) {
    if (Array.isArray(b.type)) b.type.forEach((t) => types.add(t));
    else if (b.type) types.add(b.type);
    else if ("const" in b) types.add(typeOf(b.const));
    else if ("enum" in b) b.enum.forEach((v) => types.add(typeOf(v)));
  }
  return [...types].sort().join("|");
}

// Every object's fields under `path`, the object's own and those of objects inside it.
function walk(node, root, path, messages) {
  const fields = {};
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    fields[name] = kind(property, root);
    for (let inner of branches(property, root)) {
      if (inner.type === "array") inner = resolve(inner.items, root);
      if (inner.type === "object" && inner.properties) {
        walk(inner, root, `${path}.${name}`, messages);
        break;
      }
    }
  }
  messages[path] = fields;
}

const [folder] = process.argv.slice(2);
const document = JSON.parse(readFileSync(0, "utf8"));
mkdirSync(folder, { recursive: true });
const messages = {};
for (const [group, name] of MESSAGES) {
  const schema = structuredClone(document[group][name]);
  if (name === "request") delete schema.properties.events;
  writeFileSync(join(folder, `${group}-${name}.schema.json`), JSON.stringify(schema, null, 1));
  walk(resolve(schema, schema), schema, `${group}.${name}`, messages);
}
const fields = {
  sources: ["src/messages.ts"],
  declared: "(?m)^ +(\\w+)\\??:",
  messages,
};
writeFileSync("schema-fields.json", JSON.stringify(fields, null, 2) + "\n");
