package bootstrap

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// bootstrapIn runs the bootstrap for a session started in dir.
func bootstrapIn(t *testing.T, opts Options, dir string) {
	t.Helper()
	opts.Cwd = dir
	if rep := Run(opts); len(rep.Problems) > 0 {
		t.Fatalf("bootstrap in %s: %v", dir, rep.Problems)
	}
}

// workTree makes a directory at the top of a (fake) work tree.
func workTree(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(tempDir(t), name)
	mkdir(t, filepath.Join(dir, ".git"))
	return dir
}

// TestRemoveBlocks: every CLAUDE.md the bootstrap wrote to is given back
// as it was (LF, CRLF, byte order mark, the block moved down), one it
// created and nothing else was added to is deleted, one it created that
// the user added to keeps the user's text, and one the user edited
// inside the markers is left alone and named; a second run finds them
// gone, and the edited one again.
func TestRemoveBlocks(t *testing.T) {
	d := testDirs(t)
	opts := Options{Dirs: d, ClaudeMDEnabled: true, Rules: []byte("## Rules\n\nKeep it short.\n"), Now: past}
	type file struct {
		before string // "" : no CLAUDE.md before the bootstrap
		edit   func(s string) string
		want   string // after the uninstall; "-" : deleted
		out    Outcome
	}
	files := map[string]file{
		"lf":       {before: "# Mine\n\nnotes\n", want: "# Mine\n\nnotes\n", out: BlockRemoved},
		"crlf":     {before: "# Mine\r\nnotes\r\n", want: "# Mine\r\nnotes\r\n", out: BlockRemoved},
		"bom":      {before: "\xef\xbb\xbf# Mine\n", want: "\xef\xbb\xbf# Mine\n", out: BlockRemoved},
		"blank":    {before: "\n\n# Mine starts low\n", want: "\n\n# Mine starts low\n", out: BlockRemoved},
		"empty":    {before: "\n", want: "\n", out: BlockRemoved},
		"created":  {want: "-", out: FileDeleted},
		"added-to": {edit: func(s string) string { return s + "\n# Added later\n" }, want: "\n# Added later\n", out: BlockRemoved},
		"moved": {before: "# Mine\n", edit: func(s string) string {
			i := strings.Index(s, EndMarker) + len(EndMarker) + 2
			return "# Mine\n" + s[:i]
		}, want: "# Mine\n\n", out: BlockRemoved}, // the blank line moved with it is the user's now
		"edited": {before: "# Mine\n", edit: func(s string) string {
			return strings.Replace(s, "Keep it short.", "Keep it short, and my own rule.", 1)
		}, out: UserEdited},
		"broken":  {before: "# Mine\n", edit: func(s string) string { return strings.Replace(s, EndMarker, "", 1) }, out: Refused},
		"deleted": {before: "# Mine\n", edit: func(string) string { return "-" }, out: Gone},
	}
	paths := map[string]string{}
	for name, f := range files {
		dir := workTree(t, name)
		path := filepath.Join(dir, "CLAUDE.md")
		paths[name] = path
		if f.before != "" {
			writeFile(t, path, f.before)
		}
		bootstrapIn(t, opts, dir)
		if !strings.Contains(readFile(t, path), BeginMarker) {
			t.Fatalf("%s: bootstrap wrote no block", name)
		}
		if f.edit != nil {
			if s := f.edit(readFile(t, path)); s == "-" {
				must(t, os.Remove(path))
			} else {
				writeFile(t, path, s)
			}
		}
	}
	edited := readFile(t, paths["edited"])
	got, err := RemoveBlocks(d, opts.Rules)
	must(t, err)
	outcomes := map[string]Outcome{}
	for _, r := range got {
		outcomes[r.Path] = r.Outcome
	}
	for name, f := range files {
		path := paths[name]
		if outcomes[path] != f.out {
			t.Errorf("%s: outcome %q, want %q", name, outcomes[path], f.out)
		}
		switch {
		case f.want == "-":
			if _, err := os.Stat(path); err == nil {
				t.Errorf("%s: not deleted", name)
			}
		case f.want != "":
			if s := readFile(t, path); s != f.want {
				t.Errorf("%s: got %q, want %q", name, s, f.want)
			}
		}
	}
	if readFile(t, paths["edited"]) != edited {
		t.Error("the CLAUDE.md the user edited inside the markers was changed")
	}
	again, err := RemoveBlocks(d, opts.Rules)
	must(t, err)
	if len(again) != 2 || again[0].Outcome == BlockRemoved || again[1].Outcome == BlockRemoved {
		t.Errorf("second run = %+v; want only the two left alone, reported again", again)
	}
}

// TestRemoveBlocksOlderRules: a block written by an older version of
// the rules (its hash recorded then) still counts as ours.
func TestRemoveBlocksOlderRules(t *testing.T) {
	d := testDirs(t)
	dir := workTree(t, "p")
	writeFile(t, filepath.Join(dir, "CLAUDE.md"), "# Mine\n")
	bootstrapIn(t, Options{Dirs: d, ClaudeMDEnabled: true, Rules: []byte("old rules\n"), Now: past}, dir)
	got, err := RemoveBlocks(d, []byte("new rules\n"))
	must(t, err)
	if len(got) != 1 || got[0].Outcome != BlockRemoved || readFile(t, filepath.Join(dir, "CLAUDE.md")) != "# Mine\n" {
		t.Errorf("RemoveBlocks = %+v; file %q", got, readFile(t, filepath.Join(dir, "CLAUDE.md")))
	}
}

// TestRemoveBlocksLegacyBackup: a backup an older version left beside
// CLAUDE.md is named, never deleted.
func TestRemoveBlocksLegacyBackup(t *testing.T) {
	d := testDirs(t)
	dir := workTree(t, "p")
	legacy := filepath.Join(dir, "CLAUDE.md.bak-si-20240101T000000Z")
	writeFile(t, legacy, "# Mine\n")
	writeFile(t, filepath.Join(dir, "CLAUDE.md"), "# Mine\n")
	bootstrapIn(t, Options{Dirs: d, ClaudeMDEnabled: true, Now: time.Now()}, dir)
	got, err := RemoveBlocks(d, nil)
	must(t, err)
	if len(got) != 1 || got[0].Legacy != legacy || readFile(t, legacy) != "# Mine\n" {
		t.Errorf("RemoveBlocks = %+v", got)
	}
}

func TestRemoveBlocksNothingRecorded(t *testing.T) {
	got, err := RemoveBlocks(testDirs(t), nil)
	if err != nil || len(got) != 0 {
		t.Errorf("RemoveBlocks on a fresh home = %+v, %v", got, err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
