package line

import (
	"path/filepath"
	"strings"
)

// shellFinder is what the Windows shell search looks at: the child's
// environment, whether a file exists, and a PATH lookup.
type shellFinder struct {
	getenv func(string) string
	exists func(string) bool
	look   func(string) (string, error)
}

// gitBashDirs are the default install folders of Git for Windows.
var gitBashDirs = []string{`C:\Program Files\Git\bin\bash.exe`, `C:\Program Files (x86)\Git\bin\bash.exe`}

// windowsShell is the program and arguments that run command as Claude
// Code runs a statusLine command on Windows: Git Bash (found as Claude
// Code finds it, see [shellFinder.gitBash]) with -c, else PowerShell
// with the flags Claude Code gives it. ok is false when neither is there.
func (f shellFinder) windowsShell(command string) (shell string, args []string, ok bool) {
	if bash := f.gitBash(); bash != "" {
		return bash, []string{"-c", command}, true
	}
	for _, name := range []string{"pwsh", "powershell"} {
		if p, err := f.look(name); err == nil {
			args = []string{"-NoProfile", "-NonInteractive"}
			if f.getenv("CLAUDE_CODE_POWERSHELL_RESPECT_EXECUTION_POLICY") == "" {
				args = append(args, "-ExecutionPolicy", "Bypass")
			}
			return p, append(args, "-Command", command), true
		}
	}
	return "", nil, false
}

// gitBash finds bash.exe in Claude Code's order: CLAUDE_CODE_GIT_BASH_PATH
// when it names an existing bash or sh, Git's default install folders,
// then the bin\bash.exe two levels above the git on PATH. "" for none.
func (f shellFinder) gitBash() string {
	if p := f.getenv("CLAUDE_CODE_GIT_BASH_PATH"); p != "" && f.exists(p) {
		switch strings.ToLower(baseName(p)) {
		case "bash.exe", "sh.exe", "bash", "sh":
			return p
		}
	}
	for _, p := range gitBashDirs {
		if f.exists(p) {
			return p
		}
	}
	if git, err := f.look("git"); err == nil {
		if p := filepath.Join(filepath.Dir(filepath.Dir(git)), "bin", "bash.exe"); f.exists(p) {
			return p
		}
	}
	return ""
}

// baseName is the last element of a path written with either separator,
// as Windows paths are whichever platform reads them.
func baseName(p string) string {
	return p[strings.LastIndexAny(p, `/\`)+1:]
}

// envLookup reads KEY from a KEY=VALUE environment; Windows names are
// case-insensitive.
func envLookup(env []string) func(string) string {
	return func(key string) string {
		for i := len(env) - 1; i >= 0; i-- {
			if k, v, ok := strings.Cut(env[i], "="); ok && strings.EqualFold(k, key) {
				return v
			}
		}
		return ""
	}
}
