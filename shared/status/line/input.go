// Package line renders session-intelligence's status line: the
// fields of the spec, laid out by a preset or an explicit field list,
// with one colour for one signal (context pressure) and everything else
// dim. A redraw reads Claude Code's stdin, a few small caches and the
// transcript incrementally; it never waits on the network or on git.
package line

import (
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// Input is Claude Code's status line stdin. Every part is optional: an
// early redraw has nulls where later ones have objects.
type Input struct {
	SessionID      string `json:"session_id"`
	TranscriptPath string `json:"transcript_path"`
	Cwd            string `json:"cwd"`
	Model          struct {
		ID          string `json:"id"`
		DisplayName string `json:"display_name"`
	} `json:"model"`
	Workspace struct {
		CurrentDir  string `json:"current_dir"`
		ProjectDir  string `json:"project_dir"`
		GitWorktree string `json:"git_worktree"` // the linked worktree's name, only inside one
	} `json:"workspace"`
	SessionName string        `json:"session_name"` // the /rename name or the AI title
	Version     string        `json:"version"`
	OutputStyle outputStyle   `json:"output_style"`
	Cost        *costBlock    `json:"cost"`
	Context     *contextBlock `json:"context_window"`
	RateLimits  *struct {
		FiveHour   *rateWindow  `json:"five_hour"`
		SevenDay   *rateWindow  `json:"seven_day"`
		SpendLimit *spendWindow `json:"spend_limit"` // through a gateway only
	} `json:"rate_limits"`
	PromptCache *promptCache `json:"prompt_cache"`
	PR          *prBlock     `json:"pr"`
	Worktree    *worktree    `json:"worktree"` // --worktree sessions only
}

type costBlock struct {
	TotalCostUSD    *float64 `json:"total_cost_usd"`
	TotalDurationMs *float64 `json:"total_duration_ms"`
}

type contextBlock struct {
	WindowSize   *float64 `json:"context_window_size"`
	CurrentUsage *struct {
		Input         float64 `json:"input_tokens"`
		Output        float64 `json:"output_tokens"`
		CacheCreation float64 `json:"cache_creation_input_tokens"`
		CacheRead     float64 `json:"cache_read_input_tokens"`
	} `json:"current_usage"`
}

type rateWindow struct {
	UsedPercentage *float64 `json:"used_percentage"`
	ResetsAt       *float64 `json:"resets_at"` // epoch seconds
}

// spendWindow is the spend limit of a session run through a gateway:
// its share used, and in dollars when the gateway bills in USD.
type spendWindow struct {
	UsedPercentage optNum `json:"used_percentage"` // may pass 100
	ResetsAt       optNum `json:"resets_at"`       // epoch seconds
	UsedUSD        optNum `json:"used_usd"`
	LimitUSD       optNum `json:"limit_usd"`
	Period         string `json:"period"` // daily, weekly or monthly
}

// promptCache is Claude Code's own account of the main prompt cache
// (2.1.251 and later; absent before the first request). Times are epoch
// seconds; hit_ratio is cache reads over all input tokens of the session.
type promptCache struct {
	Warm            optBool `json:"warm"`
	CachingObserved optBool `json:"caching_observed"`
	TTL             string  `json:"ttl"` // "5m" or "1h"
	ExpiresAt       optNum  `json:"expires_at"`
	HitRatio        optNum  `json:"hit_ratio"`
	// RecacheIfCold is what the next request writes to the cache when
	// it is cold; null right after a compaction (the prompt is rebuilt).
	RecacheIfCold optNum `json:"recache_tokens_if_cold"`
}

// prBlock is the pull request of the current branch (kind "mr" for GitLab).
type prBlock struct {
	Number      optNum `json:"number"`
	URL         string `json:"url"`
	ReviewState string `json:"review_state"` // approved, pending, changes_requested or draft
	Kind        string `json:"kind"`
}

// worktree is the worktree a --worktree session runs in.
type worktree struct {
	Name   string `json:"name"`
	Path   string `json:"path"`
	Branch string `json:"branch"`
}

// optNum is a number Claude Code may leave out, send as null or (from
// another version) with another type: ok only for a JSON number. A
// pointer field cannot tell, as goccy/go-json allocates it before it
// finds the value is of the wrong type.
type optNum struct {
	v  float64
	ok bool
}

// UnmarshalJSON keeps a number and ignores anything else.
func (n *optNum) UnmarshalJSON(b []byte) error {
	var f float64
	if len(b) > 0 && b[0] != 'n' && jsonx.Unmarshal(b, &f) == nil {
		n.v, n.ok = f, true
	}
	return nil
}

// optBool is a boolean that may be missing, null or of the wrong type.
type optBool struct{ v, ok bool }

// UnmarshalJSON keeps true and false and ignores anything else.
func (o *optBool) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case "true":
		o.v, o.ok = true, true
	case "false":
		o.v, o.ok = false, true
	}
	return nil
}

// outputStyle accepts {"name": "..."} and, from older versions, a string.
type outputStyle struct{ Name string }

// UnmarshalJSON reads either form.
func (o *outputStyle) UnmarshalJSON(b []byte) error {
	var s string
	if jsonx.Unmarshal(b, &s) == nil {
		o.Name = s
		return nil
	}
	var obj struct {
		Name string `json:"name"`
	}
	if jsonx.Unmarshal(b, &obj) == nil {
		o.Name = obj.Name
	}
	return nil
}

// Decode parses stdin leniently: a field of the wrong type is skipped.
// A payload that is not JSON yields an empty Input (the line still
// renders what it can from the environment).
func Decode(data []byte) *Input {
	var in Input
	_ = jsonx.Unmarshal(data, &in)
	if in.Cwd == "" {
		in.Cwd = in.Workspace.CurrentDir
	}
	return &in
}
