package settingsjson

import (
	"os"
	"path/filepath"
	"testing"
)

const bom = "\xef\xbb\xbf"

// TestByteOrderMarkKept: a document after a UTF-8 byte order mark is
// read as if the mark were not there (as Claude Code reads it), and
// every edit keeps the mark in front.
func TestByteOrderMarkKept(t *testing.T) {
	tests := []struct {
		name, doc, want, back string // back: after Delete of the key set
	}{
		{"pretty", bom + "{\n  \"model\": \"opus\"\n}\n", bom + "{\n  \"model\": \"opus\",\n  \"k\": 1\n}\n", bom + "{\n  \"model\": \"opus\"\n}\n"},
		{"space before the object", bom + "  {}", bom + "  {\n  \"k\": 1\n}", bom + "  {}"},
		{"mark only", bom, bom + "{\n  \"k\": 1\n}\n", bom + "{}\n"},
		{"mark and whitespace", bom + " \n", bom + "{\n  \"k\": 1\n}\n", bom + "{}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := Validate("settings.json", []byte(tt.doc)); err != nil {
				t.Fatalf("Validate = %v, want nil", err)
			}
			got, err := Set([]byte(tt.doc), 1, "k")
			if err != nil || string(got) != tt.want {
				t.Fatalf("Set = %q, %v\nwant %q", got, err, tt.want)
			}
			if v, ok := Get(got, "k"); !ok || string(v) != "1" {
				t.Errorf("Get(k) = %s, %v", v, ok)
			}
			back, err := Delete(got, "k")
			if err != nil || string(back) != tt.back {
				t.Errorf("Delete = %q, %v, want %q", back, err, tt.back)
			}
			var v map[string]any
			if err := Decode(got, &v); err != nil || v["k"] != 1.0 {
				t.Errorf("Decode = %v, %v", v, err)
			}
		})
	}
}

func TestIsBlank(t *testing.T) {
	tests := []struct {
		doc  string
		want bool
	}{
		{"", true}, {" \t\r\n", true}, {bom, true}, {bom + "\n", true},
		{"{}", false}, {"\v", false}, {"\u00a0", false}, {bom + bom, false}, {" x", false},
	}
	for _, tt := range tests {
		if got := IsBlank([]byte(tt.doc)); got != tt.want {
			t.Errorf("IsBlank(%q) = %v, want %v", tt.doc, got, tt.want)
		}
	}
}

// TestRestoreBlank: what Set and Delete leave of a blank document turns
// back into that document, and nothing else does.
func TestRestoreBlank(t *testing.T) {
	tests := []struct {
		name, doc, blank, want string
	}{
		{"empty", "{}\n", "", ""},
		{"whitespace", "{}\n", "  \n", "  \n"},
		{"byte order mark", bom + "{}\n", bom + "\n", bom + "\n"},
		{"object holds something", "{\"a\": 1}\n", "", "{\"a\": 1}\n"},
		{"other layout of {}", "{ }\n", "", "{ }\n"},
		{"mark lost", "{}\n", bom, "{}\n"},
		{"not blank before", "{}\n", "{}", "{}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := RestoreBlank([]byte(tt.doc), []byte(tt.blank)); string(got) != tt.want {
				t.Errorf("RestoreBlank(%q, %q) = %q, want %q", tt.doc, tt.blank, got, tt.want)
			}
		})
	}
	// The round trip it exists for.
	for _, blank := range []string{"", "  \n", "\r\n", bom + " "} {
		set, _ := Set([]byte(blank), map[string]any{"x": 1}, "statusLine")
		back, _ := Delete(set, "statusLine")
		if got := RestoreBlank(back, []byte(blank)); string(got) != blank {
			t.Errorf("Set, Delete, RestoreBlank of %q = %q", blank, got)
		}
	}
}

// TestEditAllowBlank: only EditAllowBlank writes a blank result.
func TestEditAllowBlank(t *testing.T) {
	const doc = "{\n  \"k\": 1\n}\n"
	tests := []struct {
		name    string
		edit    func(string, func([]byte) ([]byte, error)) (bool, string, error)
		want    string
		wantErr bool
	}{
		{"Edit refuses", Edit, doc, true},
		{"EditAllowBlank writes", EditAllowBlank, "  \n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "settings.json")
			if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
				t.Fatal(err)
			}
			changed, _, err := tt.edit(path, returns("  \n", nil))
			if (err != nil) != tt.wantErr || changed == tt.wantErr {
				t.Errorf("changed, err = %v, %v; want error %v", changed, err, tt.wantErr)
			}
			if got := readString(t, path); got != tt.want {
				t.Errorf("file = %q, want %q", got, tt.want)
			}
		})
	}
}
