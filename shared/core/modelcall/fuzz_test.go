package modelcall

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// FuzzCount: any ledger, torn or hostile, is counted without a panic,
// and never more calls than it has lines.
func FuzzCount(f *testing.F) {
	f.Add([]byte(`{"t":1,"by":"ai memory fold","model":"sonnet"}` + "\n"))
	f.Add([]byte(`{"t":1,"by":` + "\n" + `not json` + "\n" + `{"t":-5}`))
	f.Add([]byte("\x00\xff{\"t\":1e99}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "model-calls.jsonl")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		tally, err := Count(path, time.Time{})
		if err != nil {
			return
		}
		lines := 1
		for _, b := range data {
			if b == '\n' {
				lines++
			}
		}
		if tally.Total > lines || len(tally.Callers()) > tally.Total {
			t.Fatalf("%d calls from %d lines", tally.Total, lines)
		}
	})
}
