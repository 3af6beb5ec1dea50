package configedit

import (
	"strings"
	"testing"
)

func TestApply(t *testing.T) {
	const doc = "{\n  \"_note\": \"x\",\n  \"compact\": {\"threshold\": 80},\n  \"learn\": {\"announce\": true},\n  \"statusline\": {\n    \"zones\": {\"orange\": 1, \"red\": 2}\n  }\n}\n"
	tests := []struct {
		name    string
		doc     string
		changes []Change
		want    string // or "error: <substring>"
	}{
		{"set existing", doc, []Change{{Path: "compact.threshold", Value: 90.0}},
			strings.Replace(doc, "80", "90", 1)},
		{"set new", `{}`, []Change{{Path: "debug.enabled", Value: true}},
			"{\n  \"debug\": {\n    \"enabled\": true\n  }\n}"},
		{"set into blank file", ``, []Change{{Path: "debug.enabled", Value: true}},
			"{\n  \"debug\": {\n    \"enabled\": true\n  }\n}\n"},
		{"same value", doc, []Change{{Path: "compact.threshold", Value: 80.0}}, doc},
		{"reset key keeps sibling", doc, []Change{{Path: "statusline.zones.red", Reset: true}},
			strings.Replace(doc, `, "red": 2`, "", 1)},
		{"reset empties parents", `{"a": 1, "statusline": {"zones": {"red": 2}}}`, []Change{{Path: "statusline.zones.red", Reset: true}},
			`{"a": 1}`},
		{"reset missing key", `{"statusline": {}}`, []Change{{Path: "statusline.zones.red", Reset: true}},
			`{"statusline": {}}`},
		{"reset learning takes learn too", doc, []Change{{Path: "learning", Reset: true}},
			strings.Replace(doc, "\n  \"learn\": {\"announce\": true},", "", 1)},
		{"reset all keeps notes", doc, []Change{{Path: "*", Reset: true}}, "{\n  \"_note\": \"x\"\n}\n"},
		{"several", `{}`, []Change{{Path: "compact.threshold", Value: 5.0}, {Path: "compact.autoblock", Value: false}},
			"{\n  \"compact\": {\n    \"threshold\": 5,\n    \"autoblock\": false\n  }\n}"},
		{"not an object", `{"compact": 5}`, []Change{{Path: "compact.threshold", Value: 5.0}},
			"error: compact.threshold: cannot set it"},
		{"invalid document", `{"compact": }`, []Change{{Path: "compact.threshold", Value: 5.0}},
			"error: invalid JSON at line 1, column 13"},
	}
	for _, tt := range tests {
		out, err := Apply([]byte(tt.doc), tt.changes)
		got := string(out)
		if err != nil {
			got = "error: " + err.Error()
		}
		if strings.HasPrefix(tt.want, "error: ") && strings.Contains(got, tt.want) || got == tt.want {
			continue
		}
		t.Errorf("%s:\ngot  %q\nwant %q", tt.name, got, tt.want)
	}
}

func TestResetsAndAffected(t *testing.T) {
	tests := []struct {
		target string
		keys   string // Affected, joined; or "error: …"
	}{
		{"compact.threshold", "compact.threshold"},
		{"debug", "debug.enabled,debug.quiet"},
		{"statusline.zones", "statusline.zones.yellow,statusline.zones.orange,statusline.zones.red"},
		{"nope", "error: nope: unknown key"},
	}
	for _, tt := range tests {
		cs, err := Resets(tt.target)
		got := ""
		if err != nil {
			got = "error: " + err.Error()
		} else {
			got = strings.Join(Affected(cs[0]), ",")
		}
		if !strings.HasPrefix(got, tt.keys) {
			t.Errorf("Resets(%s): %s, want %s", tt.target, got, tt.keys)
		}
	}
	cs, _ := Resets("*")
	if all := Affected(cs[0]); len(all) < 50 || all[0] != "statusline.preset" {
		t.Errorf("Affected(*) = %d keys", len(all))
	}
}

func TestDiff(t *testing.T) {
	if d := Diff("/c.json", []byte("{}\n"), []byte("{}\n")); d != "" {
		t.Errorf("no change gave %q", d)
	}
	d := Diff("/c.json", nil, []byte("{\n  \"a\": 1\n}\n"))
	if !strings.HasPrefix(d, "--- /dev/null\n+++ /c.json\n@@ -0,0 +1,3 @@\n+{\n") {
		t.Errorf("new file diff:\n%s", d)
	}
	d = Diff("/c.json", []byte("{\n  \"a\": 1\n}\n"), []byte("{\n  \"a\": 2\n}\n"))
	if d != "--- /c.json\n+++ /c.json\n@@ -1,3 +1,3 @@\n {\n-  \"a\": 1\n+  \"a\": 2\n }\n" {
		t.Errorf("edit diff:\n%s", d)
	}
}
