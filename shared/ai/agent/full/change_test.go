package full

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/summary"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
)

// TestRemoveAndRename: a rename moves the thread and its attached
// sessions; a session that has not ended keeps its agent from removal
// unless forced; a session started again after its end counts as live
// again; each change is one commit; bad names are refused unchanged.
func TestRemoveAndRename(t *testing.T) {
	open, home := project(t, "", "")
	w := open()
	path := transcriptFile(t, home, "s1.jsonl", 2)
	if _, err := w.Attach("dev", "s1", path, home, "ai agent attach dev"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct{ from, to, want string }{
		{"dev", "ops", "name taken"}, {"dev", "dev", "already called dev"}, {"dev", "No", "bad agent name"},
		{"nobody", "x", "no such agent"},
	} {
		if _, err := w.Rename(bad.from, bad.to, "ai agent rename"); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("rename %s to %s: %v, want %q", bad.from, bad.to, err, bad.want)
		}
	}
	ch, err := w.Rename("dev", "qa", "ai agent rename dev qa")
	if err != nil || ch.Commit == "" || !slices.Equal(ch.Sessions, []string{"s1"}) {
		t.Fatalf("rename = %+v, %v", ch, err)
	}
	if name, _ := w.SessionAgent("s1"); name != "qa" {
		t.Errorf("s1 is attached to %q after the rename", name)
	}
	if names, _ := w.Agents(); !slices.Equal(names, []string{"ops", "qa"}) {
		t.Errorf("agents = %q", names)
	}
	if _, err := w.Remove("qa", false, "ai agent rm qa"); !errors.Is(err, ErrLive) {
		t.Fatalf("remove with a live session: %v", err)
	}
	if _, err := w.EndSession("s1", path, 0); err != nil {
		t.Fatal(err)
	}
	qa := thread.Agent{Root: w.Root(), Name: "qa"}
	if live := qa.Live(); len(live) != 0 {
		t.Errorf("live after the end: %q", live)
	}
	// claude --resume s1: the SessionStart hook reopens it.
	must(t, w.Quietly(0, func() error {
		ok, err := qa.ReopenIfEnded("s1", w.Env.Now())
		if !ok {
			t.Error("an ended session was not reopened")
		}
		return err
	}))
	if live := qa.Live(); !slices.Equal(live, []string{"s1"}) {
		t.Errorf("live after a restart: %q", live)
	}
	ch, err = w.Remove("qa", true, "ai agent rm qa")
	if err != nil || !slices.Equal(ch.Sessions, []string{"s1"}) {
		t.Fatalf("forced remove = %+v, %v", ch, err)
	}
	if name, _ := w.SessionAgent("s1"); name != "" || qa.Exists() {
		t.Errorf("after rm: s1 attached to %q, thread exists %v", name, qa.Exists())
	}
	want := []string{"ai init", "ai agent new dev", "ai agent new ops", "ai agent attach dev", "ai agent rename dev qa",
		"ai agent end-session", "ai agent rm qa"}
	if got := commitLog(t, w.Root()); !slices.Equal(got, want) {
		t.Errorf("commits = %q\nwant %q", got, want)
	}
}

// gate is a summariser that waits until released.
type gate struct{ started, release chan struct{} }

func (g gate) Summarise(ctx context.Context, _ string) (string, error) {
	g.started <- struct{}{}
	<-g.release
	return strings.Repeat("summarised ", 60), nil
}

// TestBuildWhileRenamed: a build whose agent is renamed under it stops
// at its next line and leaves no stray directory behind.
func TestBuildWhileRenamed(t *testing.T) {
	open, home := project(t, "", "")
	w := open()
	path := transcriptFile(t, home, "s1.jsonl", 3)
	if _, err := w.Attach("dev", "s1", path, home, "ai agent attach dev"); err != nil {
		t.Fatal(err)
	}
	dev, _ := w.Agent("dev")
	g := gate{started: make(chan struct{}, 8), release: make(chan struct{})}
	done := make(chan summary.Report)
	go func() {
		_, rep, _ := open().Build(context.Background(), dev, BuildOptions{Scope: summary.Everything, Summariser: g, Parallel: 1})
		done <- rep
	}()
	<-g.started
	if _, err := w.Rename("dev", "qa", "ai agent rename dev qa"); err != nil {
		t.Fatal(err)
	}
	close(g.release)
	rep := <-done
	if err := rep.Err(); err == nil || !strings.Contains(err.Error(), "agent dev was removed or renamed") {
		t.Errorf("the build went on: %+v", rep)
	}
	if _, err := os.Stat(dev.Dir()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the old thread's directory is back: %v", err)
	}
}
