package settingsjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// trickyDocs are layouts people really have; every edit must leave the
// bytes it does not own exactly as they were.
var trickyDocs = []struct{ name, doc string }{
	{"crlf", "{\r\n  \"model\": \"opus\",\r\n  \"env\": {\r\n    \"A\": \"1\"\r\n  }\r\n}\r\n"},
	{"tabs", "{\n\t\"model\": \"opus\",\n\t\"env\": {\n\t\t\"A\": \"1\"\n\t}\n}\n"},
	{"four spaces", "{\n    \"model\": \"opus\",\n    \"env\": {\n        \"A\": \"1\"\n    }\n}\n"},
	{"unicode escapes", "{\n  \"caf\\u00e9\": \"\\u00e9\\ud83d\\ude00\",\n  \"plain\": \"é\"\n}\n"},
	{"escaped quotes in keys", "{\n  \"say \\\"hi\\\"\": 1,\n  \"back\\\\slash\": [\"\\\"\"]\n}\n"},
	{"very long string", "{\n  \"long\": \"" + strings.Repeat("abc\\n", 50000) + "\"\n}\n"},
	{"nested arrays of objects", "{\n  \"hooks\": {\n    \"PostToolUse\": [\n      {\n        \"matcher\": \"*\",\n" +
		"        \"hooks\": [{\"type\": \"command\", \"command\": \"si hook \\u003e log\"}]\n      }\n    ]\n  }\n}\n"},
	{"no trailing newline", "{\n  \"model\": \"opus\"\n}"},
	{"one key", `{"only": {"deep": [1, 2.5e-3, -0, true, null]}}`},
	{"compact", `{"a":1,"b":{"c":[]},"d":"x"}`},
	{"odd spacing", "  \n{ \"a\" : 1 ,\"b\":2 }  \n\n"},
	{"empty object", "{}"},
	{"empty object with newline", "{}\n"},
}

// TestRoundTripUntouched sets a new key and deletes it again, sets an
// existing key to its own value, and deletes a missing key: all must
// give back the input byte for byte.
func TestRoundTripUntouched(t *testing.T) {
	for _, tc := range trickyDocs {
		t.Run(tc.name, func(t *testing.T) {
			doc := []byte(tc.doc)
			added, err := Set(doc, map[string]any{"x": []any{1, "y"}}, "si-new")
			if err != nil {
				t.Fatal(err)
			}
			if v, ok := Get(added, "si-new"); !ok || !equalJSON(v, []byte(`{"x":[1,"y"]}`)) {
				t.Errorf("after Set, Get = %s, %v", v, ok)
			}
			back, err := Delete(added, "si-new")
			if err != nil || string(back) != tc.doc {
				t.Errorf("Set then Delete = %q, %v\nwant %q", back, err, tc.doc)
			}
			same, err := Delete(doc, "missing", "key")
			if err != nil || string(same) != tc.doc {
				t.Errorf("Delete(missing) = %q, %v, want the input", same, err)
			}
			assertSelfSetUnchanged(t, doc)
		})
	}
}

// assertSelfSetUnchanged sets every top-level member to its own decoded
// value, which must be recognised as no change.
func assertSelfSetUnchanged(t *testing.T, doc []byte) {
	t.Helper()
	var top map[string]any
	if err := json.Unmarshal(bytes.TrimSpace(append([]byte(nil), doc...)), &top); err != nil {
		t.Fatal(err)
	}
	for key, value := range top {
		got, err := Set(doc, value, key)
		if err != nil || !bytes.Equal(got, doc) {
			t.Errorf("Set(%q, own value) changed the document: %v\n%q", key, err, got)
		}
	}
}

func TestSet(t *testing.T) {
	tests := []struct {
		name  string
		doc   string
		path  []string
		value any
		want  string
	}{
		{"replace top level", "{\n  \"a\": 1,\n  \"b\": 2\n}\n", []string{"b"}, 3, "{\n  \"a\": 1,\n  \"b\": 3\n}\n"},
		{"replace with an indented object", "{\n  \"a\": 1,\n  \"b\": 2\n}", []string{"a"}, map[string]any{"x": []int{1}},
			"{\n  \"a\": {\n    \"x\": [\n      1\n    ]\n  },\n  \"b\": 2\n}"},
		{"replace nested, four spaces", "{\n    \"env\": {\n        \"A\": \"1\",\n        \"B\": \"2\"\n    }\n}\n", []string{"env", "A"}, "one",
			"{\n    \"env\": {\n        \"A\": \"one\",\n        \"B\": \"2\"\n    }\n}\n"},
		{"replace last duplicate", `{"d": 1, "d": 2}`, []string{"d"}, 3, `{"d": 1, "d": 3}`},
		{"replace key with escaped quote", `{"say \"hi\"": 1}`, []string{`say "hi"`}, 2, `{"say \"hi\"": 2}`},
		{"replace key written with a unicode escape", `{"caf\u00e9": 1}`, []string{"café"}, 2, `{"caf\u00e9": 2}`},
		{"insert top level", "{\n  \"a\": 1\n}\n", []string{"b"}, true, "{\n  \"a\": 1,\n  \"b\": true\n}\n"},
		{"insert keeps four spaces", "{\n    \"a\": 1\n}", []string{"b"}, []string{"x"},
			"{\n    \"a\": 1,\n    \"b\": [\n        \"x\"\n    ]\n}"},
		{"insert keeps tabs", "{\n\t\"a\": {\n\t\t\"b\": 1\n\t}\n}\n", []string{"a", "c"}, map[string]int{"d": 2},
			"{\n\t\"a\": {\n\t\t\"b\": 1,\n\t\t\"c\": {\n\t\t\t\"d\": 2\n\t\t}\n\t}\n}\n"},
		{"insert keeps crlf", "{\r\n  \"a\": 1\r\n}\r\n", []string{"b"}, []int{1, 2},
			"{\r\n  \"a\": 1,\r\n  \"b\": [\r\n    1,\r\n    2\r\n  ]\r\n}\r\n"},
		{"insert into {}", "{}", []string{"k"}, "v", "{\n  \"k\": \"v\"\n}"},
		{"insert into {} keeps trailing newline", "{}\n", []string{"k"}, "v", "{\n  \"k\": \"v\"\n}\n"},
		{"insert into blank file", "", []string{"k"}, "v", "{\n  \"k\": \"v\"\n}\n"},
		{"insert into empty nested object", "{\n    \"hooks\": {}\n}\n", []string{"hooks", "Stop"}, []int{},
			"{\n    \"hooks\": {\n        \"Stop\": []\n    }\n}\n"},
		{"insert into empty object spanning lines", "{\n  \"env\": {\n  }\n}", []string{"env", "A"}, "1",
			"{\n  \"env\": {\n    \"A\": \"1\"\n  }\n}"},
		{"create intermediate objects", "{\n  \"a\": 1\n}\n", []string{"hooks", "PostToolUse"}, []string{"x"},
			"{\n  \"a\": 1,\n  \"hooks\": {\n    \"PostToolUse\": [\n      \"x\"\n    ]\n  }\n}\n"},
		{"compact stays compact", `{"a":1,"b":{}}`, []string{"b", "c", "d"}, []int{1}, `{"a":1,"b":{"c":{"d":[1]}}}`},
		{"inline object in a pretty file", "{\n  \"env\": {\"A\": \"1\"}\n}", []string{"env", "B"}, "2",
			"{\n  \"env\": {\"A\": \"1\", \"B\": \"2\"}\n}"},
		{"copies spacing around the colon", `{ "a" : 1 }`, []string{"b"}, 2, `{ "a" : 1, "b" : 2 }`},
		{"raw message is re-indented", "{\n  \"a\": 1\n}", []string{"b"}, json.RawMessage(" {\"x\" :\n[ 1 ] } "),
			"{\n  \"a\": 1,\n  \"b\": {\n    \"x\": [\n      1\n    ]\n  }\n}"},
		{"no html escaping", `{}`, []string{"cmd"}, "a && b > c", "{\n  \"cmd\": \"a && b > c\"\n}"},
		{"new key needing escapes", `{"a":1}`, []string{"q\"\n"}, 1, `{"a":1,"q\"\n":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Set([]byte(tt.doc), tt.value, tt.path...)
			if err != nil {
				t.Fatalf("Set: %v", err)
			}
			if string(got) != tt.want {
				t.Errorf("Set(%q) =\n%q\nwant\n%q", tt.path, got, tt.want)
			}
		})
	}
}

func TestSetIdempotent(t *testing.T) {
	tests := []struct {
		name  string
		doc   string
		path  []string
		value any
	}{
		{"same scalar", `{"a": 1}`, []string{"a"}, 1},
		{"reordered object", "{\n  \"s\": {\"b\": 2, \"a\": [1, \"x\"]}\n}", []string{"s"}, map[string]any{"a": []any{1, "x"}, "b": 2}},
		{"escapes differ, value equal", `{"s": "\u00e9\/"}`, []string{"s"}, "é/"},
		{"raw with other spacing", `{"a": [1,2]}`, []string{"a"}, json.RawMessage("[ 1 , 2 ]")},
		{"nested", `{"h": {"x": null}}`, []string{"h", "x"}, nil},
		{"large integer kept exact", `{"n": 12345678901234567890}`, []string{"n"}, json.Number("12345678901234567890")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := []byte(tt.doc)
			got, err := Set(doc, tt.value, tt.path...)
			if err != nil || &got[0] != &doc[0] || len(got) != len(doc) {
				t.Errorf("Set(equal value) = %q, %v, want the input slice itself", got, err)
			}
		})
	}
	// The other side: a value that only rounds to the same float64 is a
	// change and must be written.
	doc := []byte(`{"n": 12345678901234567890}`)
	if got, _ := Set(doc, json.Number("12345678901234567891"), "n"); bytes.Equal(got, doc) {
		t.Error("Set of a different large integer was treated as no change")
	}
}

func TestDelete(t *testing.T) {
	pretty := "{\n  \"a\": 1,\n  \"b\": [\n    2\n  ],\n  \"c\": {\"d\": 3}\n}\n"
	tests := []struct {
		name string
		doc  string
		path []string
		want string
	}{
		{"first member", pretty, []string{"a"}, "{\n  \"b\": [\n    2\n  ],\n  \"c\": {\"d\": 3}\n}\n"},
		{"middle member", pretty, []string{"b"}, "{\n  \"a\": 1,\n  \"c\": {\"d\": 3}\n}\n"},
		{"last member", pretty, []string{"c"}, "{\n  \"a\": 1,\n  \"b\": [\n    2\n  ]\n}\n"},
		{"nested only member", pretty, []string{"c", "d"}, "{\n  \"a\": 1,\n  \"b\": [\n    2\n  ],\n  \"c\": {}\n}\n"},
		{"only member of a pretty file", "{\n  \"a\": 1\n}\n", []string{"a"}, "{}\n"},
		{"only member keeps odd inner space", `{ "a": 1 }`, []string{"a"}, `{ }`},
		{"inline first", `{"a":1, "b":2, "c":3}`, []string{"a"}, `{"b":2, "c":3}`},
		{"inline middle", `{"a":1, "b":2, "c":3}`, []string{"b"}, `{"a":1, "c":3}`},
		{"inline last", `{"a":1, "b":2, "c":3}`, []string{"c"}, `{"a":1, "b":2}`},
		{"space before comma", `{"a":1 , "b":2}`, []string{"b"}, `{"a":1}`},
		{"crlf", "{\r\n  \"a\": 1,\r\n  \"b\": 2\r\n}\r\n", []string{"b"}, "{\r\n  \"a\": 1\r\n}\r\n"},
		{"tabs nested", "{\n\t\"e\": {\n\t\t\"x\": 1,\n\t\t\"y\": 2\n\t}\n}", []string{"e", "x"}, "{\n\t\"e\": {\n\t\t\"y\": 2\n\t}\n}"},
		{"all duplicates", `{"d":1,"k":0,"d":2}`, []string{"d"}, `{"k":0}`},
		{"escaped key", `{"say \"hi\"":1,"b":2}`, []string{`say "hi"`}, `{"b":2}`},
		{"missing key", pretty, []string{"zz"}, pretty},
		{"through a non-object", pretty, []string{"a", "x"}, pretty},
		{"blank document", "", []string{"a"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Delete([]byte(tt.doc), tt.path...)
			if err != nil {
				t.Fatalf("Delete: %v", err)
			}
			if string(got) != tt.want {
				t.Errorf("Delete(%q) =\n%q\nwant\n%q", tt.path, got, tt.want)
			}
		})
	}
}

func TestEditErrors(t *testing.T) {
	var se *SyntaxError
	tests := []struct {
		name   string
		run    func() ([]byte, error)
		target any // *error value or pointer for errors.As
	}{
		{"set on invalid json", func() ([]byte, error) { return Set([]byte(`{"a":}`), 1, "a") }, &se},
		{"delete on invalid json", func() ([]byte, error) { return Delete([]byte(`{"a" 1}`), "a") }, &se},
		{"set on an array", func() ([]byte, error) { return Set([]byte(`[]`), 1, "a") }, &se},
		{"set through a string", func() ([]byte, error) { return Set([]byte(`{"s":"x"}`), 1, "s", "t") }, ErrNotObject},
		{"set through an array", func() ([]byte, error) { return Set([]byte(`{"s":[]}`), 1, "s", "t") }, ErrNotObject},
		{"set empty path", func() ([]byte, error) { return Set([]byte(`{}`), 1) }, errEmptyPath},
		{"delete empty path", func() ([]byte, error) { return Delete([]byte(`{}`)) }, errEmptyPath},
		{"invalid raw message", func() ([]byte, error) { return Set([]byte(`{}`), json.RawMessage(`{"x"`), "a") }, nil},
		{"unencodable value", func() ([]byte, error) { return Set([]byte(`{}`), make(chan int), "a") }, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.run()
			if err == nil || got != nil {
				t.Fatalf("got %q, %v, want nil and an error", got, err)
			}
			switch target := tt.target.(type) {
			case error:
				if !errors.Is(err, target) {
					t.Errorf("error %v, want %v", err, target)
				}
			case **SyntaxError:
				if !errors.As(err, target) {
					t.Errorf("error %v (%T), want a *SyntaxError", err, err)
				}
			}
		})
	}
}

func TestEqualJSON(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{`1`, `1.0`, true},
		{`2.5e-3`, `0.0025`, true},
		{`100`, `1E2`, true},
		{`100`, `1e+2`, true},
		{`-0`, `0.0`, true},
		{`0.1`, `1e-1`, true},
		{`12345678901234567890`, `12345678901234567891`, false},
		{`1e999999999999999999`, `1e999999999999999999`, true},
		{`1e999999999999999999`, `1e999999999999999998`, false},
		{`-1`, `1`, false},
		{`10`, `1`, false},
		{`{"a":[1,{"b":null}],"c":"x"}`, `{"c":"x","a":[1.0,{"b":null}]}`, true},
		{`{"a":1}`, `{"a":1,"b":2}`, false},
		{`{"a":1,"b":2}`, `{"a":1,"c":2}`, false},
		{`[1,2]`, `[2,1]`, false},
		{`[1]`, `[1,1]`, false},
		{`"\u00e9"`, `"é"`, true},
		{`"1"`, `1`, false},
		{`true`, `true`, true},
		{`null`, `false`, false},
		{`{}`, `[]`, false},
		{`{"a":`, `{"a":`, false},
	}
	for _, tt := range tests {
		t.Run(tt.a+" vs "+tt.b, func(t *testing.T) {
			if got := equalJSON([]byte(tt.a), []byte(tt.b)); got != tt.want {
				t.Errorf("equalJSON(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
		})
	}
}
