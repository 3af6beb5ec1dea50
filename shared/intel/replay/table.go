package replay

import (
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
)

// Table is the figures of many replays: a row per transcript and the
// totals over all of them.
type Table struct {
	Rows  []Row  `json:"rows"`
	Total Totals `json:"total"`
}

// Row is one transcript's figures.
type Row struct {
	Name   string `json:"name"`
	Path   string `json:"path"`
	Totals Totals `json:"totals"`
}

// Summarize tabulates reports. The totals are those of one replay made
// of all of them: shares over every call and every DROP list, the median
// over every compaction's lead.
func Summarize(reports []Report) Table {
	t := Table{Rows: make([]Row, 0, len(reports))}
	var all Report
	calls := 0
	for _, r := range reports {
		t.Rows = append(t.Rows, Row{Name: shortName(r.Path), Path: r.Path, Totals: r.Totals})
		all.Compactions = append(all.Compactions, r.Compactions...)
		all.Advisories = append(all.Advisories, r.Advisories...)
		all.Totals.RootedCalls += r.Totals.RootedCalls
		calls += r.Totals.ToolCalls
	}
	t.Total = totals(all, calls)
	for _, r := range reports {
		t.Total.Warnings.QuietCalls += r.Totals.Warnings.QuietCalls
		t.Total.Warnings.QuietAdvisories += r.Totals.Warnings.QuietAdvisories
		t.Total.Warnings.BeforeManual += r.Totals.Warnings.BeforeManual
	}
	t.Total.Warnings.nuisance()
	return t
}

// uuidTail is a session id at the end of a transcript's name.
var uuidTail = regexp.MustCompile(`([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// shortName is a transcript's file name without .jsonl, its session id
// cut to the first eight digits.
func shortName(path string) string {
	name := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	return uuidTail.ReplaceAllString(name, "$1")
}

// WriteMarkdown writes the table in Markdown, for a README.
func (t Table) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("| session | tool calls | rooted | compactions (auto) | advisory first (auto) | median warning | DROP roots | revisited later | in the regret window |" + folderHeads + warnHeads + "\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|" + strings.Repeat("---:|", folderColumns+warnColumns) + "\n")
	for _, r := range t.Rows {
		b.WriteString(markdownRow("`"+r.Name+"`", r.Totals))
	}
	b.WriteString(markdownRow("**all**", t.Total))
	t.writeWordsMarkdown(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

func markdownRow(name string, t Totals) string {
	lead := "—"
	if t.MedianLead != nil {
		lead = humanize.Tokens(*t.MedianLead)
	}
	return fmt.Sprintf("| %s | %d | %.1f%% | %d (%d) | %d (%d) | %s | %d | %s | %s |%s%s\n",
		name, t.ToolCalls, 100*t.RootedShare, t.Compactions, t.Auto, t.Warned, t.AutoWarned, lead,
		t.DropRoots, share(t.Revisited, t.DropRoots), share(t.RevisitedInWindow, t.DropRoots), folderCells(t), warnCells(t))
}

// nuisance is "0.60 (5 in 829, 4 before /compact)", or "—" without a
// quiet stretch.
func nuisance(w Warnings) string {
	if w.QuietCalls == 0 {
		return "—"
	}
	s := fmt.Sprintf("%.2f (%d in %d", w.Nuisance, w.QuietAdvisories, w.QuietCalls)
	if w.BeforeManual > 0 {
		s += fmt.Sprintf(", %d before /compact", w.BeforeManual)
	}
	return s + ")"
}

// share is "n (p%)", or "—" when there is nothing to share.
func share(n, of int) string {
	if of == 0 {
		return "—"
	}
	return fmt.Sprintf("%d (%.0f%%)", n, 100*float64(n)/float64(of))
}
