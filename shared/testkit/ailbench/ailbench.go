// Package ailbench measures AILv1 against the raw text it replaces, in
// cl100k tokens, on sample inputs: an invented architecture session and
// a short note (testdata/inputs), packed automatically and written by
// hand, and a Go source file of this project as it is now, packed. The
// table in docs/ailv1.md is generated from [Measure] and a test fails when the
// two drift apart.
package ailbench

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ail"
	"github.com/session-intelligence/session-intelligence/shared/ail/pack"
)

// Row is one measurement.
type Row struct {
	Workload string // what the input is
	Snapshot string // how the snapshot was made
	Raw, AIL int    // tokens of the input and of the snapshot
}

// Reduction is the share of tokens saved, in percent; negative when the
// snapshot is larger than its input.
func (r Row) Reduction() float64 { return 100 * float64(r.Raw-r.AIL) / float64(r.Raw) }

// workload is an input and its optional hand-written snapshot, both
// paths relative to the repository's root.
type workload struct {
	label, input, hand string
}

// Inputs is where the invented inputs live, relative to the root.
const Inputs = "shared/testkit/ailbench/testdata/inputs"

var workloads = []workload{
	{"3-turn architecture session (`architecture_session.md`)", Inputs + "/architecture_session.md", Inputs + "/architecture_session.ail"},
	{"Go source of this project (`credentials.go`, signatures only)", "shared/core/redact/credentials.go", ""},
	{"One-paragraph note (`quick_note.txt`)", Inputs + "/quick_note.txt", Inputs + "/quick_note.ail"},
}

// Measure packs every input under the repository root with the encoder
// (redaction on, as `si ail pack` does) and counts it, its snapshot and
// its hand-written snapshot with c. Hand-written snapshots must decode.
func Measure(root string, c ail.Counter) ([]Row, error) {
	var rows []Row
	for _, w := range workloads {
		raw, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(w.input)))
		if err != nil {
			return nil, fmt.Errorf("measure: %w", err)
		}
		opt := pack.Options{Counter: c}
		var res pack.Result
		if strings.HasSuffix(w.input, ".go") {
			res, err = pack.Source(filepath.Base(w.input), raw, opt)
		} else {
			res, err = pack.Text(string(raw), opt)
		}
		if err != nil {
			return nil, fmt.Errorf("measure %s: %w", w.input, err)
		}
		rows = append(rows, Row{w.label, "`pack` (automatic)", c.Count(string(raw)), c.Count(res.Text)})
		if w.hand == "" {
			continue
		}
		hand, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(w.hand)))
		if err != nil {
			return nil, fmt.Errorf("measure: %w", err)
		}
		if _, err := ail.ParseString(string(hand), ail.Limits{}); err != nil {
			return nil, fmt.Errorf("measure %s: %w", w.hand, err)
		}
		rows = append(rows, Row{w.label, "hand-written (`" + filepath.Base(w.hand) + "`)", c.Count(string(raw)), c.Count(string(hand))})
	}
	return rows, nil
}

// Table renders rows as docs/ailv1.md's markdown table.
func Table(rows []Row) string {
	var b strings.Builder
	b.WriteString("| Workload | Snapshot | Raw tokens | AILv1 tokens | Reduction |\n|---|---|---|---|---|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %.1f%% |\n", r.Workload, r.Snapshot, thousands(r.Raw), thousands(r.AIL), r.Reduction())
	}
	return b.String()
}

// thousands writes n with comma separators.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
