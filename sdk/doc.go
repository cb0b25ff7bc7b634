// Package sdk declares MCP tools, resources and prompts as plain Go
// functions and serves them, and connects to MCP servers as a client.
// Both protocol eras are spoken: the legacy one (an initialize handshake
// and a session, up to 2025-11-25) and the 2026 era (2026-07-28, every
// request on its own).
//
// # Tools
//
// A tool is a function of a context and an argument struct. [Tool] reads
// the rest from the function: the name (SearchBooks → search_books), the
// description (its doc comment) and the input schema (the struct's fields,
// their doc comments and tags):
//
//	// SearchArgs are the arguments of search_books.
//	type SearchArgs struct {
//		// Query is the title or author to search for.
//		Query string `json:"query"`
//		Limit int    `json:"limit,omitempty" jsonschema:"minimum=1,maximum=50,default=10"`
//	}
//
//	// SearchBooks searches the catalog by title or author.
//	func SearchBooks(ctx context.Context, args SearchArgs) ([]Book, error) { … }
//
//	s := sdk.NewServer("Bookshop", nil)
//	sdk.Tool(s, SearchBooks, nil)
//	if err := s.Run(ctx); err != nil { // stdio, until stdin closes
//		log.Fatal(err)
//	}
//
// `json:` names an argument, `jsonschema:` adds bounds, defaults, formats
// and enums, and `mcpheader:"Region"` ([ParamHeaderTag]) mirrors one into
// the HTTP header Mcp-Param-Region for load balancers. [ToolOptions]
// overrides what is inferred; arguments that break the schema never reach
// the function (the client gets Pydantic's wording). [Tool] panics on a
// programming error; [NewTool] and [Server.AddTool] return it instead.
//
// # Results
//
// What the function returns decides the result: a string, number or bool
// is one text block and {"result": v} as structured content; a struct or
// map is its JSON with an output schema inferred from the type; [Content]
// values ([Text], [Image], [Audio], [ResourceLink], [EmbeddedResource]) and
// a *[CallToolResult] are sent as given. A returned error or a panic is a
// result with IsError set ("Error executing tool NAME: …") and the server
// serves on; an *[RPCError] fails the request with its JSON-RPC code.
// Start a call's goroutines with [Go], so that their panics fail the call
// too.
//
//	type CoverArgs struct {
//		ISBN string `json:"isbn" jsonschema:"pattern=^[0-9]{13}$"`
//	}
//
//	func Cover(ctx context.Context, a CoverArgs) ([]sdk.Content, error) {
//		png, err := os.ReadFile(a.ISBN + ".png")
//		if err != nil {
//			return nil, err // an isError result
//		}
//		return []sdk.Content{sdk.Text(a.ISBN), sdk.Image(png, "image/png")}, nil
//	}
//
// # Resources and prompts
//
// A resource is a function of a context, registered at a URI; a template
// binds the variables of a URI template to a struct; a prompt turns
// arguments into messages ([UserMessage], [AssistantMessage]):
//
//	sdk.Resource(s, "bookshop://catalog", Catalog, nil)                    // func(ctx) ([]Book, error)
//	sdk.ResourceTemplate(s, "bookshop://books/{isbn}", BookByISBN, nil)    // func(ctx, BookURI) (Book, error)
//	sdk.Prompt(s, Recommend, &sdk.PromptOptions{Title: "Recommend books"}) // func(ctx, Args) ([]sdk.PromptMessage, error)
//
// [ErrResourceNotFound] answers a URI the function does not know;
// [PromptOptions].Complete completes a prompt argument; [Server.ResourceUpdated]
// tells subscribers that a resource changed.
//
// # Asking the client
//
// A handler may ask the person behind the client to fill in a form
// ([Elicit], or [ElicitURL] to open a link), the client's model to write a
// message ([Sample]) and the client for the directories it may work in
// ([Roots]); [Log] and [Progress] tell it how the call goes.
//
//	type Stay struct {
//		Arrival string `json:"arrival" jsonschema:"title=Arrival,format=date"`
//		Nights  int    `json:"nights" jsonschema:"minimum=1,default=1"`
//	}
//
//	func BookRoom(ctx context.Context, _ struct{}) (string, error) {
//		stay, action, err := sdk.Elicit[Stay](ctx, "When do you arrive?")
//		if err != nil || action != sdk.ActionAccept {
//			return "not booked", err
//		}
//		return fmt.Sprintf("booked from %s for %d nights", stay.Arrival, stay.Nights), nil
//	}
//
// In the 2026 era there is no session to wait in: the first run ends at
// the question with [ErrInputRequired] (return it), the client answers and
// the handler runs again from the top. Keep side effects after the last
// question.
//
// # Tasks
//
// A tool declared with [ToolOptions].TaskSupport may run as a task: the
// call returns a task id at once, the function works on, and the client
// polls ([Client.CallToolTask], [Client.WaitTask]). With DeferTask the call
// becomes a task only when the handler calls [ContinueAsTask], after its
// questions:
//
//	sdk.Tool(s, Deploy, &sdk.ToolOptions{TaskSupport: sdk.TaskOptional, DeferTask: true})
//
// [ServerOptions] bounds how many tasks are kept and for how long.
//
// # Protocol eras
//
// A server speaks both eras on every transport, with no option: a client
// that starts with server/discover gets the 2026 era, one that starts with
// initialize the legacy one ([LegacyVersions]). A [Client] speaks the 2026
// era unless [ClientOptions].ProtocolVersion names a legacy version, and
// falls back to initialize for a server that only has the legacy era.
// [Eras] lists the eras, [Era.Version] the version a client asks for to
// speak one, and [RequestFrom] tells a handler which era, client and HTTP
// headers its call came with.
//
// # Serving
//
// [Server.Run] serves stdio, [Server.Serve] any [transport.Conn]. Package
// sdkhttp (github.com/mcpdev/mcpdev/sdk/sdkhttp) serves Streamable HTTP:
// sdkhttp.Run serves stdio, or HTTP when the command line says
// --http ADDR, and sdkhttp.Handler is the http.Handler, with OAuth 2.1
// resource-server checks in its Options.Auth:
//
//	if err := sdkhttp.Run(ctx, s, nil); err != nil {
//		log.Fatal(err)
//	}
//
// [Server.Use] and [Server.UseTool] wrap every request or every tool call
// in middleware (logging, metrics, limits).
//
// # Clients
//
// [Connect] opens a client over a connection: a subprocess's stdio
// ([transport.Command]) or Streamable HTTP (streamable.NewClient in
// package transport/streamable, with OAuth sign-in from transport/oauth).
// [ClientOptions] answers the server's questions (OnElicit, OnSample,
// OnRoots); in the 2026 era the client drives the input rounds itself, so
// a caller sees one call.
//
//	conn, err := transport.Command("go", []string{"run", "./examples/bookshop"}, nil)
//	…
//	c, err := sdk.Connect(ctx, conn, nil)
//	…
//	defer c.Close()
//	res, err := c.CallTool(ctx, "search_books", map[string]any{"query": "dune"}, nil)
//
// # Testing
//
// [NewInMemoryClient] connects a client to a server in the same process:
// no subprocess, no network, the same protocol. Package sdktest
// (github.com/mcpdev/mcpdev/sdk/sdktest) runs a test once per era, with
// ready-made answers to the server's questions:
//
//	func TestSearch(t *testing.T) {
//		sdktest.ForEachEra(t, newServer(), nil, func(t *testing.T, c *sdk.Client) {
//			res, err := c.CallTool(t.Context(), "search_books", map[string]any{"query": "dune"}, nil)
//			if err != nil || res.IsError {
//				t.Fatalf("search_books: %v %+v", err, res)
//			}
//		})
//	}
//
// # Errors
//
// A client's call fails in one of three ways, told apart without reading
// the text: a JSON-RPC error, whose code [ErrorCode] returns (one of the
// Code constants, such as [CodeInvalidParams] for an unknown tool); a
// failure of the connection or the context (code 0, [ErrConnectionClosed]);
// or a tool's own failure, which is a result with IsError set and no error.
// The sdk's other failures are sentinels and typed errors for [errors.Is]
// and [errors.As]: [ErrDuplicateTool], [ErrTaskCancelled], *[AnswerError]
// and the rest of the Err variables below.
//
//	res, err := c.CallTool(ctx, "search_books", args, nil)
//	switch {
//	case sdk.ErrorCode(err) == sdk.CodeInvalidParams: // no such tool
//	case err != nil: // the connection, or ctx
//	case res.IsError: // the tool failed: res.Content says why
//	}
package sdk
