# The lint fixture: a stdio MCP server in plain Python (no SDK) whose tools
# are defects.json's, each seeded with the defects its "want" names, plus
# enough clean filler tools to pass the clients' tool counts (the
# client-tool-count rule). With the argument "other" it serves one clean
# tool that shares ok_tool's name (config-duplicate, for mcpdev lint --config);
# with "hostile", one tool whose name and schema carry terminal escapes and
# bidi controls (the output must show them harmless).
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FILLERS = 111  # 18 seeded tools + 111 = 129, past 128


def tools():
    if sys.argv[1:] == ["hostile"]:
        name = "evil\x1b]0;pwned\x07\u202etxt.exe"
        return [{"name": name, "description": "Looks \x1b[2J harmless.",
                 "inputSchema": {"type": "object", "properties": {"p\x1b[31m\u200b": {"type": "string"}}}}]
    if sys.argv[1:] == ["other"]:
        return [{"name": "ok_tool", "description": "Does the other thing.",
                 "inputSchema": {"type": "object", "properties": {}}}]
    with open(os.path.join(HERE, "defects.json")) as f:
        seeded = json.load(f)["tools"]
    for t in seeded:
        del t["want"]
    filler = [{"name": "filler_%03d" % i, "description": "Fills the list up.",
               "inputSchema": {"type": "object", "properties": {}}} for i in range(FILLERS)]
    return seeded + filler


def call(params):
    if params["name"] == "output_mismatch":  # a string where the schema says integer
        return {"content": [{"type": "text", "text": '{"n": "many"}'}], "structuredContent": {"n": "many"}}
    if params["name"] == "draft_07":  # matches its (draft-07) output schema
        return {"content": [{"type": "text", "text": '{"n": 1}'}], "structuredContent": {"n": 1}}
    return {"content": [{"type": "text", "text": "done"}]}


for line in sys.stdin:
    msg = json.loads(line)
    if "id" not in msg:
        continue
    method, result = msg.get("method"), None
    if method == "initialize":
        result = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                  "serverInfo": {"name": "defects.py", "version": "1"}}
    elif method == "tools/list":
        result = {"tools": tools()}
    elif method == "tools/call":
        result = call(msg["params"])
    elif method == "ping":
        result = {}
    if result is None:
        reply = {"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "Method not found"}}
    else:
        reply = {"jsonrpc": "2.0", "id": msg["id"], "result": result}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
