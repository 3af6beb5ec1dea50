package proc

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestExeFor(t *testing.T) {
	tests := []struct{ goos, name, want string }{
		{"linux", "si", "si"},
		{"darwin", "si-refresh", "si-refresh"},
		{"windows", "si", "si.exe"},
		{"windows", "si-refresh", "si-refresh.exe"},
		{"windows", "si.exe", "si.exe"},
		{"windows", "SI.EXE", "SI.EXE"},
		{"windows", "ai.sync", "ai.sync.exe"},
		{"linux", "si.exe", "si.exe"},
	}
	for _, tt := range tests {
		if got := ExeFor(tt.goos, tt.name); got != tt.want {
			t.Errorf("ExeFor(%s, %s) = %s, want %s", tt.goos, tt.name, got, tt.want)
		}
	}
}

func TestExecutableOn(t *testing.T) {
	tests := []struct {
		goos string
		mode fs.FileMode
		want bool
	}{
		{"linux", 0o755, true},
		{"linux", 0o700, true},
		{"linux", 0o644, false},
		{"linux", fs.ModeDir | 0o755, false},
		{"linux", fs.ModeNamedPipe | 0o777, false},
		{"windows", 0o666, true}, // how Go reports a writable Windows file
		{"windows", 0o444, true},
		{"windows", fs.ModeDir | 0o777, false},
	}
	for _, tt := range tests {
		if got := executableOn(tt.goos, tt.mode); got != tt.want {
			t.Errorf("executableOn(%s, %v) = %v, want %v", tt.goos, tt.mode, got, tt.want)
		}
	}
}

func TestInPath(t *testing.T) {
	root := t.TempDir()
	mine, plugin, empty := filepath.Join(root, "mine"), filepath.Join(root, "plugin", "bin"), filepath.Join(root, "empty")
	for _, d := range []string{mine, plugin, empty} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(path string, mode os.FileMode) {
		if err := os.WriteFile(path, []byte("x"), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(mine, Exe("tool")), 0o755)
	write(filepath.Join(plugin, Exe("si")), 0o755)
	write(filepath.Join(mine, Exe("data")), 0o644)
	list := func(dirs ...string) string { return strings.Join(dirs, string(os.PathListSeparator)) }
	type inPathCase struct {
		name, path, skip string
		names            []string
		want             bool
	}
	tests := []inPathCase{
		{"found", list(empty, mine), "", []string{Exe("tool")}, true},
		{"any of the names", list(mine), "", []string{Exe("nope"), Exe("tool")}, true},
		{"not there", list(empty, mine), "", []string{Exe("si")}, false},
		{"under skip", list(plugin), filepath.Join(root, "plugin"), []string{Exe("si")}, false},
		{"not under skip", list(plugin), mine, []string{Exe("si")}, true},
		{"empty entries", list("", empty), "", []string{Exe("tool")}, false},
	}
	if runtime.GOOS != "windows" { // Windows has no execute bits
		tests = append(tests, inPathCase{"not executable", list(mine), "", []string{Exe("data")}, false})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := InPath(tt.path, tt.skip, tt.names...); got != tt.want {
				t.Errorf("InPath(%q, %q, %q) = %v, want %v", tt.path, tt.skip, tt.names, got, tt.want)
			}
		})
	}
}
