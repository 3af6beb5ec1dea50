package sessionctx

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// SessionMemoryFile is the deterministic name of a session's auto-memory
// file: the date and the first 8 characters of the session id, so that
// every compaction of one session extends one file and sessions never
// collide.
func SessionMemoryFile(now time.Time, sid string) string {
	return fmt.Sprintf("project_session_%s_%s.md", now.Format("2006-01-02"), sid[:min(8, len(sid))])
}

// FollowUpFiles lists the files that hold open follow-ups: the auto-memory
// index MEMORY.md, the newest project_session_*.md (when Claude Code
// keeps an auto-memory, memoryDir not ""), and session-context.md.
func FollowUpFiles(memoryDir, sessionContext string) []string {
	var candidates []string
	if memoryDir != "" {
		candidates = append(candidates, filepath.Join(memoryDir, "MEMORY.md"))
		if newest := newestSessionFile(memoryDir); newest != "" {
			candidates = append(candidates, newest)
		}
	}
	candidates = append(candidates, sessionContext)
	var out []string
	for _, p := range candidates {
		if data, err := fsutil.ReadCapped(p, MaxFile); err == nil && len(OpenItems(data)) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// FollowUps are the open items of those files, in their order.
func FollowUps(files []string) []string {
	var out []string
	for _, f := range files {
		if data, err := fsutil.ReadCapped(f, MaxFile); err == nil {
			out = append(out, OpenItems(data)...)
		}
	}
	return out
}

func newestSessionFile(memory string) string {
	matches, _ := filepath.Glob(filepath.Join(memory, "project_session_*.md"))
	newest, at := "", time.Time{}
	for _, m := range matches {
		if fi, err := os.Stat(m); err == nil && fi.ModTime().After(at) {
			newest, at = m, fi.ModTime()
		}
	}
	return newest
}
