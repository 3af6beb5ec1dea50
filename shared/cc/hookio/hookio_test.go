package hookio

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

func TestDecodeSamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(refdata.Dir(t, "claude-code", "hook-samples"), "*.json"))
	if err != nil || len(files) == 0 {
		t.Skip("recorded hook samples not available")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			in, err := Decode(data)
			if err != nil {
				t.Fatalf("Decode(%s) = %v", f, err)
			}
			if in.SessionID == "" || in.Cwd == "" {
				t.Errorf("Decode(%s): session_id %q cwd %q, want both set", f, in.SessionID, in.Cwd)
			}
		})
	}
}

func TestDecodeLenient(t *testing.T) {
	tests := []struct {
		name    string
		payload string
		check   func(*Input) string
		wantErr bool
	}{
		{"unknown fields", `{"session_id":"s","brand_new":{"x":1}}`, func(in *Input) string { return want(in.SessionID, "s") }, false},
		{"null strings", `{"session_id":null,"cwd":null,"custom_instructions":null}`, func(in *Input) string {
			return want(in.SessionID+in.Cwd+in.Instructions(), "")
		}, false},
		{"wrong type keeps the rest", `{"session_id":42,"cwd":"/p","tool_name":"Bash"}`, func(in *Input) string {
			return want(in.Cwd+in.ToolName+in.SessionID, "/pBash")
		}, false},
		{"custom instructions", `{"custom_instructions":"keep X"}`, func(in *Input) string { return want(in.Instructions(), "keep X") }, false},
		{"raw tool fields", `{"tool_input":{"command":"ls"},"tool_response":"text"}`, func(in *Input) string {
			return want(string(in.ToolInput)+string(in.ToolResponse), `{"command":"ls"}"text"`)
		}, false},
		{"batch calls", `{"tool_calls":[{"tool_name":"Read","tool_input":{"file_path":"/a"},"tool_use_id":"t1","tool_response":"text"},` +
			`{"tool_name":"Bash","tool_use_id":"t2","tool_response":[{"type":"text","text":"x"}]}]}`, func(in *Input) string {
			if len(in.ToolCalls) != 2 {
				return "want 2 calls"
			}
			return want(in.ToolCalls[0].ToolName+string(in.ToolCalls[0].ToolInput)+string(in.ToolCalls[0].ToolResponse)+in.ToolCalls[1].ToolUseID+string(in.ToolCalls[1].ToolResponse),
				`Read{"file_path":"/a"}"text"t2[{"type":"text","text":"x"}]`)
		}, false},
		{"truncated", `{"session_id":"s","tool_input":{"comm`, nil, true},
		{"array", `[1,2]`, nil, true},
		{"string", `"hello"`, nil, true},
		{"garbage", `not json`, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := Decode([]byte(tt.payload))
			if (err != nil) != tt.wantErr {
				t.Fatalf("Decode(%s) error = %v, wantErr %v", tt.payload, err, tt.wantErr)
			}
			if err == nil {
				if msg := tt.check(in); msg != "" {
					t.Error(msg)
				}
			}
		})
	}
}

func want(got, want string) string {
	if got != want {
		return "got " + got + ", want " + want
	}
	return ""
}

// blockingReader never returns, like a stdin nobody closes.
type blockingReader struct{}

func (blockingReader) Read([]byte) (int, error) { select {} }

// zeroReader yields n bytes of 'x'.
type zeroReader struct{ n int64 }

func (z *zeroReader) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), z.n)
	for i := range p[:k] {
		p[i] = 'x'
	}
	z.n -= k
	return int(k), nil
}

func TestReadPayload(t *testing.T) {
	if _, err := ReadPayload(strings.NewReader(""), 10, time.Second); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty: err = %v, want ErrEmpty", err)
	}
	if _, err := ReadPayload(blockingReader{}, 10, 50*time.Millisecond); !errors.Is(err, ErrTimeout) {
		t.Errorf("never-closing stdin: err = %v, want ErrTimeout", err)
	}
	big := &zeroReader{n: 200 << 20}
	if _, err := ReadPayload(big, 1<<20, 10*time.Second); !errors.Is(err, ErrTooLarge) {
		t.Errorf("200 MB: err = %v, want ErrTooLarge", err)
	}
	if big.n != 0 {
		t.Errorf("oversized payload not drained: %d bytes left", big.n)
	}
	// Over the cap, then a writer that never finishes: the verdict is the cap, not the deadline.
	slow := io.MultiReader(strings.NewReader(strings.Repeat("x", 64)), blockingReader{})
	if _, err := ReadPayload(slow, 10, 50*time.Millisecond); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over cap then stalled: err = %v, want ErrTooLarge", err)
	}
	data, err := ReadPayload(strings.NewReader(`{"a":1}`), 10, time.Second)
	if err != nil || string(data) != `{"a":1}` {
		t.Errorf("ReadPayload = %q, %v", data, err)
	}
}

func TestEmit(t *testing.T) {
	tests := []struct {
		name       string
		event      Event
		res        Result
		stopActive bool
		wantOut    string
		wantErr    string
		wantCode   int
	}{
		{"post tool context", PostToolUse, Result{Context: "hi"}, false, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"hi"}}` + "\n", "", 0},
		{"session start context", SessionStart, Result{Context: "hi"}, false, `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"hi"}}` + "\n", "", 0},
		{"pre compact never gets hookSpecificOutput", PreCompact, Result{Context: "hi"}, false, "", "", 0},
		{"pre compact plain text", PreCompact, Result{Text: "GUIDANCE"}, false, "GUIDANCE", "", 0},
		{"plain text ignored where unread", PostToolUse, Result{Text: "x"}, false, "", "", 0},
		{"stop block", Stop, Result{Block: "write state.md"}, false, `{"decision":"block","reason":"write state.md"}` + "\n", "", 0},
		{"stop never blocks while active", Stop, Result{Block: "again"}, true, "", "", 0},
		{"pre compact block uses exit 2", PreCompact, Result{Block: "no"}, false, "", "no", ExitBlock},
		{"post tool cannot block", PostToolUse, Result{Block: "no"}, false, "", "", 0},
		{"nothing", PostToolUse, Result{}, false, "", "", 0},
		{"notice and context", UserPromptSubmit, Result{Context: "c", Notice: "n"}, false, `{"systemMessage":"n","hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"c"}}` + "\n", "", 0},
		{"notice dropped where discarded", PreCompact, Result{Notice: "n"}, false, "", "", 0},
		{"notice cleaned for the terminal", SessionStart, Result{Notice: "branch x\x1b]0;title\x07\x1b[2J\u009b2J\u202Ey\xff"}, false,
			`{"systemMessage":"branch xy` + "\uFFFD" + `"}` + "\n", "", 0},
		{"context cleaned for the model", PostToolUse, Result{Context: "a\u202E\u2066b\u2028c\U000E0041\u200Bd\x1b[31m\n\te"}, false,
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"ab cd\n\te"}}` + "\n", "", 0},
		{"guidance cleaned for the summariser", PreCompact, Result{Text: "keep\u202Ex\u0085"}, false, "keepx", "", 0},
		{"block reason cleaned", PreCompact, Result{Block: "no\x1b]52;c;QQ==\x07"}, false, "", "no", ExitBlock},
		{"terminal sequence", PostToolUse, Result{Context: "c", Notice: "n", Terminal: "\x1b]9;hi\x07"}, false, `{"systemMessage":"n","terminalSequence":"\u001b]9;hi\u0007","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"c"}}` + "\n", "", 0},
		{"post tool batch context and notice", PostToolBatch, Result{Context: "c", Notice: "n"}, false, `{"systemMessage":"n","hookSpecificOutput":{"hookEventName":"PostToolBatch","additionalContext":"c"}}` + "\n", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Emit(tt.event, tt.res, tt.stopActive, &out, &errOut)
			if code != tt.wantCode || out.String() != tt.wantOut || errOut.String() != tt.wantErr {
				t.Errorf("Emit = %d %q %q, want %d %q %q", code, out.String(), errOut.String(), tt.wantCode, tt.wantOut, tt.wantErr)
			}
			if strings.Contains(out.String(), `"continue"`) {
				t.Errorf("Emit wrote a continue field: %s", out.String())
			}
		})
	}
}

func TestEmitTruncatesContext(t *testing.T) {
	var out bytes.Buffer
	Emit(PostToolUse, Result{Context: strings.Repeat("é", 20_000)}, false, &out, io.Discard)
	if n := len([]rune(out.String())); n > MaxContext+200 {
		t.Errorf("context of %d runes not cut to %d", n, MaxContext)
	}
	if !strings.Contains(out.String(), "truncated") {
		t.Error("cut context lacks its marker")
	}
}
