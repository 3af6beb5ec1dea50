package installer

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestSourceBinaries: the build for each system is found under the
// names it has there; a Windows folder holds si.exe, never a bare si.
func TestSourceBinaries(t *testing.T) {
	tests := []struct {
		name, goos string
		files      []string
		want       []string // nil: refused
	}{
		{"linux", "linux", []string{"si", "si-stop"}, []string{"si", "si-stop"}},
		{"windows", "windows", []string{"si.exe", "si-stop.exe"}, []string{"si-stop.exe", "si.exe"}},
		{"windows without si.exe", "windows", []string{"si", "si-stop.exe"}, nil},
		{"linux without si", "linux", []string{"si-stop"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plugin := t.TempDir()
			dir := filepath.Join(plugin, "bin", tt.goos+"-amd64")
			must(t, os.MkdirAll(dir, 0o755))
			for _, f := range tt.files {
				must(t, os.WriteFile(filepath.Join(dir, f), elf, 0o755))
			}
			got, err := sourceBinaries(plugin, tt.goos, "amd64")
			if tt.want == nil {
				if err == nil || !strings.Contains(err.Error(), "no si for "+tt.goos) {
					t.Fatalf("sourceBinaries = %v, %v; want the missing si named", got, err)
				}
				return
			}
			if err != nil || !slices.Equal(got, tt.want) {
				t.Errorf("sourceBinaries = %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}

// TestCheckPath: the install folder goes into commands with forward
// slashes, so Windows's own separator is accepted there, while a quote
// or a backslash inside a Unix name is refused.
func TestCheckPath(t *testing.T) {
	tests := []struct {
		name, dir string
		ok        bool
	}{
		{"plain", filepath.FromSlash("/home/x/.claude/session-intelligence/bin"), true},
		{"a quote", filepath.FromSlash("/home/o'x/.claude/bin"), false},
		{"a dollar", filepath.FromSlash("/home/$x/.claude/bin"), false},
		{"relative", filepath.FromSlash("x/bin"), false},
	}
	if runtime.GOOS == "windows" {
		tests[0].dir = `C:\Users\x\.claude\session-intelligence\bin`
		tests = append(tests, struct {
			name, dir string
			ok        bool
		}{"a UNC share", `\\server\home\x\.claude\bin`, true})
	} else {
		tests = append(tests, struct {
			name, dir string
			ok        bool
		}{"a backslash in a name", `/home/x\y/bin`, false})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := checkPath(tt.dir); (err == nil) != tt.ok {
				t.Errorf("checkPath(%q) = %v, want ok %v", tt.dir, err, tt.ok)
			}
		})
	}
}
