package posttool

import (
	"encoding/json"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/archive"
	"github.com/session-intelligence/session-intelligence/shared/hookio"
	"github.com/session-intelligence/session-intelligence/shared/session"
	"github.com/session-intelligence/session-intelligence/shared/shape"
)

// recordShape appends a shape entry when the call touched a path or
// marked a phase (commit, push, PR).
func recordShape(rt *hookio.Runtime, in *hookio.Input, dir session.Dir, st *session.State, tokens int64) error {
	cfg := rt.Config.Shape.For(in.Cwd)
	e := shape.Entry{T: rt.Now().Unix(), Tok: tokens, Tool: in.ToolName}
	if target, isDir := shape.Target(in.ToolName, in.ToolInput, in.Cwd); target != "" {
		root, logged := shape.RootOf(target, in.Cwd, cfg.RootDirDepth, isDir)
		e.Root, e.File = &root, &logged
	}
	if in.ToolName == "Bash" {
		var cmd struct {
			Command string `json:"command"`
		}
		if json.Unmarshal(in.ToolInput, &cmd) == nil {
			e.Event = shape.PhaseEvent(cmd.Command)
		}
	}
	if e.Root == nil && e.Event == "" {
		return nil
	}
	n, err := shape.Append(dir.ShapeLog(), e, st.ShapeLines, cfg.MaxEntries)
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
