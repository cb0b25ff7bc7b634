// Command conformance is an MCP server written with sdk the way a user
// would write one, exposing the tools and prompts the official conformance
// suite (@modelcontextprotocol/conformance) asks for. CI runs both suites against
// it over HTTP (.ci/checks/conformance.sh):
//
//	go run ./examples/conformance --http 127.0.0.1:8000
//	node .../conformance/dist/index.js server --url http://127.0.0.1:8000/mcp
package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"log"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// NoArgs is the argument type of the tools that take none.
type NoArgs struct{}

// TestSimpleText returns a simple text response for testing.
func TestSimpleText(ctx context.Context, _ NoArgs) (sdk.Content, error) {
	return sdk.Text("This is a simple text response for testing."), nil
}

// TestImageContent returns a 1x1 red PNG image.
func TestImageContent(ctx context.Context, _ NoArgs) (sdk.Content, error) {
	return sdk.Image(redPixelPNG(), "image/png"), nil
}

// TestAudioContent returns a short silent WAV file.
func TestAudioContent(ctx context.Context, _ NoArgs) (sdk.Content, error) {
	return sdk.Audio(silentWAV(), "audio/wav"), nil
}

// TestEmbeddedResource returns a text resource embedded in the result.
func TestEmbeddedResource(ctx context.Context, _ NoArgs) (sdk.Content, error) {
	return sdk.EmbeddedResource(sdk.ResourceContents{
		URI: "test://embedded-resource", MimeType: "text/plain", Text: "This is an embedded resource content.",
	}), nil
}

// TestMultipleContentTypes returns text, an image and an embedded resource.
func TestMultipleContentTypes(ctx context.Context, _ NoArgs) ([]sdk.Content, error) {
	return []sdk.Content{
		sdk.Text("Multiple content types test:"),
		sdk.Image(redPixelPNG(), "image/png"),
		sdk.EmbeddedResource(sdk.ResourceContents{
			URI: "test://mixed-content-resource", MimeType: "application/json", Text: `{"test":"data","value":123}`,
		}),
	}, nil
}

// TestToolWithLogging sends three info log messages while it runs.
func TestToolWithLogging(ctx context.Context, _ NoArgs) (string, error) {
	sdk.Log(ctx, sdk.LevelInfo, "Tool execution started")
	time.Sleep(50 * time.Millisecond)
	sdk.Log(ctx, sdk.LevelInfo, "Tool processing data")
	time.Sleep(50 * time.Millisecond)
	sdk.Log(ctx, sdk.LevelInfo, "Tool execution completed")
	return "Tool with logging executed successfully", nil
}

// TestLoggingTool logs one message; a stateless client that set no log
// level must not receive it.
func TestLoggingTool(ctx context.Context, _ NoArgs) (string, error) {
	sdk.Log(ctx, sdk.LevelInfo, "test_logging_tool ran")
	return "Logging tool executed", nil
}

// TestErrorHandling always fails, to test error reporting.
func TestErrorHandling(ctx context.Context, _ NoArgs) (string, error) {
	//lint:ignore ST1005 the conformance suite expects this exact text, capital included
	return "", errors.New("This tool intentionally returns an error for testing")
}

// TestToolWithProgress reports progress 0, 50 and 100 of 100.
func TestToolWithProgress(ctx context.Context, _ NoArgs) (string, error) {
	for i, p := range []float64{0, 50, 100} {
		if i > 0 {
			select {
			case <-time.After(50 * time.Millisecond):
			case <-ctx.Done():
				return "", ctx.Err()
			}
		}
		sdk.Progress(ctx, p, 100, "")
	}
	return "Tool with progress executed successfully", nil
}

// TestReconnection closes its SSE stream mid-call and answers while the
// client is away (SEP-1699 polling): the client gets the result when it
// resumes the stream with Last-Event-ID.
func TestReconnection(ctx context.Context, _ NoArgs) (string, error) {
	sdk.CloseSSEStream(ctx, 500*time.Millisecond)
	select {
	case <-time.After(100 * time.Millisecond): // the work goes on meanwhile
	case <-ctx.Done():
		return "", ctx.Err()
	}
	return "Reconnection test completed successfully", nil
}

// TestMissingCapability needs the client's sampling capability and fails
// with MissingRequiredClientCapability (-32021) when it was not declared.
func TestMissingCapability(ctx context.Context, _ NoArgs) (string, error) {
	if err := sdk.RequireClientCapability(ctx, "sampling"); err != nil {
		return "", err
	}
	return "The client declared sampling.", nil
}

// TestStreamingElicitation answers on its response stream without ever
// sending the client a request of its own (this server needs no input).
func TestStreamingElicitation(ctx context.Context, _ NoArgs) (string, error) {
	if err := sdk.RequireClientCapability(ctx, "elicitation"); err != nil {
		return "", err
	}
	sdk.Progress(ctx, 1, 1, "done")
	return "No input was needed.", nil
}

// ContactArgs is the argument of json_schema_2020_12_tool; its declared
// schema (below) uses JSON Schema 2020-12 keywords a Go type cannot express.
type ContactArgs struct {
	Name          string   `json:"name,omitempty"`
	Address       *Address `json:"address,omitempty"`
	ContactMethod string   `json:"contactMethod,omitempty"`
	Phone         string   `json:"phone,omitempty"`
	Email         string   `json:"email,omitempty"`
}

// Address is a postal address.
type Address struct {
	Street string `json:"street,omitempty"`
	City   string `json:"city,omitempty"`
}

const contactSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "$defs": {
    "address": {
      "$anchor": "addressDef",
      "type": "object",
      "properties": {"street": {"type": "string"}, "city": {"type": "string"}}
    }
  },
  "properties": {
    "name": {"type": "string"},
    "address": {"$ref": "#/$defs/address"},
    "contactMethod": {"type": "string", "enum": ["phone", "email"]},
    "phone": {"type": "string"},
    "email": {"type": "string"}
  },
  "allOf": [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
  "if": {"properties": {"contactMethod": {"const": "phone"}}, "required": ["contactMethod"]},
  "then": {"required": ["phone"]},
  "else": {"required": ["email"]},
  "additionalProperties": false
}`

// SaveContact stores a contact (here: echoes who it would contact).
func SaveContact(ctx context.Context, c ContactArgs) (string, error) {
	return "Contact " + c.Name + " saved", nil
}

// HeaderArgs are the arguments of test_custom_headers. Region, Priority
// and Verbose are mirrored into Mcp-Param-* headers over Streamable HTTP
// (SEP-2243); the server checks them against the body before the tool runs.
type HeaderArgs struct {
	Region   string `json:"region" mcpheader:"Region" jsonschema:"description=Datacenter region (header Mcp-Param-Region)"`
	Priority int    `json:"priority,omitempty" mcpheader:"Priority" jsonschema:"description=Integer priority (header Mcp-Param-Priority)"`
	Verbose  *bool  `json:"verbose,omitempty" mcpheader:"Verbose" jsonschema:"description=Optional flag (header Mcp-Param-Verbose)"`
	Query    string `json:"query" jsonschema:"description=Not mirrored into a header"`
}

// TestCustomHeaders echoes the arguments its headers mirror.
func TestCustomHeaders(ctx context.Context, a HeaderArgs) (string, error) {
	return fmt.Sprintf("region=%q priority=%d query=%q", a.Region, a.Priority, a.Query), nil
}

func main() {
	s := sdk.NewServer("mcpdev-conformance", &sdk.ServerOptions{Version: "1.0.0"})
	sdk.Tool(s, TestSimpleText, nil)
	sdk.Tool(s, TestImageContent, nil)
	sdk.Tool(s, TestAudioContent, nil)
	sdk.Tool(s, TestEmbeddedResource, nil)
	sdk.Tool(s, TestMultipleContentTypes, nil)
	sdk.Tool(s, TestToolWithLogging, nil)
	sdk.Tool(s, TestLoggingTool, nil)
	sdk.Tool(s, TestErrorHandling, nil)
	sdk.Tool(s, TestToolWithProgress, nil)
	sdk.Tool(s, TestReconnection, nil)
	sdk.Tool(s, TestMissingCapability, nil)
	sdk.Tool(s, TestStreamingElicitation, nil)
	sdk.Tool(s, SaveContact, &sdk.ToolOptions{
		Name:        "json_schema_2020_12_tool",
		Description: "Tool with JSON Schema 2020-12 features",
		InputSchema: []byte(contactSchema),
	})
	sdk.Tool(s, TestCustomHeaders, nil)
	addPrompts(s)
	addAskTools(s)
	addTasks(s)
	addResources(s)
	if err := sdkhttp.Run(context.Background(), s, nil); err != nil {
		log.Fatal(err)
	}
}

func redPixelPNG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	img.Set(0, 0, color.RGBA{R: 255, A: 255})
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

// silentWAV is 10 ms of 8 kHz 8-bit mono silence.
func silentWAV() []byte {
	const rate, samples = 8000, 80
	var b bytes.Buffer
	w := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString("RIFF")
	w(uint32(36 + samples))
	b.WriteString("WAVEfmt ")
	w(uint32(16))
	w(uint16(1)) // PCM
	w(uint16(1)) // mono
	w(uint32(rate))
	w(uint32(rate)) // byte rate
	w(uint16(1))    // block align
	w(uint16(8))    // bits per sample
	b.WriteString("data")
	w(uint32(samples))
	b.Write(bytes.Repeat([]byte{128}, samples))
	return b.Bytes()
}
