package line

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Git Bash runs a previous statusLine on Windows ([shellCommand]), and
// the Windows lane's Wine prefix has none. gitBash gives a test one:
// this test binary, copied as bash.exe and named by
// CLAUDE_CODE_GIT_BASH_PATH, which TestMain runs as `bash -c command`
// through a bash interpreter (mvdan.cc/sh, as shared/testkit/winlane
// does). The commands the tests chain use shell builtins only, so the
// same text runs in sh elsewhere.

func TestMain(m *testing.M) {
	if strings.EqualFold(filepath.Base(os.Args[0]), "bash.exe") {
		os.Exit(bashStandIn(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// gitBash makes the Git Bash stand-in the shell of previous commands on
// Windows, for the rest of the test; elsewhere sh runs them.
func gitBash(t *testing.T) {
	t.Helper()
	if runtime.GOOS != "windows" {
		return
	}
	self, err := os.Executable()
	must(t, err)
	data, err := os.ReadFile(self)
	must(t, err)
	bash := filepath.Join(t.TempDir(), "bash.exe")
	must(t, os.WriteFile(bash, data, 0o700))
	t.Setenv("CLAUDE_CODE_GIT_BASH_PATH", bash)
}

// bashStandIn runs `-c command` with the bash interpreter; its exit
// status is the command's.
func bashStandIn(args []string) int {
	if len(args) != 2 || args[0] != "-c" {
		os.Stderr.WriteString("bash stand-in: want -c command\n")
		return 2
	}
	file, err := syntax.NewParser().Parse(strings.NewReader(args[1]), "")
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 2
	}
	r, err := interp.New(interp.StdIO(os.Stdin, os.Stdout, os.Stderr))
	if err == nil {
		err = r.Run(context.Background(), file)
	}
	var status interp.ExitStatus
	if errors.As(err, &status) {
		return int(status)
	}
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	return 0
}
