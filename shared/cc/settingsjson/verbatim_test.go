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
	// Equal as JSON but laid out differently: the old bytes come back.
	relaid := "{\n  \"statusLine\": {\n    \"type\": \"command\",\n    \"command\": \"x\"\n  }\n}\n"
	out, err := Set([]byte(relaid), Verbatim(old), "statusLine")
	if got, _ := Get(out, "statusLine"); err != nil || string(got) != old {
		t.Errorf("Set(Verbatim) over an equal value wrote %s (%v), want %s", got, err, old)
	}
	if same, _ := Set(out, Verbatim(old), "statusLine"); string(same) != string(out) {
		t.Error("Set(Verbatim) of the bytes already there changed the document")
	}
	if _, err := Set([]byte(`{}`), Verbatim(`{bad`), "x"); err == nil {
		t.Error("invalid verbatim JSON accepted")
	}
}
