package taskchange

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// maxTaskQuote bounds the current task quoted in a message.
const maxTaskQuote = 60

// NoteMarker starts every note to the model, so tests and logs can find it.
const NoteMarker = "Session intelligence: this prompt"

// Note is the short factual note the model gets through
// additionalContext: what was compared, the score and the context size,
// what would help, and a request to tell the user briefly.
func Note(v Verdict, base Baseline, tokens int64) string {
	facts := fmt.Sprintf("%ssame-domain score %.2f at ~%s tokens", contrast(v, base), v.Score, humanize.Tokens(tokens))
	if v.Action == Clear {
		return NoteMarker + " looks like a different task from the current one (" + facts + "). " +
			"A fresh start (/clear) or /compact before heavy new work would keep the context focused; " +
			"mention this to the user briefly if they have not decided."
	}
	return NoteMarker + " may start a task next to the current one (" + facts + "). " +
		"/compact before heavy new work would keep the context focused and the current task in the summary; " +
		"mention this to the user briefly if they have not decided."
}

// Notice is the one line the user sees (systemMessage).
func Notice(v Verdict, base Baseline, tokens int64) string {
	line := fmt.Sprintf("Task change? %sscore %.2f, ~%s tokens in context", contrast(v, base), v.Score, humanize.Tokens(tokens))
	if v.Action == Clear {
		return line + ": /clear is the cheaper fresh start (or /compact to keep a summary). " + offSwitch
	}
	return line + ": consider /compact (keeps the current task) before heavy new work. " + offSwitch
}

// offSwitch tells the user how to silence the hint.
const offSwitch = "Off: taskChange.enabled=false or CLAUDE_TASK_CHANGE=0."

// contrast names what was compared: "src/billing vs src/auth, " when both
// areas are known and differ, else the current task when there is one.
func contrast(v Verdict, base Baseline) string {
	switch {
	case v.Area != "" && v.Current != "" && v.Area != v.Current:
		return v.Area + " vs " + v.Current + ", "
	case base.Task != "":
		return "vs current task “" + quote(base.Task) + "”, "
	case v.Current != "":
		return "vs work in " + v.Current + ", "
	}
	return ""
}

// quote shortens s to maxTaskQuote characters on a word boundary.
func quote(s string) string {
	r := []rune(strings.Join(strings.Fields(s), " "))
	if len(r) <= maxTaskQuote {
		return string(r)
	}
	cut := string(r[:maxTaskQuote])
	if i := strings.LastIndexByte(cut, ' '); i > maxTaskQuote/2 {
		cut = cut[:i]
	}
	return cut + "…"
}

// DecidedFile names the file in the session's private directory that
// lists the prompts already decided (hinted, or cleared by the
// tie-breaker), so that a retried prompt is neither hinted nor asked
// about again.
const DecidedFile = "task-change.json"

// maxDecided bounds the prompts remembered per session (the newest stay).
const maxDecided = 64

// decided is the content of [DecidedFile].
type decided struct {
	Prompts []string `json:"prompts"` // prompt hashes, oldest first
}

// PromptHash identifies a prompt: the start of the SHA-256 of its
// trimmed text.
func PromptHash(prompt string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(prompt)))
	return hex.EncodeToString(sum[:8])
}

func decidedPath(dir session.Dir) string { return filepath.Join(string(dir), DecidedFile) }

// loadDecided reads the record; missing is empty, damaged is moved
// aside and empty.
func loadDecided(dir session.Dir) decided {
	var d decided
	if _, err := fsutil.ReadOwnDecoded(decidedPath(dir), 16<<10, jsonx.Into(&d)); err != nil {
		return decided{}
	}
	return d
}

// wasDecided reports whether the prompt was decided before. It reads
// without the lock: [markDecided] settles races.
func wasDecided(dir session.Dir, hash string) bool {
	return slices.Contains(loadDecided(dir).Prompts, hash)
}

// markDecided records hash under the session lock; first is false when
// another run recorded it already.
func markDecided(ctx context.Context, dir session.Dir, hash string) (first bool, err error) {
	err = dir.Locked(ctx, func() error {
		d := loadDecided(dir)
		if slices.Contains(d.Prompts, hash) {
			return nil
		}
		d.Prompts = append(d.Prompts, hash)
		if len(d.Prompts) > maxDecided {
			d.Prompts = d.Prompts[len(d.Prompts)-maxDecided:]
		}
		data, err := jsonx.Marshal(d)
		if err != nil {
			return err
		}
		first = true
		return fsutil.WriteOwn(decidedPath(dir), data, fsutil.NoSync)
	})
	return first, err
}
