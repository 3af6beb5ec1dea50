package hookio

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// referenceDecode is Decode done with encoding/json: the oracle of the
// differential checks below.
func referenceDecode(data []byte) (*Input, bool) {
	var in Input
	err := json.Unmarshal(data, &in)
	var te *json.UnmarshalTypeError
	switch {
	case err == nil:
	case errors.As(err, &te) && te.Field != "":
	default:
		return nil, false
	}
	return &in, true
}

// checkPayload fails when Decode and encoding/json disagree on data.
func checkPayload(t *testing.T, data []byte) {
	t.Helper()
	got, err := Decode(data)
	want, ok := referenceDecode(data)
	if (err == nil) != ok {
		t.Fatalf("Decode(%.200q) error %v, encoding/json accepts: %v", data, err, ok)
	}
	if ok && !reflect.DeepEqual(got, want) {
		t.Fatalf("Decode(%.200q) =\n %+v\nencoding/json:\n %+v", data, got, want)
	}
}

// TestDecodeMatchesEncodingJSON: every recorded 2.1.332 payload decodes
// as encoding/json decodes it.
func TestDecodeMatchesEncodingJSON(t *testing.T) {
	dir, _ := refdata.Find("claude-code", "hook-samples")
	samples, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, s := range samples {
		data, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		checkPayload(t, data)
	}
	for _, s := range payloadSeeds() {
		checkPayload(t, []byte(s))
	}
}

// TestDecodeDeepNesting: 200,000 nested objects in tool_input are
// refused with an error, in bounded time, not a stack overflow.
func TestDecodeDeepNesting(t *testing.T) {
	deep := `{"session_id":"s","tool_input":` + strings.Repeat(`{"a":`, 200_000) + `1` + strings.Repeat(`}`, 200_000) + `}`
	if _, err := Decode([]byte(deep)); err == nil {
		t.Fatal("Decode of 200,000 nested objects = nil error")
	}
	arrays := `{"session_id":"s","tool_response":` + strings.Repeat(`[`, 200_000) + strings.Repeat(`]`, 200_000) + `}`
	if _, err := Decode([]byte(arrays)); err == nil {
		t.Fatal("Decode of 200,000 nested arrays = nil error")
	}
}

// payloadSeeds are payload shapes with null, wrong types and torn ends.
func payloadSeeds() []string {
	base := `{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/p","hook_event_name":"PostToolUse","tool_name":"Bash",` +
		`"tool_input":{"command":"ls"},"tool_response":{"stdout":"x","stderr":""},"tool_use_id":"toolu_1","duration_ms":5,` +
		`"custom_instructions":null,"stop_hook_active":false}`
	out := []string{base, base[:len(base)-1], base + "x", `[]`, `null`, `"s"`, `{}`, `{"session_id":null}`,
		`{"session_id":5,"cwd":"/p"}`, `{"stop_hook_active":"yes","prompt":"p"}`, `{"tool_input":[1,{"a":null}]}`,
		`{"duration_ms":1e400}`, `{"session_id":"\ud800"}`, "{\"cwd\":\"\xff\"}", `{"a":1,"a":2}`}
	for i := range len(base) {
		if base[i] == ':' {
			if end := strings.IndexAny(base[i+1:], ",}"); end > 0 {
				out = append(out, base[:i+1]+"null"+base[i+1+end:])
			}
		}
	}
	return out
}

// FuzzDecodePayload: any input, valid or not, decodes or is refused as
// encoding/json would, without a panic.
func FuzzDecodePayload(f *testing.F) {
	for _, s := range payloadSeeds() {
		f.Add([]byte(s))
	}
	dir, _ := refdata.Find("claude-code", "hook-samples")
	samples, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, s := range samples {
		if data, err := os.ReadFile(s); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkPayload(t, data)
	})
}
