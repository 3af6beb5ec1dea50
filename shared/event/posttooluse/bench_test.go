package posttooluse

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/testkit/synth"
)

// BenchmarkPostToolUseWarm runs the whole hook in-process on a 48 MB
// transcript whose cache is warm: what every tool call of a long session
// costs apart from process start.
func BenchmarkPostToolUseWarm(b *testing.B) {
	dir := b.TempDir()
	transcript := filepath.Join(dir, "t.jsonl")
	f, _ := os.Create(transcript)
	if _, err := synth.Write(f, synth.Options{Bytes: 48 << 20, Seed: 1, Cwd: dir}); err != nil {
		b.Fatal(err)
	}
	f.Close()
	file := filepath.Join(dir, "src", "auth", "login.go")
	_ = os.MkdirAll(filepath.Dir(file), 0o755)
	_ = os.WriteFile(file, []byte("package auth"), 0o644)
	payload := []byte(fmt.Sprintf(`{"session_id":"bench","transcript_path":%q,"cwd":%q,"tool_name":"Read","tool_input":{"file_path":%q},"tool_response":{"file":{"content":"package auth"}},"tool_use_id":"toolu_synth0000001"}`,
		transcript, dir, file))
	env := map[string]string{"HOME": filepath.Join(dir, "home")}
	run := func() {
		code := hookio.Main(hookio.PostToolUse, proc.IO{Stdin: bytes.NewReader(payload), Stdout: io.Discard, Stderr: io.Discard,
			Getenv: func(k string) string { return env[k] }, Now: time.Now}, Handle)
		if code != 0 {
			b.Fatal("exit", code)
		}
	}
	run()
	b.ResetTimer()
	for b.Loop() {
		run()
	}
}
