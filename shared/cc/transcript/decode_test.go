package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
	"github.com/session-intelligence/session-intelligence/shared/testkit/synth"
)

// reference decodes a line with encoding/json into the same shape: the
// oracle the goccy-based decoder must agree with, line for line.
func reference(line []byte) (record, verdict) {
	var r struct {
		Type        string `json:"type"`
		Subtype     string `json:"subtype"`
		IsSidechain bool   `json:"isSidechain"`
		Timestamp   string `json:"timestamp"`
		RequestID   string `json:"requestId"`
		Version     string `json:"version"`
		Message     struct {
			ID      string `json:"id"`
			Model   string `json:"model"`
			Content []struct {
				Type  string          `json:"type"`
				ID    string          `json:"id"`
				Text  json.RawMessage `json:"text"`
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
	if firstByte(line) != '{' {
		return record{}, broken
	}
	if err := json.Unmarshal(line, &r); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			return record{}, broken
		}
	}
	out := record{Type: r.Type, Subtype: r.Subtype, IsSidechain: r.IsSidechain, Timestamp: r.Timestamp, RequestID: r.RequestID, Version: r.Version, Compact: r.Compact}
	out.Message.ID, out.Message.Model = r.Message.ID, r.Message.Model
	for _, b := range r.Message.Content {
		var text string
		if json.Unmarshal(b.Text, &text) != nil {
			text = ""
		}
		out.Message.Content = append(out.Message.Content, rawBlock{Type: b.Type, ID: b.ID, TextLen: textLen(len(text)), InputLen: rawLen(len(b.Input))})
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
	switch {
	case out.Type == "assistant" && out.Message.Usage != nil && out.Message.Model != synthetic:
		return out, useful
	case out.Type == "system" && out.Subtype == "compact_boundary":
		return out, useful
	}
	return out, skipped
}

// sameRecord compares two decodes; an empty content list equals nil.
func sameRecord(a, b record) bool {
	if len(a.Message.Content) == 0 && len(b.Message.Content) == 0 {
		a.Message.Content, b.Message.Content = nil, nil
	}
	return reflect.DeepEqual(a, b)
}

// corpusFiles lists every recorded transcript beside the checkout (the
// corpus of real sessions and the 2.1.332 recordings) and a synthetic one.
func corpusFiles(t testing.TB) []string {
	var files []string
	for _, dir := range [][]string{{"corpus", "transcripts"}, {"corpus", "entire"}, {"claude-code", "transcripts"}} {
		more, _ := filepath.Glob(filepath.Join(refdata.Dir(t, dir...), "*.jsonl"))
		files = append(files, more...)
	}
	synthPath := filepath.Join(t.TempDir(), "s.jsonl")
	f, err := os.Create(synthPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := synth.Write(f, synth.Options{Bytes: 1 << 20, Seed: 3, CompactEvery: 50}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return append(files, synthPath)
}

// eachCorpusLine calls fn with every line of the files.
func eachCorpusLine(t testing.TB, files []string, fn func([]byte)) {
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			fn(sc.Bytes())
		}
	}
}

// TestDecodeMatchesEncodingJSON is the differential test: every line of
// the corpus decodes to the same record and verdict as encoding/json
// gives.
func TestDecodeMatchesEncodingJSON(t *testing.T) {
	lines := 0
	eachCorpusLine(t, corpusFiles(t), func(line []byte) {
		lines++
		checkLine(t, line)
	})
	if lines < 1000 {
		t.Errorf("only %d lines compared", lines)
	}
}

func checkLine(t *testing.T, line []byte) {
	t.Helper()
	want, wantV := reference(line)
	got, gotV := decode(line)
	if gotV != wantV || (wantV != broken && !sameRecord(got, want)) {
		t.Errorf("decode mismatch (verdict %v vs %v) on %.300q\n got %+v\nwant %+v", gotV, wantV, line, got, want)
	}
}

// usageLine is an assistant record of the 2.1.332 shape.
const usageLine = `{"parentUuid":"p","isSidechain":false,"type":"assistant","timestamp":"2026-11-24T10:00:00.000Z","requestId":"req_1",` +
	`"message":{"id":"msg_1","model":"claude-opus-4-7","role":"assistant","content":[{"type":"text","text":"hi \"there\""}],` +
	`"usage":{"input_tokens":3,"cache_creation_input_tokens":10,"cache_read_input_tokens":20000,"output_tokens":7,` +
	`"output_tokens_details":{"thinking_tokens":0},"server_tool_use":{"web_search_requests":0},"service_tier":"standard",` +
	`"cache_creation":{"ephemeral_1h_input_tokens":10,"ephemeral_5m_input_tokens":0}}}}`

// TestDecodeHostileLines: each line decodes (or is refused) at once,
// agreeing with encoding/json, and none can crash the process.
func TestDecodeHostileLines(t *testing.T) {
	deep := `{"type":"assistant","message":{"model":"m","usage":{"x":` + strings.Repeat(`{"a":`, 200_000) + `1` + strings.Repeat(`}`, 200_000) + `}}}`
	tests := []struct {
		name string
		line string
		want verdict
	}{
		{"thinking_tokens null", strings.Replace(usageLine, `"thinking_tokens":0`, `"thinking_tokens":null`, 1), useful},
		{"output_tokens_details null", strings.Replace(usageLine, `{"thinking_tokens":0}`, `null`, 1), useful},
		{"usage null", `{"type":"assistant","message":{"model":"m","usage":null}}`, skipped},
		{"stray byte where a value starts", strings.Replace(usageLine, `"input_tokens":3`, `"input_tokens":x3`, 1), broken},
		{"stray byte in a key", strings.Replace(usageLine, `"output_tokens":7`, `"output_tokens\x01":7`, 1), broken},
		{"torn line", usageLine[:len(usageLine)/2], broken},
		{"200,000 nested objects in usage", deep, broken},
		{"not an object", `[1,2,3]`, broken},
		{"number of the wrong type", strings.Replace(usageLine, `"input_tokens":3`, `"input_tokens":"3"`, 1), useful},
		{"content a string", `{"type":"assistant","message":{"model":"m","content":"x","usage":{"input_tokens":1}}}`, useful},
		{"text a number", strings.Replace(usageLine, `"text":"hi \"there\""`, `"text":5`, 1), useful},
		{"input null", `{"type":"assistant","message":{"model":"m","content":[{"type":"tool_use","input":null}],"usage":{}}}`, useful},
		{"invalid UTF-8", strings.Replace(usageLine, "hi", "\xff\xfe", 1), useful},
		{"empty", ``, broken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, v := decode([]byte(tt.line))
			if v != tt.want {
				t.Errorf("decode verdict = %v, want %v", v, tt.want)
			}
			checkLine(t, []byte(tt.line))
		})
	}
}

// FuzzDecodeLine: on any input, valid or not, the decoder returns, and
// agrees with encoding/json. Seeds are real record shapes with null in
// every value position, torn and flipped copies, deep nesting, and (when
// the reference material is there) every usage line of the corpus.
func FuzzDecodeLine(f *testing.F) {
	for _, seed := range seedLines() {
		f.Add([]byte(seed))
	}
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, line []byte) {
		checkLine(t, line)
	})
}

// seedLines are the built-in seeds: the record shapes the decoder reads,
// each also with null in place of every value in turn and cut short.
func seedLines() []string {
	base := []string{
		usageLine,
		`{"type":"system","subtype":"compact_boundary","compactMetadata":{"trigger":"auto","preTokens":9,"postTokens":1}}`,
		`{"type":"assistant","requestId":"r","message":{"id":"m","model":"x","content":[{"type":"tool_use","id":"t","input":{"a":[1,{"b":null}]}}],"usage":{"input_tokens":1}}}`,
		`{"message":null,"type":5,"isSidechain":"yes"}`,
		`{"type":"assistant","message":{"usage":{"x":[[[[[[[[[[{}]]]]]]]]]]}}}`,
	}
	var out []string
	for _, line := range base {
		out = append(out, line, line[:len(line)-1], line+"}", strings.Replace(line, `":`, `":\x00`, 1))
		out = append(out, nullEverywhere(line)...)
	}
	return out
}

// nullEverywhere returns copies of line with each number, string value
// or object value replaced by null in turn.
func nullEverywhere(line string) []string {
	var out []string
	for i := 0; i < len(line); i++ {
		if line[i] != ':' {
			continue
		}
		end := valueEnd(line, i+1)
		if end > i+1 {
			out = append(out, line[:i+1]+"null"+line[end:])
		}
	}
	return out
}

// valueEnd finds where the value starting at i ends, roughly: enough to
// build seeds (a seed that is not valid JSON is a fine seed too).
func valueEnd(s string, i int) int {
	depth, inStr := 0, false
	for j := i; j < len(s); j++ {
		c := s[j]
		switch {
		case inStr:
			if c == '\\' {
				j++
			} else if c == '"' {
				inStr = false
				if depth == 0 {
					return j + 1
				}
			}
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth == 0 {
				return j
			}
			depth--
			if depth == 0 {
				return j + 1
			}
		case c == ',' && depth == 0:
			return j
		}
	}
	return len(s)
}

// addCorpusSeeds adds the corpus's usage and boundary lines (up to a few
// hundred, short ones first) when the reference material is there.
func addCorpusSeeds(f *testing.F) {
	base, _ := refdata.Find()
	var files []string
	for _, dir := range []string{"corpus/transcripts", "corpus/entire", "claude-code/transcripts"} {
		more, _ := filepath.Glob(filepath.Join(base, dir, "*.jsonl"))
		files = append(files, more...)
	}
	n := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		for _, line := range bytes.Split(data, []byte("\n")) {
			if n >= 400 || len(line) > 4096 || !candidate(line) {
				continue
			}
			f.Add(append([]byte(nil), line...))
			n++
		}
	}
}

// FuzzDecodeResponse: the lean decoder of Each yields, for any line,
// exactly what the whole-record decoder does (same verdict, key, model
// and usage), so that skipping the content blocks changes no figure.
func FuzzDecodeResponse(f *testing.F) {
	for _, seed := range seedLines() {
		f.Add([]byte(seed))
	}
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, line []byte) {
		got, ok := decodeResponse(line)
		var want Response
		rec, v := decode(line)
		wantOK := bytes.Contains(line, markUsage) && v == useful && rec.Type == "assistant"
		if wantOK {
			want = Response{Key: responseKey(rec.Message.ID, rec.RequestID), HasID: rec.Message.ID != "",
				Model: rec.Message.Model, Usage: rec.Message.Usage.usage()}
		}
		if ok != wantOK || got != want {
			t.Errorf("decodeResponse(%q) = %+v, %v; the whole record gives %+v, %v", line, got, ok, want, wantOK)
		}
	})
}
