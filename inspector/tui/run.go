package tui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"
)

// RunConnector starts the inspector on the terminal and returns when the
// user quits. The server is started (and stopped) through c.
func RunConnector(ctx context.Context, c Connector, opts Options) error {
	m := New(ctx, c, opts)
	defer m.Close()
	_, err := tea.NewProgram(m, tea.WithContext(ctx)).Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil
	}
	return err
}
