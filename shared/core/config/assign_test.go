package config

import (
	"reflect"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// roundTrip is what Merge did before assign: encode the cleaned document
// and decode that into the configuration.
func roundTrip(cfg *Config, doc map[string]any) error {
	data, err := jsonx.Marshal(doc)
	if err != nil {
		return err
	}
	return jsonx.Unmarshal(data, cfg)
}

var assignDocs = []struct{ name, doc string }{
	{"empty", `{}`},
	{"scalars", `{"statusline":{"preset":"minimal","colors":false,"contextCap":200000,"taskStaleHours":1.5},"compact":{"threshold":7}}`},
	{"zones", `{"statusline":{"zones":{"yellow":1000,"red":9000}}}`},
	{"lists replace", `{"statusline":{"fields":["model","newline"]},"shape":{"dropGlobs":[],"preserveGlobs":["a/**"]}}`},
	{"objects", `{"statusline":{"serviceHealth":[{"name":"a","url":"https://x","ttlSec":30},{"NAME":"b","Url":"u","extra":1}]}}`},
	{"free objects", `{"statusline":{"prices":{"input":3,"claude-opus":{"output":15}},"perProject":{"/p":{"preset":"minimal"}}},"shape":{"perProject":{"/q":{"rootDirDepth":2}}}}`},
	{"nulls", `{"statusline":{"prices":null,"fields":null,"preset":null,"zones":null}}`},
	{"wrong type in a member", `{"statusline":{"serviceHealth":[{"name":"a","TTLSEC":"x","ttlSec":5}]}}`},
	{"wrong types", `{"statusline":{"colors":"yes","maxTaskLength":1.5,"zones":[1],"fields":{"a":1}},"debug":true}`},
}

func TestAssignDecodesAsTheRoundTripDid(t *testing.T) {
	for _, tc := range assignDocs {
		t.Run(tc.name, func(t *testing.T) {
			var doc map[string]any
			if err := jsonx.Unmarshal([]byte(tc.doc), &doc); err != nil {
				t.Fatal(err)
			}
			want, got := Default(), Default()
			wantErr := roundTrip(&want, doc)
			gotErr := assign(reflect.ValueOf(&got).Elem(), doc)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("assign() = %+v, want %+v", got, want)
			}
			if (gotErr == nil) != (wantErr == nil) {
				t.Errorf("assign() error = %v, want one like %v", gotErr, wantErr)
			}
		})
	}
}

func FuzzAssign(f *testing.F) {
	for _, tc := range assignDocs {
		f.Add([]byte(tc.doc))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var doc map[string]any
		if jsonx.Unmarshal(data, &doc) != nil {
			return
		}
		want, got := Default(), Default()
		wantErr := roundTrip(&want, doc)
		gotErr := assign(reflect.ValueOf(&got).Elem(), doc)
		if wantErr == nil && gotErr == nil && !reflect.DeepEqual(got, want) {
			t.Errorf("assign() = %+v, want %+v", got, want)
		}
	})
}
