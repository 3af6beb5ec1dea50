package autocompact

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestRead(t *testing.T) {
	home := t.TempDir()
	claude := filepath.Join(home, ".claude")
	proj := filepath.Join(home, "proj")
	for _, d := range []string{claude, filepath.Join(proj, ".claude")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(claude, "settings.json"), `{"autoCompactWindow": 300000}`)
	write(filepath.Join(proj, ".claude", "settings.json"), "\xef\xbb\xbf"+`{"autoCompactWindow": "auto", "x": [1,2]}`)
	write(filepath.Join(home, ".claude.json"), `{"projects":{},"autoCompactEnabled":false}`)
	f := FilesFor(claude, home, proj, "")
	c := Read(f, Config{})
	if len(c.Windows) != 3 || c.Windows[0] != nil || c.Windows[1] != "auto" || c.Windows[2] != float64(300000) {
		t.Errorf("Windows = %#v", c.Windows)
	}
	if c.Enabled == nil || *c.Enabled {
		t.Errorf("Enabled = %v, want false", c.Enabled)
	}
	again := Read(f, c)
	if again.Stamp != c.Stamp {
		t.Error("stamp changed with no file changed")
	}
	later := time.Now().Add(time.Minute)
	write(filepath.Join(home, ".claude.json"), `{"autoCompactEnabled":true}`)
	_ = os.Chtimes(filepath.Join(home, ".claude.json"), later, later)
	if c2 := Read(f, c); c2.Enabled == nil || !*c2.Enabled {
		t.Errorf("a changed global config was not read again: %v", c2.Enabled)
	}
	// A malformed file says nothing; with CLAUDE_CONFIG_DIR the global
	// config sits in it.
	write(filepath.Join(claude, "settings.json"), `{"autoCompactWindow": `)
	other := filepath.Join(home, "cfg")
	if got := FilesFor(other, home, "", "").Global; got != filepath.Join(other, ".claude.json") {
		t.Errorf("Global with a moved config dir = %s", got)
	}
	if c3 := Read(f, Config{}); c3.Windows[2] != nil {
		t.Errorf("malformed settings read as %#v", c3.Windows[2])
	}
}
