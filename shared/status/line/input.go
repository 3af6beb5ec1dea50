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
		CurrentDir string `json:"current_dir"`
		ProjectDir string `json:"project_dir"`
	} `json:"workspace"`
	Version     string        `json:"version"`
	OutputStyle outputStyle   `json:"output_style"`
	Cost        *costBlock    `json:"cost"`
	Context     *contextBlock `json:"context_window"`
	RateLimits  *struct {
		FiveHour *rateWindow `json:"five_hour"`
		SevenDay *rateWindow `json:"seven_day"`
	} `json:"rate_limits"`
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
