// Package scripts holds the tests of the shell scripts beside it.
package scripts

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// targets are the release's platforms, as bin/<dir>/<name>.
var targets = []struct{ dir, exe string }{
	{"linux-amd64", ""}, {"linux-arm64", ""}, {"darwin-amd64", ""}, {"darwin-arm64", ""},
	{"windows-amd64", ".exe"}, {"windows-arm64", ".exe"},
}

// release lays out a release's bin/ with launcher.sh as bin/si-stop and,
// for every target, a stand-in binary that prints its target and
// arguments and exits 3. A binary without its .exe stands beside each
// Windows one, to catch a launcher that forgets the suffix.
func release(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "bin")
	script, err := os.ReadFile("launcher.sh")
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(bin, "si-stop"), string(script))
	for _, tg := range targets {
		write(t, filepath.Join(bin, tg.dir, "si-stop"+tg.exe), "#!/bin/sh\necho "+tg.dir+" \"$@\"\nexit 3\n")
		if tg.exe != "" {
			write(t, filepath.Join(bin, tg.dir, "si-stop"), "#!/bin/sh\necho no-suffix\n")
		}
	}
	return bin
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
}

// fakeUname puts a uname on a private PATH that answers -sm with s and m.
func fakeUname(t *testing.T, s, m string) string {
	t.Helper()
	dir := t.TempDir()
	write(t, filepath.Join(dir, "uname"), "#!/bin/sh\n[ \"$1\" = -sm ] || exit 1\necho '"+s+" "+m+"'\n")
	return dir
}

// TestLauncherMapping: uname -sm picks bin/<os>-<arch>/<name> (with .exe
// on Windows under Git Bash, MSYS2 or Cygwin), which replaces the
// launcher with its arguments and exit status; an unknown platform gets
// one line on stderr and exit 0.
func TestLauncherMapping(t *testing.T) {
	tests := []struct{ s, m, want string }{
		{"Linux", "x86_64", "linux-amd64"},
		{"Linux", "amd64", "linux-amd64"},
		{"Linux", "aarch64", "linux-arm64"},
		{"Linux", "arm64", "linux-arm64"},
		{"Darwin", "x86_64", "darwin-amd64"},
		{"Darwin", "arm64", "darwin-arm64"},
		{"MINGW64_NT-10.0-19045", "x86_64", "windows-amd64"},
		{"MINGW64_NT-10.0-26100", "aarch64", "windows-arm64"},
		{"MINGW32_NT-10.0-19045", "x86_64", "windows-amd64"},
		{"MINGW32_NT-6.1-7601", "i686", ""},
		{"MSYS_NT-10.0-22631", "x86_64", "windows-amd64"},
		{"MSYS_NT-10.0-22631", "arm64", "windows-arm64"},
		{"CYGWIN_NT-10.0-19045", "x86_64", "windows-amd64"},
		{"CYGWIN_NT-10.0-26100", "aarch64", "windows-arm64"},
		{"FreeBSD", "amd64", ""},
		{"Linux", "riscv64", ""},
		{"MINGW", "x86_64", ""}, // no _NT: not Git Bash's uname
	}
	bin := release(t)
	for _, shell := range shells(t) {
		for _, tt := range tests {
			t.Run(filepath.Base(shell)+"/"+tt.s+"_"+tt.m, func(t *testing.T) {
				cmd := exec.Command(shell, filepath.Join(bin, "si-stop"), "--crashed", "a b")
				cmd.Env = []string{"PATH=" + fakeUname(t, tt.s, tt.m) + string(os.PathListSeparator) + os.Getenv("PATH")}
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				err := cmd.Run()
				var exit *exec.ExitError
				if tt.want == "" {
					want := "session-intelligence: no si-stop binary for " + tt.s + " " + tt.m + "; skipped\n"
					if err != nil || stdout.Len() > 0 || stderr.String() != want {
						t.Errorf("err %v, stdout %q, stderr %q; want exit 0 and %q", err, stdout.String(), stderr.String(), want)
					}
					return
				}
				if !errors.As(err, &exit) || exit.ExitCode() != 3 {
					t.Errorf("exit = %v, want the binary's status 3 (stderr %q)", err, stderr.String())
				}
				if got, want := stdout.String(), tt.want+" --crashed a b\n"; got != want {
					t.Errorf("stdout = %q, want %q", got, want)
				}
			})
		}
	}
}

// shells are the POSIX shells here that run the launcher: sh, and bash
// (Git Bash runs #!/bin/sh scripts with bash).
func shells(t *testing.T) []string {
	var out []string
	for _, name := range []string{"sh", "bash"} {
		if p, err := exec.LookPath(name); err == nil {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		t.Skip("no POSIX shell")
	}
	return out
}

// TestLauncherMissingBinary: a known platform whose binary is absent
// (or not executable) is skipped like an unknown one.
func TestLauncherMissingBinary(t *testing.T) {
	bin := release(t)
	if err := os.Remove(filepath.Join(bin, "linux-amd64", "si-stop")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(bin, "windows-amd64", "si-stop.exe"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Linux", "MINGW64_NT-10.0-19045"} {
		cmd := exec.Command("sh", filepath.Join(bin, "si-stop"))
		cmd.Env = []string{"PATH=" + fakeUname(t, s, "x86_64") + string(os.PathListSeparator) + os.Getenv("PATH")}
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "no si-stop binary for "+s+" x86_64") {
			t.Errorf("%s: err %v, output %q; want the skip line and exit 0", s, err, out)
		}
	}
}
