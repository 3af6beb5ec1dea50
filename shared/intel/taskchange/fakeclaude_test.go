package taskchange

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/standin"
)

func TestMain(m *testing.M) {
	standin.Act(fakeClaudeMain)
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

// fakeClaude puts a stand-in claude on PATH, answering as act says; it
// returns the log of its run.
func fakeClaude(t *testing.T, act string) string {
	t.Helper()
	log := filepath.Join(standin.OnPath(t, "claude", act), "args.log")
	t.Setenv("TASKCHANGE_FAKE_LOG", log)
	return log
}
