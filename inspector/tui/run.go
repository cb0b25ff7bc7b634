package tui

import (
	"context"
	"errors"
	"os"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/inspector/target"
)

// Run starts the inspector on a target resolved by the CLI and returns when
// the user quits. The server is started (and restarted, and stopped) by the
// inspector.
func Run(ctx context.Context, t *target.Target, opts Options) error {
	if opts.Target == "" {
		opts.Target = t.Label()
	}
	if opts.Dev.Target == nil {
		opts.Dev.Target = t
	}
	if opts.Images == ImagesOff {
		opts.Images = detectImages(os.Getenv)
	}
	if opts.CellPixels == [2]int{} {
		opts.CellPixels = cellPixels(os.Stdout)
	}
	m := New(ctx, withDev(&targetConnector{Target: t, Timeout: opts.ConnectTimeout}, opts.Dev), opts)
	defer m.Close()
	_, err := tea.NewProgram(m, tea.WithContext(ctx)).Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil
	}
	return err
}
