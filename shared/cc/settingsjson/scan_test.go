package settingsjson

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestValidateAccepts(t *testing.T) {
	docs := map[string]string{"blank": "", "only whitespace": " \r\n\t "}
	for _, tc := range trickyDocs {
		docs[tc.name] = tc.doc
	}
	docs["numbers"] = `{"n": [0, -0, 1.5, -2e10, 3E+2, 4e-2, 12345678901234567890]}`
	docs["all escapes"] = `{"s": "\" \\ \/ \b \f \n \r \t \u00e9 \uD83D\uDE00"}`
	docs["invalid utf-8 is tolerated like encoding/json"] = "{\"s\": \"\xff\"}"
	docs["deepest allowed"] = `{"a":` + strings.Repeat("[", MaxDepth-1) + strings.Repeat("]", MaxDepth-1) + "}"
	for name, doc := range docs {
		t.Run(name, func(t *testing.T) {
			if err := Validate("settings.json", []byte(doc)); err != nil {
				t.Fatalf("Validate = %v, want nil", err)
			}
			if strings.TrimSpace(doc) != "" && !json.Valid([]byte(doc)) {
				t.Fatalf("test document is not valid JSON")
			}
		})
	}
}

func TestValidateRejects(t *testing.T) {
	tests := []struct {
		name       string
		doc        string
		line, col  int
		msgContain string
	}{
		{"trailing comma", `{"a": 1,}`, 1, 9, "quoted object key"},
		{"bad literal on line 2", "{\n  \"a\": tru\n}", 2, 8, "expected true"},
		{"array at top level", "[1]", 1, 1, "must be a JSON object"},
		{"string at top level", "\n  \"x\"", 2, 3, "must be a JSON object"},
		{"two objects", `{"a":1}{}`, 1, 8, "after the top-level object"},
		{"control byte in string", "{\"a\":\"x\x01\"}", 1, 8, "control character"},
		{"bad escape", `{"a":"\q"}`, 1, 8, "invalid escape"},
		{"short unicode escape", `{"a":"\u00g0"}`, 1, 11, `invalid \u escape`},
		{"leading zero", `{"a": 01}`, 1, 8, "expected ',' or '}'"},
		{"bare decimal point", `{"a": 1.}`, 1, 9, "decimal point"},
		{"lone minus", `{"a": -}`, 1, 8, "a digit"},
		{"empty exponent", `{"a": 1e}`, 1, 9, "exponent"},
		{"unterminated string", `{"a": "abc`, 1, 11, "unterminated string"},
		{"missing colon", `{"a" 1}`, 1, 6, "':' after object key"},
		{"unclosed object", "{\n", 2, 1, "end of input"},
		{"unclosed array", `{"a": [1, 2`, 1, 12, "',' or ']'"},
		{"single quotes", `{'a': 1}`, 1, 2, "quoted object key"},
		{"comment", "{\n  // no comments in JSON\n}", 2, 3, "quoted object key"},
		{"column counts characters", `{"é": x}`, 1, 7, "a value"},
		{"crlf line count", "{\r\n  \"a\": 1,\r\n  \"b\": ?\r\n}", 3, 8, "a value"},
		{"too deep", `{"a":` + strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth) + "}", 1, 5 + MaxDepth, "nested deeper than 512 levels"},
		{"utf-16 little endian", "\xff\xfe{\x00}\x00", 1, 1, "UTF-16 (it starts with the byte order mark FF FE)"},
		{"utf-16 big endian", "\xfe\xff\x00{\x00}", 1, 1, "save it as UTF-8"},
		{"byte order mark twice", "\ufeff\ufeff{}", 1, 2, "unexpected byte 0xef"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Validate("/home/u/.claude/settings.json", []byte(tt.doc))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Validate = %v, want a *SyntaxError", err)
			}
			if se.Line != tt.line || se.Column != tt.col {
				t.Errorf("position = line %d, column %d, want line %d, column %d (%v)", se.Line, se.Column, tt.line, tt.col, err)
			}
			msg := err.Error()
			for _, want := range []string{"/home/u/.claude/settings.json", "line", "column", tt.msgContain} {
				if !strings.Contains(msg, want) {
					t.Errorf("error %q does not mention %q", msg, want)
				}
			}
		})
	}
}

// TestScannerAgreesWithEncodingJSON checks the hand-written scanner
// alone (Validate also asks encoding/json) on inputs near its edges.
func TestScannerAgreesWithEncodingJSON(t *testing.T) {
	docs := []string{
		`{"a": 1}`, `{"a": 1.0e+5}`, `{"a": -0.0}`, `{"a": 1e05}`, `{"a": .5}`,
		`{"a": +1}`, `{"a": 0x10}`, `{"a": "\u12"}`, `{"a": [1,]}`, `{"a": [,1]}`,
		`{"a": nul}`, `{"a": truefalse}`, `{"a":{"b":{"c":[{}]}}}`, `{,}`, `{"a":1,,"b":2}`,
		"{\"a\":\"tab\tin string\"}", "{\"a\":\"\x7f\"}", `{"a":"\/"}`, `{"":""}`, "{\"\ufeff\": 1}",
	}
	for _, doc := range docs {
		t.Run(doc, func(t *testing.T) {
			_, err := scanDocument([]byte(doc))
			if got, want := err == nil, json.Valid([]byte(doc)); got != want {
				t.Errorf("scanner accepts = %v (%v), encoding/json accepts = %v", got, err, want)
			}
		})
	}
}

func TestGet(t *testing.T) {
	doc := "{\n  \"statusLine\": {\"type\": \"command\"},\n  \"hooks\": {\n    \"PostToolUse\": [\n      {\"matcher\": \"*\"}\n    ]\n  },\n" +
		"  \"dup\": 1,\n  \"caf\\u00e9\": true,\n  \"dup\": 2\n}\n"
	tests := []struct {
		name string
		doc  string
		path []string
		want string
		ok   bool
	}{
		{"top level", doc, []string{"statusLine"}, `{"type": "command"}`, true},
		{"nested", doc, []string{"hooks", "PostToolUse"}, "[\n      {\"matcher\": \"*\"}\n    ]", true},
		{"last duplicate wins", doc, []string{"dup"}, "2", true},
		{"escaped key", doc, []string{"café"}, "true", true},
		{"whole document", `{"a":1}`, nil, `{"a":1}`, true},
		{"blank is {}", "", nil, "{}", true},
		{"missing", doc, []string{"nope"}, "", false},
		{"through a non-object", doc, []string{"dup", "x"}, "", false},
		{"through an array", doc, []string{"hooks", "PostToolUse", "0"}, "", false},
		{"invalid document", `{"a":`, []string{"a"}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Get([]byte(tt.doc), tt.path...)
			if ok != tt.ok || string(got) != tt.want {
				t.Errorf("Get(%q) = %q, %v, want %q, %v", tt.path, got, ok, tt.want, tt.ok)
			}
		})
	}
}
