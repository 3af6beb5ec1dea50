package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/synth"

	"github.com/session-intelligence/session-intelligence/shared/refdata"
)

// reference decodes a line with encoding/json into the same shape, the
// oracle the hand-written decoder must agree with.
func reference(line []byte) (record, bool) {
	var r struct {
		Type        string `json:"type"`
		Subtype     string `json:"subtype"`
		IsSidechain bool   `json:"isSidechain"`
		Timestamp   string `json:"timestamp"`
		RequestID   string `json:"requestId"`
		Message     struct {
			ID      string `json:"id"`
			Model   string `json:"model"`
			Content []struct {
				Type  string          `json:"type"`
				ID    string          `json:"id"`
				Text  string          `json:"text"`
				Input json.RawMessage `json:"input"`
			} `json:"content"`
			Usage *struct {
				Input         int64 `json:"input_tokens"`
				Output        int64 `json:"output_tokens"`
				CacheCreation int64 `json:"cache_creation_input_tokens"`
				CacheRead     int64 `json:"cache_read_input_tokens"`
				Split         *struct {
					FiveMin int64 `json:"ephemeral_5m_input_tokens"`
					OneHour int64 `json:"ephemeral_1h_input_tokens"`
				} `json:"cache_creation"`
				Details *struct {
					Thinking *int64 `json:"thinking_tokens"`
				} `json:"output_tokens_details"`
			} `json:"usage"`
		} `json:"message"`
		Compact *compactMeta `json:"compactMetadata"`
	}
	if err := json.Unmarshal(line, &r); err != nil {
		var te *json.UnmarshalTypeError
		if !asType(err, &te) {
			return record{}, false
		}
	}
	out := record{Type: r.Type, Subtype: r.Subtype, IsSidechain: r.IsSidechain, Timestamp: r.Timestamp, RequestID: r.RequestID, Compact: r.Compact}
	out.Message.ID, out.Message.Model = r.Message.ID, r.Message.Model
	for _, b := range r.Message.Content {
		var compact bytes.Buffer
		_ = json.Compact(&compact, b.Input)
		out.Message.Content = append(out.Message.Content, rawBlock{Type: b.Type, ID: b.ID, TextLen: len(b.Text), InputLen: len(b.Input)})
	}
	if u := r.Message.Usage; u != nil {
		out.Message.Usage = &rawUsage{Input: u.Input, Output: u.Output, CacheCreation: u.CacheCreation, CacheRead: u.CacheRead}
		if u.Split != nil {
			out.Message.Usage.Split = &splitUsage{u.Split.FiveMin, u.Split.OneHour}
		}
		if u.Details != nil {
			out.Message.Usage.Details = &details{Thinking: u.Details.Thinking}
		}
	}
	return out, true
}

func asType(err error, target **json.UnmarshalTypeError) bool {
	te, ok := err.(*json.UnmarshalTypeError)
	*target = te
	return ok
}

// sameRecord compares two decodes; an empty content list equals nil.
func sameRecord(a, b record) bool {
	if len(a.Message.Content) == 0 && len(b.Message.Content) == 0 {
		a.Message.Content, b.Message.Content = nil, nil
	}
	return reflect.DeepEqual(a, b)
}

// TestFastDecodeMatchesEncodingJSON runs every line of the corpus, the
// recorded 2.1.332 transcripts and a synthetic transcript through both
// decoders.
func TestFastDecodeMatchesEncodingJSON(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(refdata.Dir(t, "corpus", "transcripts"), "*.jsonl"))
	more, _ := filepath.Glob(filepath.Join(refdata.Dir(t, "claude-code", "transcripts"), "*.jsonl"))
	files = append(files, more...)
	synthPath := filepath.Join(t.TempDir(), "s.jsonl")
	f, _ := os.Create(synthPath)
	if _, err := synth.Write(f, synth.Options{Bytes: 1 << 20, Seed: 3, CompactEvery: 50}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	files = append(files, synthPath)
	lines := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			lines++
			checkLine(t, sc.Bytes())
		}
	}
	if lines < 1000 {
		t.Errorf("only %d lines compared", lines)
	}
}

func checkLine(t *testing.T, line []byte) {
	t.Helper()
	want, wantOK := reference(line)
	var got record
	gotOK := decodeRecord(line, &got)
	if gotOK != wantOK || (wantOK && !sameRecord(got, want)) {
		t.Errorf("decode mismatch (ok %v vs %v) on %.200s\n got %+v\nwant %+v", gotOK, wantOK, line, got, want)
	}
}

// FuzzFastDecode: on every valid JSON object the hand-written decoder
// agrees with encoding/json.
func FuzzFastDecode(f *testing.F) {
	f.Add([]byte(`{"type":"assistant","requestId":"r","message":{"id":"m","model":"x","content":[{"type":"text","text":"a\"b\\u00e9"}],"usage":{"input_tokens":1,"cache_creation":{"ephemeral_1h_input_tokens":2},"output_tokens_details":{"thinking_tokens":3}}}}`))
	f.Add([]byte(`{"type":"system","subtype":"compact_boundary","compactMetadata":{"trigger":"auto","preTokens":9,"postTokens":1}}`))
	f.Add([]byte(`{"message":null,"type":5,"isSidechain":"yes"}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		if !json.Valid(line) || bytes.TrimSpace(line)[0] != '{' || !bytes.Equal(line, bytes.ToValidUTF8(line, nil)) {
			return
		}
		checkLine(t, line)
	})
}
