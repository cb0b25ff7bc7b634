// Command server is the inspector tests' workbench: a slow tool with
// progress and logs (to cancel), structured output with an output schema,
// media blocks, annotations, and a tool that crashes the server.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

// SlowCountArgs are the arguments of slow_count.
type SlowCountArgs struct {
	// How many steps to count.
	Steps int `json:"steps" jsonschema:"minimum=1,maximum=1000,default=50"`
	// Milliseconds per step.
	DelayMs int `json:"delay_ms" jsonschema:"minimum=0,default=200"`
}

// Counted is what slow_count returns.
type Counted struct {
	Steps int `json:"steps"`
}

// Count slowly, reporting progress at every step.
func SlowCount(ctx context.Context, args SlowCountArgs) (Counted, error) {
	record(args)
	for i := 1; i <= args.Steps; i++ {
		select {
		case <-ctx.Done():
			fmt.Fprintf(os.Stderr, "slow_count: cancelled at step %d\n", i)
			return Counted{}, ctx.Err()
		case <-time.After(time.Duration(args.DelayMs) * time.Millisecond):
		}
		sdk.Progress(ctx, float64(i), float64(args.Steps), fmt.Sprintf("step %d of %d", i, args.Steps))
		if i == 1 {
			sdk.Log(ctx, sdk.LevelInfo, "counting started")
		}
	}
	return Counted{Steps: args.Steps}, nil
}

// WeatherArgs are the arguments of get_weather.
type WeatherArgs struct {
	City string `json:"city"`
}

// Weather is a forecast.
type Weather struct {
	City        string  `json:"city"`
	Temperature float64 `json:"temperature"`
	Conditions  string  `json:"conditions"`
}

// Get the weather for a city.
func GetWeather(ctx context.Context, args WeatherArgs) (Weather, error) {
	record(args)
	return Weather{City: args.City, Temperature: 21.5, Conditions: "sunny"}, nil
}

// NoArgs is an empty argument list.
type NoArgs struct{}

// Return an image, a resource link and an embedded resource.
func MakeMedia(ctx context.Context, _ NoArgs) ([]sdk.Content, error) {
	png := []byte("\x89PNG\r\n\x1a\n fake image bytes")
	return []sdk.Content{
		sdk.Text("here is a picture"),
		sdk.Image(png, "image/png"),
		sdk.ResourceLink("file:///tmp/report.txt", "report.txt"),
		sdk.EmbeddedResource(sdk.ResourceContents{URI: "mem://config.json", MimeType: "application/json", Text: `{"debug":true}`}),
	}, nil
}

// CrashArgs are the arguments of crash.
type CrashArgs struct {
	Code int `json:"code" jsonschema:"default=3"`
}

// Crash the server with an exit code.
func Crash(ctx context.Context, args CrashArgs) (string, error) {
	fmt.Fprintln(os.Stderr, "crash: the server is going down on purpose")
	os.Exit(args.Code)
	return "", nil
}

// Delete every record.
func DeleteAll(ctx context.Context, _ NoArgs) (string, error) {
	return "deleted nothing (this is a test server)", nil
}

// record appends the arguments a tool received, as one JSON line, to the
// file $WORKBENCH_RECORD names: tests read what the server got.
func record(args any) {
	path := os.Getenv("WORKBENCH_RECORD")
	if path == "" {
		return
	}
	b, _ := json.Marshal(args)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	f.Write(append(b, '\n'))
}

func main() {
	fmt.Fprintln(os.Stderr, "workbench: ready")
	s := sdk.NewServer("Workbench", &sdk.ServerOptions{Version: "1.2.3"})
	sdk.Tool(s, SlowCount, nil)
	sdk.Tool(s, GetWeather, &sdk.ToolOptions{Annotations: &sdk.ToolAnnotations{ReadOnlyHint: sdk.Bool(true), OpenWorldHint: sdk.Bool(true)}})
	sdk.Tool(s, MakeMedia, nil)
	sdk.Tool(s, Crash, nil)
	sdk.Tool(s, DeleteAll, &sdk.ToolOptions{Annotations: &sdk.ToolAnnotations{DestructiveHint: sdk.Bool(true), IdempotentHint: sdk.Bool(true)}})
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}
