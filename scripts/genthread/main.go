// Command genthread makes `ai agent` fixtures and times the Stop hook on
// them, for scripts/bench-agent.sh:
//
//	genthread make -dir PROJ -mb 50             # agent dev, session s1, a 50 MB transcript copied
//	genthread make -dir PROJ -turns 1000 -summarise
//	genthread stop -dir PROJ -hook si-stop -n 50  # a new turn, then the hook, timed
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/full"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/summary"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/project"
	"github.com/session-intelligence/session-intelligence/shared/ai/store"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

func main() {
	if len(os.Args) < 2 {
		fail(fmt.Errorf("usage: genthread make|stop [flags]"))
	}
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	dir := fs.String("dir", "", "the project directory")
	mb := fs.Int("mb", 0, "make: transcript size in MiB")
	turns := fs.Int("turns", 0, "make: number of turns")
	summarise := fs.Bool("summarise", false, "make: write every summary line (stand-in summariser)")
	hook := fs.String("hook", "", "stop: the Stop hook binary")
	n := fs.Int("n", 50, "stop: runs")
	_ = fs.Parse(os.Args[2:])
	var err error
	switch os.Args[1] {
	case "make":
		err = makeThread(*dir, *mb, *turns, *summarise)
	case "stop":
		err = timeStop(*dir, *hook, *n)
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "genthread:", err)
	os.Exit(1)
}

func transcriptPath(dir string) string { return filepath.Join(filepath.Dir(dir), "s1.jsonl") }

// makeThread writes the transcript, makes the project and agent dev and
// attaches session s1.
func makeThread(dir string, mb, turns int, summarise bool) error {
	var b bytes.Buffer
	for i := 0; i < turns || b.Len() < mb<<20; i++ {
		writeTurn(&b, i, 4, 300)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(transcriptPath(dir), b.Bytes(), 0o600); err != nil {
		return err
	}
	home := os.Getenv("HOME")
	if _, err := project.Init(dir, home, time.Now, strings.NewReader(strings.Repeat("r", 16))); err != nil {
		return err
	}
	w, err := full.Open(full.Env{Home: home, IO: proc.IO{Cwd: dir, Getenv: os.Getenv, Now: time.Now}})
	if err != nil {
		return err
	}
	if err := w.New("dev", "ai agent new dev"); err != nil {
		return err
	}
	if _, err := w.Attach("dev", "s1", transcriptPath(dir), dir, "ai agent attach dev"); err != nil {
		return err
	}
	if !summarise {
		return nil
	}
	a, err := w.Agent("dev")
	if err != nil {
		return err
	}
	_, rep, err := w.Build(context.Background(), a, full.BuildOptions{Scope: summary.Everything, Summariser: standIn{}, Parallel: 8})
	if err == nil {
		err = rep.Err()
	}
	if err == nil {
		err = w.Event("ai agent build dev", nil)
	}
	return err
}

// standIn answers every summary with 120 words.
type standIn struct{}

func (standIn) Summarise(context.Context, string) (string, error) {
	return strings.Repeat("summarised ", 120), nil
}

var seq int

// writeTurn writes one turn's lines: a message, tool calls with output,
// the reply.
func writeTurn(b *bytes.Buffer, i, tools, pad int) {
	line := func(v map[string]any) {
		seq++
		v["uuid"], v["timestamp"] = fmt.Sprintf("u%09d", seq), time.Now().UTC().Format(time.RFC3339)
		data, _ := json.Marshal(v)
		b.Write(append(data, '\n'))
	}
	msg := func(role string, content any) map[string]any { return map[string]any{"role": role, "content": content} }
	line(map[string]any{"type": "user", "message": msg("user", fmt.Sprintf("turn %d: fix the parser, then run the tests", i))})
	for k := range tools {
		id := fmt.Sprintf("t%d-%d", i, k)
		line(map[string]any{"type": "assistant", "message": msg("assistant", []any{
			map[string]any{"type": "tool_use", "id": id, "name": "Bash", "input": map[string]any{"command": "go test ./parser/..."}}})})
		line(map[string]any{"type": "user", "message": msg("user", []any{
			map[string]any{"type": "tool_result", "tool_use_id": id, "content": strings.Repeat("ok parser 0.01s\n", pad)}})})
	}
	line(map[string]any{"type": "assistant", "message": msg("assistant", []any{map[string]any{"type": "text", "text": fmt.Sprintf("Turn %d done.", i)}})})
}

// timeStop appends a turn and runs the hook with a Stop payload, n
// times, and prints the median and p90 of the hook's runs.
func timeStop(dir, hook string, n int) error {
	path := transcriptPath(dir)
	payload, _ := json.Marshal(map[string]any{"session_id": "s1", "transcript_path": path, "cwd": dir,
		"hook_event_name": "Stop", "stop_hook_active": false, "last_assistant_message": "done"})
	var times []time.Duration
	for i := range n {
		var b bytes.Buffer
		writeTurn(&b, 1_000_000+i, 4, 300)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return err
		}
		_, err = f.Write(b.Bytes())
		f.Close()
		if err != nil {
			return err
		}
		cmd := exec.Command(hook)
		cmd.Stdin = bytes.NewReader(payload)
		cmd.Env = append(os.Environ(), "AI_NO_BACKGROUND=1")
		start := time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s: %v\n%s", hook, err, out)
		}
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	size, err := os.Stat(path)
	if err != nil {
		return err
	}
	// A hook that failed open would time nothing: the copy must have
	// caught up with every turn appended.
	copied, err := thread.Agent{Root: store.Dir(dir), Name: "dev"}.Copy("s1").Size()
	if err != nil || copied != size.Size() {
		return fmt.Errorf("the hook did not sync: the copy holds %d of %d bytes (%v)", copied, size.Size(), err)
	}
	fmt.Printf("%-44s median %6.1f ms  p90 %6.1f ms  min %6.1f ms  (transcript %d MB, a turn of about 20 KB each run)\n", "Stop hook: sync one turn (whole process)",
		ms(times[len(times)/2]), ms(times[len(times)*9/10]), ms(times[0]), size.Size()>>20)
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
