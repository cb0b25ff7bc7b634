# A minimal MCP server over stdio in plain Python (no SDK): one tool, echo.
import json
import sys

TOOLS = [{"name": "echo", "description": "Echo a message.",
          "inputSchema": {"type": "object", "properties": {"message": {"type": "string"}},
                          "required": ["message"]}}]

for line in sys.stdin:
    msg = json.loads(line)
    if "id" not in msg:
        continue
    method, result = msg.get("method"), None
    if method == "initialize":
        result = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                  "serverInfo": {"name": "echo.py", "version": "1"}}
    elif method == "tools/list":
        result = {"tools": TOOLS}
    elif method == "tools/call":
        text = "python says: " + msg["params"]["arguments"].get("message", "")
        result = {"content": [{"type": "text", "text": text}]}
    if result is None:
        reply = {"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "Method not found"}}
    else:
        reply = {"jsonrpc": "2.0", "id": msg["id"], "result": result}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
