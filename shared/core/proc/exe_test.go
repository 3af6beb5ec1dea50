package proc

import (
	"io/fs"
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
