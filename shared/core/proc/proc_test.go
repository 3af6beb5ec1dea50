package proc

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestSibling(t *testing.T) {
	root := t.TempDir()
	plugin := filepath.Join(root, "plugin")
	onPath := filepath.Join(root, "path", "si-ail")
	for _, p := range []string{filepath.Join(plugin, "bin", Exe("si-refresh")), onPath} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Not a program (no execute bit; on Windows no .exe): never chosen.
	if err := os.WriteFile(filepath.Join(plugin, "bin", "si-ail"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	env := IO{
		Getenv: func(k string) string { return map[string]string{"CLAUDE_PLUGIN_ROOT": plugin}[k] },
		Look: func(name string) (string, error) {
			if name == "si-ail" {
				return onPath, nil
			}
			return "", errors.New("not found")
		},
	}
	for _, tc := range []struct{ name, want string }{
		{"si-refresh", filepath.Join(plugin, "bin", Exe("si-refresh"))},
		{"si-ail", onPath},
		{"si-nothing", ""},
	} {
		got, err := env.Sibling(tc.name)
		if got != tc.want || (tc.want == "") != errors.Is(err, ErrNoSibling) {
			t.Errorf("Sibling(%s) = %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
}
