package thread

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var at = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

// tr builds transcript lines the way Claude Code writes them.
type tr struct {
	buf  bytes.Buffer
	n    int
	last string
}

func (b *tr) line(v map[string]any) string {
	b.n++
	id := fmt.Sprintf("u%04d", b.n)
	v["uuid"], v["parentUuid"], v["timestamp"] = id, b.last, at.Add(time.Duration(b.n)*time.Second).Format(time.RFC3339)
	data, _ := json.Marshal(v)
	b.buf.Write(append(data, '\n'))
	b.last = id
	return id
}

func (b *tr) user(text string) string {
	return b.line(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": text}})
}

func (b *tr) say(text string) string {
	return b.line(map[string]any{"type": "assistant", "message": map[string]any{"role": "assistant",
		"content": []any{map[string]any{"type": "text", "text": text}}}})
}

func (b *tr) tool(id, cmd, out string) {
	b.line(map[string]any{"type": "assistant", "message": map[string]any{"role": "assistant",
		"content": []any{map[string]any{"type": "tool_use", "id": id, "name": "Bash", "input": map[string]any{"command": cmd}}}}})
	b.line(map[string]any{"type": "user", "message": map[string]any{"role": "user",
		"content": []any{map[string]any{"type": "tool_result", "tool_use_id": id, "content": out}}}})
}

func (b *tr) other(typ string) {
	b.line(map[string]any{"type": typ, "data": strings.Repeat("x", 50)})
}

func newAgent(t *testing.T) (Agent, string) {
	t.Helper()
	root := t.TempDir()
	a, err := Create(root, "dev", at)
	if err != nil {
		t.Fatal(err)
	}
	return a, filepath.Join(t.TempDir(), "s1.jsonl")
}

func copyBytes(t *testing.T, a Agent, sid string) []byte {
	t.Helper()
	data, err := io.ReadAll(a.Copy(sid).Reader(0))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestSyncPending: a message whose answer is not in the transcript yet
// is reported waiting, and its turn recorded when the answer lands.
func TestSyncPending(t *testing.T) {
	a, path := newAgent(t)
	var b tr
	b.user("first question")
	write(t, path, b.buf.Bytes())
	if _, err := a.Attach("s1", path, "/proj", at); err != nil {
		t.Fatal(err)
	}
	if res, err := a.Sync("s1", "", at); err != nil || !res.Pending || res.Turns != 0 {
		t.Fatalf("Sync before the answer = %+v, %v; want waiting, no turn", res, err)
	}
	b.say("first answer")
	write(t, path, b.buf.Bytes())
	if res, err := a.Sync("s1", "", at); err != nil || res.Pending || res.Turns != 1 {
		t.Fatalf("Sync after the answer = %+v, %v; want one turn, nothing waiting", res, err)
	}
}

// TestSyncIncremental: turns appear as their first answer arrives; a
// partial last line waits; the copy ends byte-identical; /ai's view and
// its answer, local commands and tool results are no turns.
func TestSyncIncremental(t *testing.T) {
	a, path := newAgent(t)
	var b tr
	b.other("queue-operation")
	b.user("first question")
	b.say("first answer")
	write(t, path, b.buf.Bytes())
	attached := int64(b.buf.Len())
	if _, err := a.Attach("s1", path, "/proj", at); err != nil {
		t.Fatal(err)
	}
	b.user("second: run the tests")
	b.tool("t1", "go test ./...", "ok  all passed")
	full := append([]byte{}, b.buf.Bytes()...)
	b.say("the tests pass")
	partial := append(append([]byte{}, full...), b.buf.Bytes()[len(full):len(full)+20]...)
	write(t, path, partial)
	if res, err := a.Sync("s1", "", at); err != nil || res.Turns != 1 || res.Bytes != int64(len(full))-attached {
		t.Fatalf("Sync = %+v, %v", res, err)
	}
	if got := copyBytes(t, a, "s1"); !bytes.Equal(got, full) {
		t.Fatalf("the copy holds %d bytes, want the %d whole lines", len(got), len(full))
	}
	b.user("<command-name>/ai</command-name>\n<command-message>ai</command-message>\n<command-args></command-args>")
	b.line(map[string]any{"type": "system", "subtype": "compact_boundary"})
	view := b.user(ViewMarker + "\nthe memory and the thread")
	b.line(map[string]any{"type": "assistant", "parentUuid": view, "message": map[string]any{"role": "assistant",
		"content": []any{map[string]any{"type": "text", "text": "Understood."}}}})
	b.user("<local-command-stdout>Compacted</local-command-stdout>")
	b.user("third")
	b.say("third answer")
	// /ai as it is now: the view's output comes from an ai view call.
	b.line(map[string]any{"type": "system", "subtype": "compact_boundary"})
	b.user(ViewMarker + "\n/ai replaced this conversation with ai view")
	b.tool("toolu_aiview_1", "ai view", "# memory: 2 notes")
	b.say("Understood: I have the memory above.")
	b.user("fourth")
	b.say("fourth answer")
	write(t, path, b.buf.Bytes())
	if _, err := a.Sync("s1", "", at); err != nil {
		t.Fatal(err)
	}
	if got := copyBytes(t, a, "s1"); !bytes.Equal(got, b.buf.Bytes()) {
		t.Fatal("the copy is not byte-identical to the transcript")
	}
	th, err := Load(a)
	if err != nil {
		t.Fatal(err)
	}
	var prompts []string
	for _, turn := range th.Turns {
		prompts = append(prompts, turn.Prompt)
	}
	if got := strings.Join(prompts, "|"); got != "first question|second: run the tests|third|fourth" {
		t.Fatalf("turns = %s", got)
	}
	if third, _ := a.Content(th.Turns[2]); third.FinalReply() != "third answer" || third.Tools != 0 {
		t.Errorf("the turn before /ai took in its view: %+v", third)
	}
	c, err := a.Content(th.Turns[1])
	if err != nil || c.Tools != 1 || c.FinalReply() != "the tests pass" || len(c.Work()) != 1 || c.Work()[0].Output != "ok  all passed" {
		t.Errorf("second turn = %+v, %v", c, err)
	}
	last, _ := a.Content(th.Turns[3])
	if last.FinalReply() != "fourth answer" || !th.Turns[3].Last || th.Turns[2].Last {
		t.Errorf("fourth turn = %+v", last)
	}
	if th.Turns[3].End != th.Sessions["s1"].Size || th.Turns[1].End != th.Turns[2].Start {
		t.Errorf("turn ends: %+v", th.Turns)
	}
}

// TestSyncRewritten: a transcript that shrank or changed under the copy
// is copied again from the start, never mixed with the old copy.
func TestSyncRewritten(t *testing.T) {
	for _, how := range []string{"shrank", "changed"} {
		t.Run(how, func(t *testing.T) {
			a, path := newAgent(t)
			var b tr
			b.user("one")
			b.say("answer one")
			b.user("two")
			b.say("answer two")
			write(t, path, b.buf.Bytes())
			if _, err := a.Attach("s1", path, "/p", at); err != nil {
				t.Fatal(err)
			}
			var c tr
			c.user("rewritten")
			if how == "changed" {
				c.say(strings.Repeat("long answer ", 40))
			}
			write(t, path, c.buf.Bytes())
			res, err := a.Sync("s1", "", at)
			if err != nil || res.Rewritten == "" {
				t.Fatalf("Sync = %+v, %v", res, err)
			}
			if got := copyBytes(t, a, "s1"); !bytes.Equal(got, c.buf.Bytes()) {
				t.Errorf("copy after rewrite = %q", got)
			}
			th, _ := Load(a)
			if how == "changed" && (len(th.Turns) != 1 || th.Turns[0].Prompt != "rewritten") {
				t.Errorf("turns after rewrite = %+v", th.Turns)
			}
		})
	}
}

// TestCrashRepairs: a record cut by a crash is dropped by the next
// write; a copy that ran past its state is cut back; a damaged line in
// the middle is refused with its place.
func TestCrashRepairs(t *testing.T) {
	a, path := newAgent(t)
	var b tr
	b.user("one")
	b.say("answer")
	write(t, path, b.buf.Bytes())
	if _, err := a.Attach("s1", path, "/p", at); err != nil {
		t.Fatal(err)
	}
	if err := a.records().Append([]byte(`{"kind":"tu`)); err != nil {
		t.Fatal(err)
	}
	if err := a.Copy("s1").Append([]byte("garbage past the state\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(a); err != nil {
		t.Fatalf("Load with a cut record = %v", err)
	}
	res, err := a.Sync("s1", "", at)
	if err != nil || len(res.Repaired) != 2 {
		t.Fatalf("Sync = %+v, %v", res, err)
	}
	if got := copyBytes(t, a, "s1"); !bytes.Equal(got, b.buf.Bytes()) {
		t.Errorf("copy not repaired: %q", got)
	}
	if err := a.records().Append([]byte("not json\n{\"kind\":\"end\",\"session\":\"s1\"}\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(a); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "line 4") {
		t.Errorf("Load with a bad line = %v", err)
	}
}

func TestNewerFormatRefused(t *testing.T) {
	root := t.TempDir()
	a := Agent{Root: root, Name: "dev"}
	if err := appendLine(a.records(), Record{Kind: KindCreated, Format: Format + 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(a); !errors.Is(err, ErrNewer) {
		t.Errorf("Load = %v, want ErrNewer", err)
	}
}

func TestNamesAndAttachment(t *testing.T) {
	root := t.TempDir()
	for _, bad := range []string{"", "Dev", "-x", "a/b", strings.Repeat("a", 65)} {
		if _, err := Create(root, bad, at); !errors.Is(err, ErrBadName) {
			t.Errorf("Create(%q) = %v", bad, err)
		}
	}
	if _, err := Open(root, "dev"); !errors.Is(err, ErrNoAgent) {
		t.Errorf("Open of nothing = %v", err)
	}
	a, _ := Create(root, "dev", at)
	if _, err := Create(root, "dev", at); !errors.Is(err, ErrExists) {
		t.Errorf("Create twice = %v", err)
	}
	if _, err := a.Attach("s1", filepath.Join(root, "none.jsonl"), "/p", at); err != nil {
		t.Fatal(err)
	}
	if got, _ := AttachedTo(root, "s1"); got != "dev" {
		t.Errorf("AttachedTo = %q", got)
	}
	if got, _ := AttachedTo(root, "../s1"); got != "" {
		t.Errorf("AttachedTo(../s1) = %q", got)
	}
	if err := a.Detach("s1", at); err != nil {
		t.Fatal(err)
	}
	if got, _ := AttachedTo(root, "s1"); got != "" {
		t.Errorf("after Detach: %q", got)
	}
	names, _ := List(root)
	if strings.Join(names, ",") != "dev" {
		t.Errorf("List = %v", names)
	}
}

// TestCompanions: a subagent transcript beside the session's is copied
// byte for byte, incrementally.
func TestCompanions(t *testing.T) {
	a, path := newAgent(t)
	var b tr
	b.user("one")
	b.say("answer")
	write(t, path, b.buf.Bytes())
	sub := filepath.Join(strings.TrimSuffix(path, ".jsonl"), "subagents", "agent-x.jsonl")
	if err := os.MkdirAll(filepath.Dir(sub), 0o700); err != nil {
		t.Fatal(err)
	}
	write(t, sub, []byte("{\"a\":1}\n{\"b\""))
	if _, err := a.Attach("s1", path, "/p", at); err != nil {
		t.Fatal(err)
	}
	write(t, sub, []byte("{\"a\":1}\n{\"b\":2}\n"))
	if res, err := a.Sync("s1", "", at); err != nil || len(res.Problems) > 0 {
		t.Fatalf("Sync = %+v, %v", res, err)
	}
	got, _ := io.ReadAll(a.CompanionCopy("s1", "subagents/agent-x.jsonl").Reader(0))
	if string(got) != "{\"a\":1}\n{\"b\":2}\n" {
		t.Errorf("companion copy = %q", got)
	}
}
