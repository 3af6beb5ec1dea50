package posttooluse

import (
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/intel/archive"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// call is what one tool call touched.
type call struct {
	root    string // root directory, "" when none
	command string // the Bash command, if any
	entry   shape.Entry
}

// describe works out the call's root and phase event.
func describe(rt *hookio.Runtime, in *hookio.Input, m measurement) call {
	cfg := rt.Config.Shape.For(in.Cwd)
	c := call{entry: shape.Entry{T: rt.Now().Unix(), Tok: m.tokens, Est: m.estimated, Tool: in.ToolName}}
	if target, isDir := shape.Target(in.ToolName, in.ToolInput, in.Cwd); target != "" {
		root, logged := shape.RootOf(target, in.Cwd, cfg.RootDirDepth, isDir)
		c.root, c.entry.Root, c.entry.File = root, &root, &logged
	}
	if in.ToolName == "Bash" {
		var cmd struct {
			Command string `json:"command"`
		}
		if jsonx.Unmarshal(in.ToolInput, &cmd) == nil {
			c.command = cmd.Command
			c.entry.Event = shape.PhaseEvent(cmd.Command)
		}
	}
	return c
}

// recordShape appends a shape entry when the call touched a path or
// marked a phase (commit, push, PR).
func recordShape(rt *hookio.Runtime, in *hookio.Input, dir session.Dir, st *session.State, c call) error {
	if c.entry.Root == nil && c.entry.Event == "" {
		return nil
	}
	n, err := shape.Append(dir.ShapeLog(), c.entry, st.ShapeLines, rt.Config.Shape.For(in.Cwd).MaxEntries)
	st.ShapeLines = n
	return err
}

// archiveResponse keeps a large response for `si expand`.
func archiveResponse(rt *hookio.Runtime, in *hookio.Input, dir session.Dir, st *session.State) error {
	cfg := rt.Config.Archive
	if !cfg.Enabled || len(in.ToolResponse) < cfg.ThresholdChars || in.ToolUseID == "" {
		return nil
	}
	store := archive.Store{Dir: dir.ArchiveDir(), SID: rt.SID}
	lim := archive.Limits{MaxPerSession: cfg.MaxPerSession, TTL: time.Duration(cfg.TTLDays) * 24 * time.Hour}
	if _, err := store.Save(in.ToolUseID, in.ToolName, in.ToolInput, in.ToolResponse, rt.Now(), lim); err != nil {
		return err
	}
	st.Archived++
	return nil
}
