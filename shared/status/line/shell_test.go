package line

import (
	"errors"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

func TestWindowsShell(t *testing.T) {
	const cmd = `echo "$PWD"`
	pf := `C:\Program Files\Git\bin\bash.exe`
	// The bash beside git is found with the system's separator: Git for
	// Windows on PATH is a drive-letter path there.
	git := "/opt/git"
	if runtime.GOOS == "windows" {
		git = `D:\tools\Git`
	}
	gitExe, gitBash := filepath.Join(git, "cmd", "git.exe"), filepath.Join(git, "bin", "bash.exe")
	tests := []struct {
		name  string
		env   map[string]string
		files []string
		path  map[string]string // name → what PATH finds
		want  []string          // shell, then its arguments; nil for none
	}{
		{"CLAUDE_CODE_GIT_BASH_PATH first", map[string]string{"CLAUDE_CODE_GIT_BASH_PATH": `D:\git\bin\bash.exe`},
			[]string{`D:\git\bin\bash.exe`, pf}, nil, []string{`D:\git\bin\bash.exe`, "-c", cmd}},
		{"CLAUDE_CODE_GIT_BASH_PATH naming sh", map[string]string{"CLAUDE_CODE_GIT_BASH_PATH": `D:/msys/usr/bin/SH.EXE`},
			[]string{`D:/msys/usr/bin/SH.EXE`}, nil, []string{`D:/msys/usr/bin/SH.EXE`, "-c", cmd}},
		{"CLAUDE_CODE_GIT_BASH_PATH not a bash", map[string]string{"CLAUDE_CODE_GIT_BASH_PATH": `D:\tools\zsh.exe`},
			[]string{`D:\tools\zsh.exe`, pf}, nil, []string{pf, "-c", cmd}},
		{"CLAUDE_CODE_GIT_BASH_PATH missing", map[string]string{"CLAUDE_CODE_GIT_BASH_PATH": `D:\gone\bash.exe`},
			[]string{pf}, nil, []string{pf, "-c", cmd}},
		{"Program Files (x86)", nil, []string{`C:\Program Files (x86)\Git\bin\bash.exe`}, nil,
			[]string{`C:\Program Files (x86)\Git\bin\bash.exe`, "-c", cmd}},
		{"beside git on PATH", nil, []string{gitBash}, map[string]string{"git": gitExe},
			[]string{gitBash, "-c", cmd}},
		{"git on PATH without bash", nil, nil, map[string]string{"git": gitExe, "powershell": `C:\ps\powershell.exe`},
			[]string{`C:\ps\powershell.exe`, "-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass", "-Command", cmd}},
		{"pwsh before powershell", nil, nil, map[string]string{"pwsh": `C:\ps7\pwsh.exe`, "powershell": `C:\ps\powershell.exe`},
			[]string{`C:\ps7\pwsh.exe`, "-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass", "-Command", cmd}},
		{"execution policy respected", map[string]string{"CLAUDE_CODE_POWERSHELL_RESPECT_EXECUTION_POLICY": "1"}, nil,
			map[string]string{"pwsh": `C:\ps7\pwsh.exe`}, []string{`C:\ps7\pwsh.exe`, "-NoProfile", "-NonInteractive", "-Command", cmd}},
		{"no shell", nil, nil, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := shellFinder{
				getenv: func(k string) string { return tt.env[k] },
				exists: func(p string) bool { return slices.Contains(tt.files, p) },
				look: func(name string) (string, error) {
					if p, ok := tt.path[name]; ok {
						return p, nil
					}
					return "", errors.New("not found")
				},
			}
			shell, args, ok := f.windowsShell(cmd)
			var got []string
			if ok {
				got = append([]string{shell}, args...)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("windowsShell = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestEnvLookup(t *testing.T) {
	get := envLookup([]string{"Path=C:\\a", "HOME=/h", "home=/later", "EMPTY=", "junk"})
	tests := []struct{ key, want string }{
		{"PATH", `C:\a`}, // Windows names ignore case
		{"HOME", "/later"},
		{"EMPTY", ""},
		{"MISSING", ""},
	}
	for _, tt := range tests {
		if got := get(tt.key); got != tt.want {
			t.Errorf("envLookup(%s) = %q, want %q", tt.key, got, tt.want)
		}
	}
}
