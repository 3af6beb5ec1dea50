//go:build windows

package detach

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// childEnv carries the helper's output file.
const childEnv = "DETACH_TEST_CHILD_OUT"

// TestDetachedChild is the helper process: after a pause it writes its
// working directory to the file named in childEnv.
func TestDetachedChild(t *testing.T) {
	out := os.Getenv(childEnv)
	if out == "" {
		t.Skip("helper process only")
	}
	time.Sleep(300 * time.Millisecond)
	cwd, _ := os.Getwd()
	if err := os.WriteFile(out+".tmp", []byte(cwd), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(out+".tmp", out); err != nil {
		t.Fatal(err)
	}
}

func TestStartDetaches(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "child.txt")
	if err := Start(exe, []string{"-test.run=^TestDetachedChild$"}, append(os.Environ(), childEnv+"="+out)); err != nil {
		t.Fatalf("Start: %v", err)
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("child output exists as Start returns: Start waited for the child")
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if data, err := os.ReadFile(out); err == nil {
			if want := filepath.VolumeName(exe) + `\`; string(data) != want {
				t.Errorf("child ran in %s, want %s", data, want)
			}
			return
		}
	}
	t.Fatal("detached child never wrote its file")
}

func TestStartErrors(t *testing.T) {
	for _, exe := range []string{`bin\refresher.exe`, "refresher"} {
		if err := Start(exe, nil, nil); !errors.Is(err, ErrRelativePath) {
			t.Errorf("Start(%q) = %v, want %v", exe, err, ErrRelativePath)
		}
	}
}
