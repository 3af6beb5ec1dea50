// Package usage reports token usage and cost per session from transcript
// files, the way `si usage` prints it. Each file is one session; its
// subagent transcripts (<dir>/<session>/subagents/*.jsonl) count with it.
// Like ccusage, it de-duplicates API responses across all files at once:
// of the records sharing a message.id and requestId, the one with the
// largest usage wins (the first in path order on a tie), and the response
// counts for the session whose file holds that record.
package usage

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/cc/sessioncost"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
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
	// Unpriced lists the models with no known list price; their usage is
	// priced at their family's rate (as the status line does) and
	// CostEstimated says the cost holds such an estimate, EstimatedUSD
	// how much of it.
	Unpriced      []string `json:"unpriced_models,omitempty"`
	CostEstimated bool     `json:"cost_estimated,omitempty"`
	EstimatedUSD  float64  `json:"estimated_cost_usd,omitempty"`
}

// Report is what `si usage --json` prints.
type Report struct {
	Sessions []Session `json:"sessions"`
}

// part is one file of one session.
type part struct {
	session int
	path    string
}

// owned is a response and the session it counts for.
type owned struct {
	session int
	resp    transcript.Response
}

// Build reads the transcripts and totals each session. Costs use list
// prices; a model with none is priced at its family's rate, listed as
// unpriced and the cost marked as estimated, the same way everywhere.
func Build(files []string, table pricing.Table) (Report, error) {
	ids, parts, err := layout(files)
	if err != nil {
		return Report{}, err
	}
	read, err := readAll(parts)
	if err != nil {
		return Report{}, err
	}
	winners := map[uint64]owned{}
	var order []uint64
	var noID []owned
	for i, p := range parts {
		for _, r := range read[i] {
			if !r.HasID {
				noID = append(noID, owned{p.session, r})
				continue
			}
			prev, seen := winners[r.Key]
			if !seen {
				order = append(order, r.Key)
			}
			if !seen || r.Usage.Total() > prev.resp.Usage.Total() {
				winners[r.Key] = owned{p.session, r}
			}
		}
	}
	models := make([]map[string]*transcript.ModelUsage, len(ids))
	for i := range models {
		models[i] = map[string]*transcript.ModelUsage{}
	}
	count := func(o owned) {
		m := models[o.session][o.resp.Model]
		if m == nil {
			m = &transcript.ModelUsage{}
			models[o.session][o.resp.Model] = m
		}
		m.Add(o.resp.Usage)
	}
	for _, k := range order {
		count(winners[k])
	}
	for _, o := range noID {
		count(o)
	}
	rep := Report{Sessions: make([]Session, len(ids))}
	for i, id := range ids {
		rep.Sessions[i] = summarize(id, models[i], table)
	}
	return rep, nil
}

// layout names the sessions (in argument order, each file once) and lists
// every file to read, main transcripts with their subagents, sorted by
// path as ccusage reads them.
func layout(files []string) (ids []string, parts []part, err error) {
	done := map[string]bool{}
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return nil, nil, err
		}
		if done[abs] {
			continue
		}
		done[abs] = true
		for _, p := range withSubagents(abs) {
			parts = append(parts, part{session: len(ids), path: p})
		}
		ids = append(ids, strings.TrimSuffix(filepath.Base(abs), ".jsonl"))
	}
	slices.SortStableFunc(parts, func(a, b part) int { return strings.Compare(a.path, b.path) })
	return ids, parts, nil
}

// readAll reads the parts, as many at once as there are CPUs, and returns
// each part's responses in file order; the first error in part order
// wins, so the outcome does not depend on which read finishes first.
func readAll(parts []part) ([][]transcript.Response, error) {
	read := make([][]transcript.Response, len(parts))
	errs := make([]error, len(parts))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(parts)) {
		wg.Go(func() {
			for i := range next {
				errs[i] = feed(parts[i].path, func(r transcript.Response) { read[i] = append(read[i], r) })
			}
		})
	}
	for i := range parts {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return read, nil
}

func feed(path string, fn func(transcript.Response)) error {
	f, fi, err := fsutil.OpenRegular(path)
	if errors.Is(err, fsutil.ErrNotRegular) {
		return fmt.Errorf("read %s: %w", path, transcript.ErrNotFile)
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	defer f.Close()
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("read %s: %w", path, transcript.ErrNotFile)
	}
	if err := transcript.Each(f, fn); err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	return nil
}

// withSubagents lists a transcript and its subagent transcripts.
func withSubagents(path string) []string {
	dir := strings.TrimSuffix(path, ".jsonl")
	subs, _ := filepath.Glob(filepath.Join(dir, "subagents", "*.jsonl"))
	return append([]string{path}, subs...)
}

func summarize(id string, models map[string]*transcript.ModelUsage, table pricing.Table) Session {
	out := Session{SessionID: id, Models: []string{}}
	names := make([]string, 0, len(models))
	for name := range models {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		m := models[name]
		out.InputTokens += m.Usage.Input
		out.OutputTokens += m.Usage.Output
		out.CacheCreation += m.Usage.CacheCreation()
		out.CacheRead += m.Usage.CacheRead
		out.Models = append(out.Models, name)
	}
	fig := sessioncost.Price(table, models)
	out.CostUSD, out.Unpriced, out.CostEstimated, out.EstimatedUSD = fig.USD, fig.Unpriced, fig.Estimated(), fig.EstimatedUSD
	return out
}

// Figure is the session's cost as every surface of the plugin shows it.
func (s Session) Figure() sessioncost.Figure {
	return sessioncost.Figure{USD: s.CostUSD, Known: true, Unpriced: s.Unpriced, EstimatedUSD: s.EstimatedUSD}
}
