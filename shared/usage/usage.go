// Package usage reports token usage and cost per session from transcript
// files, the way `si usage` prints it. Each file is one session; its
// subagent transcripts (<dir>/<session>/subagents/*.jsonl) count with it.
// A response that appears in several files is counted once, and its
// largest recorded usage wins, which matches ccusage.
package usage

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/pricing"
	"github.com/session-intelligence/session-intelligence/shared/transcript"
)

// Session is one session's totals.
type Session struct {
	SessionID     string   `json:"session_id"`
	InputTokens   int64    `json:"input_tokens"`
	OutputTokens  int64    `json:"output_tokens"`
	CacheCreation int64    `json:"cache_creation_input_tokens"`
	CacheRead     int64    `json:"cache_read_input_tokens"`
	CostUSD       float64  `json:"cost_usd"`
	Models        []string `json:"models"`
	Unpriced      []string `json:"unpriced_models,omitempty"`
}

// Report is what `si usage --json` prints.
type Report struct {
	Sessions []Session `json:"sessions"`
}

// Build reads the transcripts and totals each session. Costs use list
// prices for known models only; unknown models are listed as unpriced
// instead of guessed.
func Build(files []string, table pricing.Table) (Report, error) {
	var rep Report
	var seen []uint64
	done := map[string]bool{}
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return rep, err
		}
		if done[abs] {
			continue
		}
		done[abs] = true
		acc := transcript.NewAccumulatorExcluding(seen)
		for _, part := range withSubagents(abs) {
			if err := feed(acc, part); err != nil {
				return rep, err
			}
		}
		rep.Sessions = append(rep.Sessions, summarize(sessionID(abs), acc.Stats, table))
		seen = acc.Seen()
	}
	return rep, nil
}

func feed(acc *transcript.Accumulator, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("read %s: %w", path, transcript.ErrNotFile)
	}
	acc.Stats.Offset = 0
	if err := acc.Feed(f, 0); err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	return nil
}

// withSubagents lists a transcript and its subagent transcripts.
func withSubagents(path string) []string {
	dir := strings.TrimSuffix(path, ".jsonl")
	subs, _ := filepath.Glob(filepath.Join(dir, "subagents", "*.jsonl"))
	slices.Sort(subs)
	return append([]string{path}, subs...)
}

func sessionID(path string) string {
	return strings.TrimSuffix(filepath.Base(path), ".jsonl")
}

func summarize(id string, s *transcript.Stats, table pricing.Table) Session {
	out := Session{SessionID: id, InputTokens: s.Totals.Input, OutputTokens: s.Totals.Output,
		CacheCreation: s.Totals.CacheCreation(), CacheRead: s.Totals.CacheRead, Models: []string{}}
	for _, model := range s.ModelNames() {
		m := s.Models[model]
		if m.Responses == 0 {
			continue
		}
		out.Models = append(out.Models, model)
		p, known := table.Lookup(model)
		if !known {
			out.Unpriced = append(out.Unpriced, model)
			continue
		}
		out.CostUSD += p.CostSplit(m.Usage, m.Above)
	}
	return out
}
