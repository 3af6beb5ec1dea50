package settingsjson

import "testing"

// TestSetVerbatim: a Verbatim value is written byte for byte, both when
// replacing and when inserting.
func TestSetVerbatim(t *testing.T) {
	old := `{"type": "command",  "command": "x"}`
	for _, doc := range []string{"{\n  \"a\": 1,\n  \"statusLine\": {\"command\": \"ours\"}\n}\n", "{\n  \"a\": 1\n}\n"} {
		out, err := Set([]byte(doc), Verbatim(old), "statusLine")
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := Get(out, "statusLine"); string(got) != old {
			t.Errorf("Set(Verbatim) wrote %s, want %s", got, old)
		}
	}
	if _, err := Set([]byte(`{}`), Verbatim(`{bad`), "x"); err == nil {
		t.Error("invalid verbatim JSON accepted")
	}
}
