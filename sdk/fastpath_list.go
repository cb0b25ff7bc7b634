package sdk

// The answers of tools/list and initialize written by hand, as the
// results in fastpath_result.go are: the bytes transport.NewResult
// (jsonenc.Marshal) writes, without encoding/json's reflection, whose
// first use of these types is a part of every server's start-up (issue
// 19; TestListAndInitializeEncoding, FuzzResultEncoders). An initialize
// result announcing tasks or extensions goes through NewResult.

func (e *resultEncoder) listToolsResult(r *ListToolsResult) {
	n := 64
	for i := range r.Tools {
		t := &r.Tools[i]
		n += 64 + len(t.Name) + len(t.Title) + len(t.Description) + len(t.InputSchema) + len(t.OutputSchema) + len(t.Meta)
	}
	e.start(n)
	e.lit(`{"tools":`)
	writeList(e, r.Tools, e.toolInfo)
	e.opt(`,"nextCursor":`, r.NextCursor, false)
	e.opt(`,"resultType":`, r.ResultType, false)
	e.int(`,"ttlMs":`, r.TTLMs)
	e.opt(`,"cacheScope":`, r.CacheScope, false)
	e.lit("}")
}

// toolInfo writes a ToolInfo, every field in its struct order.
func (e *resultEncoder) toolInfo(t *ToolInfo) {
	e.str(`{"name":`, t.Name, false)
	e.opt(`,"title":`, t.Title, false)
	e.opt(`,"description":`, t.Description, false)
	e.rawNull(`,"inputSchema":`, t.InputSchema)
	e.raw(`,"outputSchema":`, t.OutputSchema, false)
	if a := t.Annotations; a != nil {
		e.lit(`,"annotations":{`)
		first := len(e.b)
		e.opt(`"title":`, a.Title, false)
		e.hint(`"readOnlyHint":`, a.ReadOnlyHint, first)
		e.hint(`"destructiveHint":`, a.DestructiveHint, first)
		e.hint(`"idempotentHint":`, a.IdempotentHint, first)
		e.hint(`"openWorldHint":`, a.OpenWorldHint, first)
		e.lit("}")
	}
	if x := t.Execution; x != nil {
		e.lit(`,"execution":{`)
		e.opt(`"taskSupport":`, x.TaskSupport, false)
		e.lit("}")
	}
	if len(t.Icons) > 0 {
		e.lit(`,"icons":`)
		writeList(e, t.Icons, e.icon)
	}
	e.raw(`,"_meta":`, t.Meta, false)
	e.lit("}")
}

// hint writes an omitempty *bool member of an object whose members start
// at first.
func (e *resultEncoder) hint(name string, b *bool, first int) {
	if b == nil {
		return
	}
	e.sep(first)
	e.lit(name)
	if *b {
		e.lit("true")
	} else {
		e.lit("false")
	}
}

func (e *resultEncoder) icon(i *Icon) {
	e.str(`{"src":`, i.Src, false)
	e.opt(`,"mimeType":`, i.MimeType, false)
	if len(i.Sizes) > 0 {
		e.lit(`,"sizes":[`)
		for k, s := range i.Sizes {
			if k > 0 {
				e.lit(",")
			}
			e.str("", s, false)
		}
		e.lit("]")
	}
	e.opt(`,"theme":`, i.Theme, false)
	e.lit("}")
}

// rawNull writes a json.RawMessage field without omitempty: null when nil.
func (e *resultEncoder) rawNull(prefix string, r []byte) {
	switch {
	case r == nil:
		e.lit(prefix + "null")
	case len(r) == 0:
		e.ok = false // encoding/json refuses an empty RawMessage
	default:
		e.raw(prefix, r, false)
	}
}

func (e *resultEncoder) initializeResult(r *InitializeResult) {
	c := &r.Capabilities
	if c.Tasks != nil || c.Extensions != nil {
		e.ok = false
		return
	}
	e.start(160 + len(r.ServerInfo.Name) + len(r.Instructions))
	e.str(`{"protocolVersion":`, r.ProtocolVersion, false)
	e.lit(`,"capabilities":{`)
	first := len(e.b)
	e.capability(`"tools":`, c.Tools != nil, first, c.Tools != nil && c.Tools.ListChanged)
	if r := c.Resources; r != nil {
		e.sep(first)
		e.lit(`"resources":{`)
		switch {
		case r.Subscribe && r.ListChanged:
			e.lit(`"subscribe":true,"listChanged":true`)
		case r.Subscribe:
			e.lit(`"subscribe":true`)
		case r.ListChanged:
			e.lit(`"listChanged":true`)
		}
		e.lit("}")
	}
	e.capability(`"logging":`, c.Logging != nil, first, false)
	e.capability(`"prompts":`, c.Prompts != nil, first, c.Prompts != nil && c.Prompts.ListChanged)
	e.capability(`"completions":`, c.Completions != nil, first, false)
	e.str(`},"serverInfo":{"name":`, r.ServerInfo.Name, false)
	e.opt(`,"title":`, r.ServerInfo.Title, false)
	e.str(`,"version":`, r.ServerInfo.Version, false)
	e.lit("}")
	e.opt(`,"instructions":`, r.Instructions, false)
	e.lit("}")
}

// capability writes an omitempty capability object of an object whose
// members start at first: {} or {"listChanged":true}.
func (e *resultEncoder) capability(name string, present bool, first int, listChanged bool) {
	if !present {
		return
	}
	e.sep(first)
	e.lit(name)
	if listChanged {
		e.lit(`{"listChanged":true}`)
	} else {
		e.lit("{}")
	}
}

// sep writes the comma before a member of an object whose members start
// at first, unless it is the first one.
func (e *resultEncoder) sep(first int) {
	if len(e.b) > first {
		e.lit(",")
	}
}
