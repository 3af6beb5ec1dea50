package arch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// TestArchitecturePageNamesAll: docs/architecture.md names every wing
// (a folder under shared/, as a row of the wings table), every hook
// event the plugin registers (hooks.json, as a row of the events table)
// and every binary (a main package, by the name build.sh gives it), so
// that none is added without the page that explains the layout.
func TestArchitecturePageNamesAll(t *testing.T) {
	root := refdata.RepoRoot(t)
	data, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	rows := map[string]bool{}
	for _, line := range strings.Split(page, "\n") {
		if cell, _, ok := strings.Cut(strings.TrimPrefix(line, "| "), " |"); ok && strings.HasPrefix(line, "| ") {
			rows[cell] = true
		}
	}
	entries, err := os.ReadDir(filepath.Join(root, "shared"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && !rows["`"+e.Name()+"`"] {
			t.Errorf("docs/architecture.md: the wings table has no row for shared/%s", e.Name())
		}
	}
	for _, event := range hookEvents(t, root) {
		if !rows[event] {
			t.Errorf("docs/architecture.md: the events table has no row for %s (hooks.json)", event)
		}
	}
	for _, pkg := range goList(t, "-f", `{{if eq .Name "main"}}{{.ImportPath}}{{end}}`, "./...") {
		if pkg == "" {
			continue
		}
		if name := binaryName(strings.TrimPrefix(pkg, module+"/")); !strings.Contains(page, "`"+name+"`") {
			t.Errorf("docs/architecture.md does not name the binary `%s` (%s)", name, pkg)
		}
	}
}

// hookEvents returns the events hooks.json registers.
func hookEvents(t *testing.T, root string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "plugin", "plugins", "session-intelligence", "hooks", "hooks.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Hooks map[string]any `json:"hooks"`
	}
	if err := jsonx.Unmarshal(data, &file); err != nil || len(file.Hooks) == 0 {
		t.Fatalf("hooks.json: no hooks (%v)", err)
	}
	var out []string
	for event := range file.Hooks {
		out = append(out, event)
	}
	return out
}

// binaryName is the name scripts/build.sh gives the binary of a main
// package (hooks/<event> → si-<event>, statusline → si-statusline, any
// other folder → its own name).
func binaryName(dir string) string {
	switch {
	case strings.HasPrefix(dir, "hooks/"):
		return "si-" + strings.TrimPrefix(dir, "hooks/")
	case dir == "statusline":
		return "si-statusline"
	}
	return filepath.Base(dir)
}
