// Package taskchange is the UserPromptSubmit hook's task-change detector:
// it scores how much a new prompt belongs to the work in progress and,
// when the context is large and the prompt looks like a different task,
// suggests /compact or /clear once. It never blocks a prompt.
//
// The score ([Score]) combines the files the prompt names, compared with
// a pooled baseline of the current work ([Build]: session-context.md,
// the git cache, recent transcript turns), and the keywords it shares
// with the current task. An optional model tie-breaker settles scores
// between the two thresholds.
//
// Why additionalContext plus systemMessage: the original wrote its hint
// to stderr with exit 0, which Claude Code neither gives the model nor
// shows the user. Observed with Claude Code 2.1.332 (shared/testkit/e2e,
// TestTaskChange*): hookSpecificOutput.additionalContext reaches the
// model in the request of that very prompt, as a system message
// "UserPromptSubmit hook additional context: …", and stays in the
// history of later requests (the transcript keeps it as a
// hook_additional_context attachment). The systemMessage never reaches
// the model; the interactive client shows it under the prompt as
// "UserPromptSubmit says: …", stream-json output carries it as a
// system/informational event and the transcript as a hook_system_message
// attachment, but -p with text or json output prints it nowhere. So the
// user gets one line ([Notice]) where the client shows it, and the model
// gets a short factual note ([Note]) it can weigh and, when the user may
// not have seen the line, pass on in a sentence. Blocking (exit 2 or
// decision "block") would cost the user the prompt, which a heuristic
// must never do.
package taskchange

import (
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/core/detach"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// Detector is the hook with its outside world injected.
type Detector struct {
	// Spawn starts a detached process (the git cache refresher); nil
	// never starts one.
	Spawn func(exe string, args []string) error
	// Ask is the tie-breaker; nil never asks.
	Ask Asker
}

// Real is the detector with the real outside world: detached refreshers
// and the claude CLI on PATH.
var Real = Detector{
	Spawn: func(exe string, args []string) error { return detach.Start(exe, args, os.Environ()) },
	Ask:   ClaudeAsker("claude"),
}

// Handle is the UserPromptSubmit handler.
func Handle(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	return Real.Handle(rt, in)
}

// Handle scores the prompt and returns the hint, or nothing. The cheap
// prompt checks come first; the session record, the transcript and the
// baseline are read only for prompts that pass them.
func (d Detector) Handle(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	cfg := rt.Config.TaskChange
	if reason := Gate(in.Prompt, cfg); reason != "" {
		rt.Log.Debugf(nil, "silent: %s", reason)
		return hookio.Result{}, nil
	}
	if rt.Getenv(ChildEnv) != "" || rt.SID == "" {
		return hookio.Result{}, nil
	}
	dir := session.Dir(rt.Dirs.Session(rt.SID))
	hash := PromptHash(in.Prompt)
	if wasDecided(dir, hash) {
		rt.Log.Debugf(nil, "silent: prompt already decided")
		return hookio.Result{}, nil
	}
	tokens := contextTokens(rt, in)
	if tokens < cfg.MinTokens {
		rt.Log.Debugf(map[string]int64{"tokens": tokens}, "silent: below minTokens")
		return hookio.Result{}, nil
	}
	base := d.baseline(rt, in)
	v := Score(in.Prompt, base, cfg)
	meta := map[string]any{"score": v.Score, "files": v.Files, "keywords": v.Keywords, "tokens": tokens}
	if v.Action == None {
		rt.Log.Debugf(meta, "silent: %s", v.Reason)
		return hookio.Result{}, nil
	}
	if cfg.SemanticFallback && Ambiguous(v.Score, cfg) && d.tieBreak(rt, base, in.Prompt) {
		d.settle(rt, dir, hash)
		return hookio.Result{}, nil
	}
	if first, err := markDecided(rt.Ctx, dir, hash); err != nil {
		rt.Log.Warnf(nil, "task change record: %v", err)
	} else if !first {
		return hookio.Result{}, nil
	}
	rt.Log.Infof(meta, "task change hint: %s", v.Action)
	return hookio.Result{Context: Note(v, base, tokens), Notice: Notice(v, base, tokens)}, nil
}

// settle records a prompt the tie-breaker called the same task, so a
// retry does not pay for the question again.
func (d Detector) settle(rt *hookio.Runtime, dir session.Dir, hash string) {
	if _, err := markDecided(rt.Ctx, dir, hash); err != nil {
		rt.Log.Warnf(nil, "task change record: %v", err)
	}
}

// contextTokens is the context size after the last response, read from
// the transcript through the shared incremental cache; 0 when unknown.
func contextTokens(rt *hookio.Runtime, in *hookio.Input) int64 {
	if in.TranscriptPath == "" {
		return 0
	}
	stats, err := transcript.Scan(in.TranscriptPath, rt.Dirs.Cache())
	if err != nil {
		rt.Log.Debugf(nil, "transcript: %v", err)
		return 0
	}
	tokens, _ := stats.ContextTokens()
	return tokens
}

// baseline gathers the pooled baseline for the prompt's project; without
// a working directory only the transcript is left.
func (d Detector) baseline(rt *hookio.Runtime, in *hookio.Input) Baseline {
	cfg := rt.Config.TaskChange
	src := Sources{
		Transcript: in.TranscriptPath,
		Prompt:     in.Prompt,
		Turns:      cfg.TranscriptTurns,
		Recent:     time.Duration(cfg.RecentHours * float64(time.Hour)),
		Now:        rt.Now(),
	}
	if in.Cwd != "" {
		src.Root = projectRoot(in.Cwd)
		src.ContextFile = filepath.Join(rt.Dirs.ProjectDir(in.Cwd), "session-context.md")
		src.Git = d.gitStatus(rt, src.Root)
	}
	return Build(src)
}

// Freshness of the git cache, shared with the status line: a status
// older than gitTTL, or computed for another HEAD or index, is refreshed
// in the background; a refresher started less than spawnGap ago (by
// either) is not started again.
const (
	gitTTL   = 15 * time.Second
	spawnGap = 5 * time.Second
)

// projectRoot is the git root of cwd, else cwd itself.
func projectRoot(cwd string) string {
	if root := paths.GitRoot(cwd); root != "" {
		return root
	}
	return cwd
}

// gitStatus returns the cached status of the repository at root, which
// the status line's background refresher computes with go-git. The hook
// never runs git: when the cache is missing or stale it starts
// `si refresh git ROOT` detached and goes on with what is there.
func (d Detector) gitStatus(rt *hookio.Runtime, root string) *gitinfo.Status {
	g, ok := gitinfo.Find(root)
	if root == "" || !ok {
		return nil
	}
	path := gitinfo.CachePath(rt.Dirs.Cache(), g.Root)
	st, cached := gitinfo.Load(path)
	if !cached || st.Key != g.Key() || rt.Now().Sub(time.Unix(st.At, 0)) > gitTTL {
		d.refresh(rt, path+".spawn", g.Root)
	}
	if !cached {
		return nil
	}
	return &st
}

// refresh starts the git refresher unless one was started recently.
func (d Detector) refresh(rt *hookio.Runtime, marker, root string) {
	si := paths.PluginBinary(rt.Getenv("CLAUDE_PLUGIN_ROOT"), runtime.GOOS, runtime.GOARCH, "si")
	if d.Spawn == nil || si == "" {
		return
	}
	now := rt.Now()
	if fsutil.Recent(marker, now, spawnGap) {
		return
	}
	if err := fsutil.PrivateTree(rt.Dirs.State, filepath.Dir(marker)); err != nil {
		rt.Log.Debugf(nil, "git refresh marker: %v", err)
		return
	}
	if err := fsutil.Touch(marker, now); err != nil {
		rt.Log.Debugf(nil, "git refresh marker: %v", err)
		return
	}
	if err := d.Spawn(si, []string{"refresh", "git", root}); err != nil {
		rt.Log.Debugf(nil, "git refresh: %v", err)
	}
}
