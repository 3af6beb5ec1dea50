package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/testkit/standin"
)

// aiOn runs ai with stdin and, when terminal, on a terminal.
func (r *run) aiOn(t *testing.T, stdin string, terminal bool, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := Env{IO: proc.IO{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut,
		Getenv: func(k string) string { return r.env[k] }, Now: func() time.Time { return r.now }, Cwd: r.cwd},
		Interactive: terminal, Terminal: terminal}
	code = Main(args, env)
	return out.String(), errOut.String(), code
}

func TestMain(m *testing.M) {
	standin.Act(fakeEditor)
	os.Exit(m.Run())
}

// fakeEditor is the user's editor: it records the file it was given in
// AI_FAKE_EDITOR_SEEN and replaces its content with AI_FAKE_EDITOR_TEXT.
func fakeEditor(string) int {
	if len(os.Args) != 2 {
		return 2
	}
	old, err := os.ReadFile(os.Args[1])
	if err != nil || os.WriteFile(os.Getenv("AI_FAKE_EDITOR_SEEN"), old, 0o600) != nil ||
		os.WriteFile(os.Args[1], []byte(os.Getenv("AI_FAKE_EDITOR_TEXT")+"\n"), 0o600) != nil {
		return 1
	}
	return 0
}

// editorScript is an EDITOR that replaces its file's content with text
// and records what it was given.
func editorScript(t *testing.T, text string) (editor, seen string) {
	t.Helper()
	editor = standin.Install(t, "ed", "edit")
	seen = filepath.Join(filepath.Dir(editor), "seen")
	t.Setenv("AI_FAKE_EDITOR_TEXT", text)
	t.Setenv("AI_FAKE_EDITOR_SEEN", seen)
	return editor, seen
}

// TestEditorArgv: EDITOR's arguments reach the editor; on Windows,
// without sh, a file name is run as it is and other words are split as
// sh splits them, with '\' read as '/'.
func TestEditorArgv(t *testing.T) {
	file := filepath.Join(t.TempDir(), "my editor.exe")
	if err := os.WriteFile(file, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	env := func(k string) string { return map[string]string{"EDFLAGS": "-n"}[k] }
	tests := []struct {
		goos, editor string
		want         []string
	}{
		{"linux", "code --wait", []string{"sh", "-c", `code --wait "$1"`, "sh", "F"}},
		{"windows", "code --wait", []string{"code", "--wait", "F"}},
		{"windows", file, []string{file, "F"}},
		{"windows", `"C:\Program Files\Notepad++\notepad++.exe" -multiInst`, []string{"C:/Program Files/Notepad++/notepad++.exe", "-multiInst", "F"}},
		{"windows", `C:\tools\vim.exe $EDFLAGS`, []string{"C:/tools/vim.exe", "-n", "F"}},
		{"windows", `'unclosed`, nil},
		{"windows", "   ", nil},
	}
	for _, tt := range tests {
		got, err := editorArgv(tt.goos, tt.editor, "F", env)
		if !reflect.DeepEqual(got, tt.want) || (err != nil) != (tt.want == nil) {
			t.Errorf("editorArgv(%s, %q) = %q, %v; want %q", tt.goos, tt.editor, got, err, tt.want)
		}
	}
}

// TestCorrectionsConfirm: on a terminal each correction asks and a no
// changes nothing; off one it needs --yes and says so; --yes does it.
func TestCorrectionsConfirm(t *testing.T) {
	cmds := []struct {
		name     string
		args     []string
		question string
	}{
		{"memory forget", []string{"memory", "forget", "1"}, `Forget note #1 ("two")? [y/N] `},
		{"memory edit", []string{"memory", "edit", "1", "two, corrected"}, `Replace note #1 "two" with "two, corrected"? [y/N] `},
		{"notes rm", []string{"notes", "rm", "physics", "--recursive"}, `Remove topic physics with 1 note in 1 topic? [y/N] `},
	}
	for _, c := range cmds {
		t.Run(c.name, func(t *testing.T) {
			r := newRun(t)
			r.env["AI_NO_BACKGROUND"] = "1"
			r.must(t, "memory", "init")
			r.must(t, "memory", "note", "one")
			r.must(t, "memory", "note", "two")
			r.must(t, "notes", "add", "physics", "a claim")
			before := r.must(t, "memory", "view") + r.must(t, "notes")
			_, errOut, code := r.aiOn(t, "n\n", true, c.args...)
			if code != 1 || !strings.HasPrefix(errOut, c.question) || !strings.Contains(errOut, "ai: cancelled; nothing changed") {
				t.Errorf("answered no: exit %d, %q", code, errOut)
			}
			_, errOut, code = r.aiOn(t, "y\n", false, c.args...)
			if code != 1 || !strings.Contains(errOut, "needs a yes: not on a terminal, so add --yes") {
				t.Errorf("off a terminal: exit %d, %q", code, errOut)
			}
			if after := r.must(t, "memory", "view") + r.must(t, "notes"); after != before {
				t.Errorf("a refused correction changed the views:\n%s\n----\n%s", before, after)
			}
			out, errOut, code := r.aiOn(t, "y\n", true, c.args...)
			if code != 0 || !strings.HasPrefix(errOut, c.question) {
				t.Errorf("answered yes: exit %d, %q %q", code, out, errOut)
			}
			if after := r.must(t, "memory", "view") + r.must(t, "notes"); after == before {
				t.Error("a confirmed correction changed nothing")
			}
		})
	}
}

// TestEditInEditor: without a text on a terminal, edit opens $EDITOR on
// the current text and takes what it leaves; off a terminal it reads
// stdin; with no editor it says what to do.
func TestEditInEditor(t *testing.T) {
	r := newRun(t)
	r.env["AI_NO_BACKGROUND"] = "1"
	r.must(t, "memory", "init")
	r.must(t, "memory", "note", "the deploy needs the VPN")
	added := r.must(t, "notes", "add", "ops", "staging is in eu-west-1")
	note := strings.Fields(added[strings.Index(added, "filed "):])[1]
	editor, seen := editorScript(t, "the deploy needs the VPN and a token")
	r.env["EDITOR"] = editor
	if out, errOut, code := r.aiOn(t, "y\n", true, "memory", "edit", "0"); code != 0 || !strings.Contains(out, "edited #0") {
		t.Fatalf("memory edit in the editor: exit %d, %s%s", code, out, errOut)
	}
	if data, _ := os.ReadFile(seen); string(data) != "the deploy needs the VPN\n" {
		t.Errorf("the editor was given %q", data)
	}
	if v := r.must(t, "memory", "view"); !strings.Contains(v, "#0 2026-05-01 the deploy needs the VPN and a token") {
		t.Errorf("view after the edit:\n%s", v)
	}
	editor, seen = editorScript(t, "staging is in eu-central-1")
	r.env["VISUAL"] = editor // VISUAL wins over EDITOR
	if out, errOut, code := r.aiOn(t, "y\n", true, "notes", "edit", note); code != 0 || !strings.Contains(out, "edited "+note+" in ops") {
		t.Fatalf("notes edit in the editor: exit %d, %s%s", code, out, errOut)
	}
	if data, _ := os.ReadFile(seen); string(data) != "staging is in eu-west-1\n" {
		t.Errorf("the editor was given %q", data)
	}
	if v := r.must(t, "notes", "show", note); !strings.Contains(v, "\nstaging is in eu-central-1\n") {
		t.Errorf("show after the edit:\n%s", v)
	}
	if out, errOut, code := r.aiOn(t, "from stdin\n", false, "memory", "edit", "0", "--yes"); code != 0 || !strings.Contains(out, "edited #0") {
		t.Errorf("off a terminal, from stdin: exit %d, %s%s", code, out, errOut)
	}
	if v := r.must(t, "memory", "zoom", "0"); !strings.Contains(v, "from stdin") {
		t.Errorf("zoom after the stdin edit: %s", v)
	}
	delete(r.env, "EDITOR")
	delete(r.env, "VISUAL")
	if _, errOut, code := r.aiOn(t, "", true, "memory", "edit", "0"); code != 1 || !strings.Contains(errOut, "neither VISUAL nor EDITOR is set") {
		t.Errorf("no editor: exit %d, %q", code, errOut)
	}
}
