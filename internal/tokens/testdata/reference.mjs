// Produces reference.json: the token counts of every tool definition under
// tools/ (as the OpenAI Chat Completions API takes it) and of every text in
// texts.json, from two implementations independent of ours: js-tiktoken
// (a JavaScript port) and tiktoken (OpenAI's Rust code built to WASM). It
// fails when the two disagree. Run it with reference.sh, which installs them.
import { createRequire } from "node:module";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(process.argv[2], "package.json"));
const jsTiktoken = require("js-tiktoken");
const wasmTiktoken = require("tiktoken");
const version = (name) =>
  JSON.parse(readFileSync(join(process.argv[2], "node_modules", name, "package.json"), "utf8")).version;

const encodings = ["o200k_base", "cl100k_base"];
const js = Object.fromEntries(encodings.map((e) => [e, jsTiktoken.getEncoding(e)]));
const wasm = Object.fromEntries(encodings.map((e) => [e, wasmTiktoken.get_encoding(e)]));

// count encodes text as ordinary text: a special token's spelling such as
// <|endoftext|> in a description is text to a client, not a control token.
function count(text) {
  const out = {};
  for (const e of encodings) {
    const a = js[e].encode(text, [], []).length;
    const b = wasm[e].encode_ordinary(text).length;
    if (a !== b) throw new Error(`${e}: js-tiktoken ${a} != tiktoken ${b} for ${JSON.stringify(text).slice(0, 80)}`);
    out[e] = a;
  }
  return out;
}

// openaiTool is a tool definition as a client sends it in the request's
// tools array; JSON.stringify keeps the server's key order.
function openaiTool(t) {
  const fn = { name: t.name };
  if (t.description) fn.description = t.description;
  fn.parameters = t.inputSchema;
  return JSON.stringify({ type: "function", function: fn });
}

const tools = [];
for (const file of readdirSync(join(here, "tools")).sort()) {
  const list = JSON.parse(readFileSync(join(here, "tools", file), "utf8")).tools;
  for (const t of list) tools.push({ file, name: t.name, ...count(openaiTool(t)) });
}
const texts = JSON.parse(readFileSync(join(here, "texts.json"), "utf8")).map((t) => count(t));

const out = {
  generator: `testdata/reference.mjs with js-tiktoken ${version("js-tiktoken")} and tiktoken ${version("tiktoken")} (node ${process.version})`,
  tools,
  texts,
};
writeFileSync(join(here, "reference.json"), JSON.stringify(out, null, 1) + "\n");
console.log(`${tools.length} tools, ${texts.length} texts`);
