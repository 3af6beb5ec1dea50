package taskchange

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// fakeEnv names the answer the test binary gives when it runs as claude
// (TestMain): a stand-in that is a real program on every system, where a
// shell script would need sh, which Windows has not.
const fakeEnv = "TASKCHANGE_FAKE_CLAUDE"

func TestMain(m *testing.M) {
	if act := os.Getenv(fakeEnv); act != "" {
		os.Exit(fakeClaudeMain(act))
	}
	os.Exit(m.Run())
}

// fakeClaudeMain logs its arguments, the child mark and its stdin to the
// file in TASKCHANGE_FAKE_LOG, then answers as act says.
func fakeClaudeMain(act string) int {
	in, _ := io.ReadAll(os.Stdin)
	var args strings.Builder
	for _, a := range os.Args[1:] {
		fmt.Fprintf(&args, "[%s]", a)
	}
	entry := args.String() + "\nchild=" + os.Getenv(ChildEnv) + "\n" + string(in)
	if err := os.WriteFile(os.Getenv("TASKCHANGE_FAKE_LOG"), []byte(entry), 0o600); err != nil {
		return 2
	}
	switch act {
	case "same", "different":
		fmt.Println(strings.ToUpper(act))
	case "fails":
		fmt.Fprintln(os.Stderr, "boom")
		return 3
	case "hangs":
		time.Sleep(30 * time.Second)
	case "floods":
		fmt.Print(strings.Repeat("SAME\n", 200_000))
	}
	return 0
}

// fakeClaude puts a copy of the test binary on PATH as claude (claude.exe
// on Windows), answering as act says; it returns the log of its run.
func fakeClaude(t *testing.T, act string) string {
	t.Helper()
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, proc.Exe("claude")), self, 0o755); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "args.log")
	t.Setenv(fakeEnv, act)
	t.Setenv("TASKCHANGE_FAKE_LOG", log)
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return log
}
