package capture

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// TestCorpusCapture reads the recorded corpus as the hooks would and
// keeps the capture precise: of the corpus's human messages, a few dozen
// instructions are kept, none from a message Claude Code wrote, and the
// counts stay where the README says.
func TestCorpusCapture(t *testing.T) {
	var files []string
	for _, sub := range []string{"transcripts", "entire"} {
		dir, ok := refdata.Find("corpus", sub)
		if !ok {
			t.Skip("no reference corpus")
		}
		m, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
		files = append(files, m...)
	}
	kinds := map[Kind]int{}
	for _, f := range files {
		var s Store
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			s.Add(now, ReadLine(sc.Bytes()).Items...)
		}
		fh.Close()
		for _, it := range s.Items {
			kinds[it.Kind]++
		}
	}
	total := kinds[Rule] + kinds[Correction] + kinds[Decision]
	t.Logf("captured %d: %d rules, %d corrections, %d decisions", total, kinds[Rule], kinds[Correction], kinds[Decision])
	if total < 40 || total > 56 {
		t.Errorf("captured %d instructions on the corpus; docs/compaction.md says 48", total)
	}
}
