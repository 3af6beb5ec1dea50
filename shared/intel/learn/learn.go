// Package learn seeds the compaction history from transcripts that were
// written before the plugin was installed. Claude Code records every
// compaction in the session transcript as a compact_boundary record
// (trigger, context size before compacting, session, project), so the
// transcripts under ~/.claude/projects already tell where this user
// compacts; `si learn` turns them into history entries and the adaptive
// zones work on the first day instead of after five compactions.
//
// Scanning is built for size: every transcript is read once in large
// buffered slices, a line is decoded only when it contains the bytes
// "compact_boundary", and files are shared among worker goroutines.
package learn

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/session-intelligence/session-intelligence/shared/intel/history"
)

// Source marks history entries that were learned from transcripts.
const Source = "learn"

// Stats describes a scan.
type Stats struct {
	Projects   int   `json:"projects"`   // project directories listed
	Files      int   `json:"files"`      // transcripts read
	Bytes      int64 `json:"bytes"`      // bytes read
	Boundaries int   `json:"boundaries"` // compact_boundary records found
	Unreadable int   `json:"unreadable"` // files or directories that could not be read
	LongLines  int   `json:"longLines"`  // lines over MaxLine, skipped
	Undated    int   `json:"undated"`    // boundaries without a usable timestamp, skipped
}

func (s *Stats) add(o Stats) {
	s.Files += o.Files
	s.Bytes += o.Bytes
	s.Boundaries += o.Boundaries
	s.Unreadable += o.Unreadable
	s.LongLines += o.LongLines
	s.Undated += o.Undated
}

// Scan reads every *.jsonl file directly inside each project directory
// of projectsDir (subagent transcripts below them are not read) with
// workers goroutines and returns one history entry per compact_boundary
// record, sorted by time. A missing projectsDir yields nothing; files
// that cannot be read are counted in Stats and skipped.
func Scan(ctx context.Context, projectsDir string, workers int) ([]history.Entry, Stats, error) {
	files, st, err := list(projectsDir)
	if err != nil {
		return nil, st, err
	}
	results := make([]fileResult, len(files))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Go(func() {
			s := newScanner()
			for i := range jobs {
				results[i] = s.file(ctx, files[i])
			}
		})
	}
feed:
	for i := range files {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, st, fmt.Errorf("learn: scan %s: %w", projectsDir, err)
	}
	out, st := collect(results, st)
	return out, st, nil
}

// collect merges the per-file results into entries sorted by time.
func collect(results []fileResult, st Stats) ([]history.Entry, Stats) {
	var out []history.Entry
	for _, r := range results {
		st.add(r.stats)
		out = append(out, r.entries...)
	}
	sortEntries(out)
	return out, st
}

// sized is a transcript and its size.
type sized struct {
	path string
	size int64
}

// list returns the transcripts to read, largest first so that the
// workers finish together.
func list(projectsDir string) ([]string, Stats, error) {
	var st Stats
	// A file in the folder's place is refused here rather than left to
	// ReadDir: Windows's answer comes from Go's reading of a failed
	// directory query, and Wine's lists a file as an empty folder.
	if fi, err := os.Stat(projectsDir); err == nil && !fi.IsDir() {
		return nil, st, fmt.Errorf("learn: list %s: not a directory", projectsDir)
	}
	projects, err := os.ReadDir(projectsDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, st, nil
	}
	if err != nil {
		return nil, st, fmt.Errorf("learn: list %s: %w", projectsDir, err)
	}
	var files []sized
	for _, p := range projects {
		if !p.IsDir() {
			continue
		}
		st.Projects++
		found, err := transcripts(filepath.Join(projectsDir, p.Name()))
		if err != nil {
			st.Unreadable++
		}
		files = append(files, found...)
	}
	sort.SliceStable(files, func(i, j int) bool { return files[i].size > files[j].size })
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.path
	}
	return out, st, nil
}

// transcripts lists the *.jsonl files directly in a project directory.
func transcripts(dir string) ([]sized, error) {
	names, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []sized
	for _, n := range names {
		if n.IsDir() || !strings.HasSuffix(n.Name(), ".jsonl") {
			continue
		}
		var size int64
		if fi, err := n.Info(); err == nil {
			size = fi.Size()
		}
		out = append(out, sized{filepath.Join(dir, n.Name()), size})
	}
	return out, nil
}

// sortEntries orders entries by time, then session.
func sortEntries(entries []history.Entry) {
	sort.SliceStable(entries, func(i, j int) bool {
		if entries[i].T != entries[j].T {
			return entries[i].T < entries[j].T
		}
		return entries[i].SID < entries[j].SID
	})
}

// SameWithin is how far apart two records of one session's compaction may
// be: the PreCompact hook writes its history entry a moment before Claude
// Code writes the compact_boundary record.
const SameWithin = 120 // seconds

// Merge returns the entries of found that history does not hold yet,
// sorted by time. An entry is already known when an existing one (or an
// earlier one of found: a resumed session repeats its records) has the
// same session id and a time at most SameWithin seconds away.
func Merge(existing, found []history.Entry) []history.Entry {
	known := map[string][]int64{}
	for _, e := range existing {
		known[e.SID] = append(known[e.SID], e.T)
	}
	sorted := slices.Clone(found)
	sortEntries(sorted)
	var out []history.Entry
	for _, e := range sorted {
		if near(known[e.SID], e.T) {
			continue
		}
		known[e.SID] = append(known[e.SID], e.T)
		out = append(out, e)
	}
	return out
}

// near reports whether any of times is within SameWithin of t.
func near(times []int64, t int64) bool {
	for _, x := range times {
		if d := x - t; d <= SameWithin && d >= -SameWithin {
			return true
		}
	}
	return false
}

// Fit returns the entries of fresh (sorted by time) that would be among
// the newest limit entries of existing and fresh together, so that
// appending them to a bounded history never pushes out compactions that
// are newer than themselves. On a tie the existing entry stays.
func Fit(existing, fresh []history.Entry, limit int) []history.Entry {
	times := make([]int64, len(existing))
	for i, e := range existing {
		times[i] = e.T
	}
	slices.Sort(times)
	i, j := len(times)-1, len(fresh)-1
	for slots := limit; slots > 0 && j >= 0; slots-- {
		if i < 0 || fresh[j].T > times[i] {
			j--
		} else {
			i--
		}
	}
	return fresh[j+1:]
}
