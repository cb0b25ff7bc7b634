// A minimal MCP server over stdio in plain Node (no SDK): one tool, echo.
const readline = require("readline");

const tools = [{
  name: "echo", description: "Echo a message.",
  inputSchema: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
}];

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const msg = JSON.parse(line);
  if (msg.id === undefined) return;
  let result;
  if (msg.method === "initialize") {
    result = { protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "echo.js", version: "1" } };
  } else if (msg.method === "tools/list") {
    result = { tools };
  } else if (msg.method === "tools/call") {
    result = { content: [{ type: "text", text: "node says: " + (msg.params.arguments.message || "") }] };
  }
  const reply = result === undefined
    ? { jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Method not found" } }
    : { jsonrpc: "2.0", id: msg.id, result };
  process.stdout.write(JSON.stringify(reply) + "\n");
});
