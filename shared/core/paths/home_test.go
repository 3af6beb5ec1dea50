package paths

import (
	"os"
	"path/filepath"
	"testing"
)

func TestHomeOn(t *testing.T) {
	tests := []struct {
		name, goos string
		env        map[string]string
		want       string
	}{
		{"unix HOME", "linux", map[string]string{"HOME": "/h", "USERPROFILE": `C:\Users\me`}, "/h"},
		{"unix without HOME", "darwin", map[string]string{"USERPROFILE": `C:\Users\me`}, ""},
		{"windows USERPROFILE first", "windows", map[string]string{"HOME": "/c/Users/me", "USERPROFILE": `C:\Users\me`}, `C:\Users\me`},
		{"windows falls back to HOME", "windows", map[string]string{"HOME": `D:\home`}, `D:\home`},
		{"windows neither", "windows", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := homeOn(tt.goos, func(k string) string { return tt.env[k] }); got != tt.want {
				t.Errorf("homeOn(%s) = %q, want %q", tt.goos, got, tt.want)
			}
		})
	}
}

// TestPluginBinaryExe: a release folder holds every platform's binaries;
// the Windows ones are found by their .exe name.
func TestPluginBinaryExe(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"bin/si":                     "#!/bin/sh\n", // the launcher
		"bin/linux-amd64/si":         "ELF",
		"bin/windows-arm64/si.exe":   "MZ",
		"bin/windows-amd64/si":       "MZ", // no suffix: not a Windows program
		"bin/si-statusline.exe":      "MZ", // a Windows dev build
		"bin/darwin-arm64/si-ail":    "Mach-O",
		"bin/windows-amd64/si-relay": "MZ",
	}
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct{ goos, goarch, name, want string }{
		{"linux", "amd64", "si", "bin/linux-amd64/si"},
		{"linux", "arm64", "si", ""}, // only the launcher
		{"windows", "arm64", "si", "bin/windows-arm64/si.exe"},
		{"windows", "amd64", "si", ""},
		{"windows", "amd64", "si-statusline", "bin/si-statusline.exe"},
		{"linux", "amd64", "si-statusline", ""},
		{"darwin", "arm64", "si-ail", "bin/darwin-arm64/si-ail"},
		{"windows", "amd64", "si-relay", ""},
	}
	for _, tt := range tests {
		want := tt.want
		if want != "" {
			want = filepath.Join(root, filepath.FromSlash(want))
		}
		if got := PluginBinary(root, tt.goos, tt.goarch, tt.name); got != want {
			t.Errorf("PluginBinary(%s/%s, %s) = %q, want %q", tt.goos, tt.goarch, tt.name, got, want)
		}
	}
}
