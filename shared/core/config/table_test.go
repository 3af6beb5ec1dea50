package config

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

var update = flag.Bool("update", false, "rewrite the configuration table in docs/configuration.md")

const (
	tableBegin = "<!-- BEGIN config-table (generated from shared/core/config/keys.go; go test ./shared/core/config -update) -->\n"
	tableEnd   = "<!-- END config-table -->"
)

// TestReadmeTable keeps the configuration table of docs/configuration.md identical to the
// key table in code.
func TestReadmeTable(t *testing.T) {
	readme := filepath.Join(refdata.RepoRoot(t), "docs", "configuration.md")
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i, j := strings.Index(text, tableBegin), strings.Index(text, tableEnd)
	if i < 0 || j < i {
		t.Fatal("docs/configuration.md lacks the config-table markers")
	}
	want := MarkdownTable()
	got := text[i+len(tableBegin) : j]
	if got == want {
		return
	}
	if !*update {
		t.Fatal("docs/configuration.md's configuration table is out of date; run: go test ./shared/core/config -update")
	}
	text = text[:i+len(tableBegin)] + want + text[j:]
	if err := os.WriteFile(readme, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
