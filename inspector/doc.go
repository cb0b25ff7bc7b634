// Package inspector holds what mcpdev's inspector commands share: the
// errors they return that cmd/mcpdev turns into messages and exit codes,
// and where mcpdev keeps its files (CacheDir).
//
// The inspector itself lives in subpackages, each importing only those
// listed before it:
//
//	build        builds a Go target into the build cache and trims the cache
//	watch        reports debounced changes to Go packages and globs
//	target       resolves what the user names, connects to it, explains failures (doctor)
//	args         a tool's arguments: schema listing, key=value ↔ JSON, refusals
//	call         lists, finds and calls tools; tool labels and result text
//	state        remembers the last arguments per tool per server
//	devloop      watch → rebuild → restart → tools diff
//	testsession  scripted .txtar test sessions: parse, run, watch, record
//	cli          the mcpdev tools, call and cache commands
//	tui          the interactive inspector (never imports cli)
package inspector
