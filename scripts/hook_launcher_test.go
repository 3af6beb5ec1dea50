package scripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookLauncher: si-hook EVENT runs bin/si-EVENT with the hook's stdin
// and passes its output through; whatever status the binary ends with the
// launcher ends 0, and a status but 0 runs the binary again with
// --crashed STATUS; a missing binary is a status too. In sh and bash.
func TestHookLauncher(t *testing.T) {
	script, err := os.ReadFile("si-hook.sh")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, body, want string
	}{
		{"ok", "#!/bin/sh\ncat\necho ran \"$@\"\nexit 0\n", "payload\nran\n"},
		{"blocks", "#!/bin/sh\ncat\necho ran \"$@\"\nexit 2\n", "payload\nran\nran --crashed 2\n"},
		{"other status", "#!/bin/sh\necho ran \"$@\"\n[ \"$1\" = --crashed ] || exit 7\n", "ran\nran --crashed 7\n"},
		{"missing", "", ""},
	}
	for _, sh := range shells(t) {
		for _, tt := range tests {
			t.Run(filepath.Base(sh)+"/"+tt.name, func(t *testing.T) {
				bin := filepath.Join(t.TempDir(), "bin")
				write(t, filepath.Join(bin, "si-hook"), string(script))
				if tt.body != "" {
					write(t, filepath.Join(bin, "si-pre-compact"), tt.body)
				}
				cmd := exec.Command(sh, "-c", `"`+filepath.Join(bin, "si-hook")+`" pre-compact`)
				cmd.Stdin = strings.NewReader("payload\n")
				out, err := cmd.Output()
				if err != nil {
					t.Fatalf("the launcher ended with %v; want 0", err)
				}
				if string(out) != tt.want {
					t.Errorf("stdout = %q, want %q", out, tt.want)
				}
			})
		}
	}
}

// TestHookLauncherVersion: si-hook --version says its own name and the
// version of the binaries beside it, as every binary of a build does.
func TestHookLauncherVersion(t *testing.T) {
	script, err := os.ReadFile("si-hook.sh")
	if err != nil {
		t.Fatal(err)
	}
	for _, sh := range shells(t) {
		bin := filepath.Join(t.TempDir(), "bin")
		write(t, filepath.Join(bin, "si-hook"), string(script))
		write(t, filepath.Join(bin, "si-pre-compact"), "#!/bin/sh\necho si-pre-compact 1.2.3-test\n")
		out, err := exec.Command(sh, "-c", `"`+filepath.Join(bin, "si-hook")+`" --version`).Output()
		if err != nil || string(out) != "si-hook 1.2.3-test\n" {
			t.Errorf("%s: si-hook --version = %q, %v; want \"si-hook 1.2.3-test\"", sh, out, err)
		}
	}
}
