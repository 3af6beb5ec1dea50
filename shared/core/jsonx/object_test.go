package jsonx

import (
	"math"
	"testing"

	gojson "github.com/goccy/go-json"
)

type objectShape struct {
	S  string   `json:"s"`
	I  int64    `json:"i"`
	B  bool     `json:"b"`
	F  float64  `json:"f"`
	L  []string `json:"l"`
	V  any      `json:"v"`
	OK string   `json:"ok"`
}

func writeShape(v objectShape) ([]byte, error) {
	var o Object
	o.Str("s", v.S)
	o.Int("i", v.I)
	o.Bool("b", v.B)
	o.Float("f", v.F)
	o.Strings("l", v.L)
	o.Value("v", v.V)
	o.Str("ok", v.OK)
	return o.Bytes()
}

func TestObjectWritesWhatMarshalWrites(t *testing.T) {
	tests := []objectShape{
		{},
		{S: "plain", I: -42, B: true, F: 1.5, L: []string{}, V: []any{nil, 3.0, "x"}},
		{S: "<a href=\"x\">&</a>\\\n\r\t\x00\x1f\x7f", F: 1e-7, L: []string{"é", "\u2028\u2029"}},
		{S: "bad \xff utf-8 \xe2\x82", F: 1e21, I: math.MinInt64, V: map[string]any{"k": true}},
		{V: map[string]any{"z": []any{1.5, nil, map[string]any{"b": "<", "a": false}}, "a": 200000.0, "\u00e9": "x", "A": []any{}}},
		{V: map[string]any{}, S: "\b\f"},
		{V: []string{"not decoded JSON"}},
		{F: 123456789.125, OK: "日本語"},
		{F: -0.000001},
		{F: 5e-324},
		{F: math.MaxFloat64},
	}
	for _, tc := range tests {
		want, err := Marshal(tc)
		if err != nil {
			t.Fatal(err)
		}
		got, err := writeShape(tc)
		if err != nil || string(got) != string(want) {
			t.Errorf("Object = %s, %v; want %s", got, err, want)
		}
	}
}

func TestObjectRefusesNonFinite(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, err := writeShape(objectShape{F: f}); err == nil {
			t.Errorf("Object with %v: no error", f)
		}
	}
	var o Object
	if got, err := o.Bytes(); err != nil || string(got) != "{}" {
		t.Errorf("empty Object = %s, %v; want {}", got, err)
	}
}

func FuzzObject(f *testing.F) {
	f.Add("x", int64(1), true, 0.5, "y", `[null,{"b":1,"a":[true,"x"]}]`)
	f.Add("\xff<\u2028", int64(-1), false, 1e-9, "\x00", `{"default":200000,"byModel":{"claude-opus-4-6":1e6}}`)
	f.Fuzz(func(t *testing.T, s string, i int64, b bool, fl float64, l, doc string) {
		if math.IsNaN(fl) || math.IsInf(fl, 0) {
			return
		}
		var dv any
		if Unmarshal([]byte(doc), &dv) != nil {
			dv = s
		}
		v := objectShape{S: s, I: i, B: b, F: fl, L: []string{l, s}, V: dv, OK: l}
		want, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := writeShape(v)
		if err != nil || string(got) != string(want) {
			t.Errorf("Object = %q, %v; want %q", got, err, want)
		}
	})
}

func TestMarshalWritesWhatGoccyWrites(t *testing.T) {
	for _, v := range []any{
		nil, true, "<x>", 1.5, -3, int64(math.MaxInt64), []string{"a", "\u2028"}, []string(nil), []string{},
		map[string]string{"b": "1", "a": "2"}, map[string]int{"x": 1, "\xff": 2}, map[string]int64(nil), map[string]int64{},
		map[string]any{"n": 3, "s": []any{int64(1), "x", map[string]any{}}, "m": map[string]int{"q": 1}, "p": &struct{ A int }{1}},
		struct{ A string }{"not simple"},
	} {
		got, err := Marshal(v)
		want, werr := gojson.Marshal(v)
		if err != nil || werr != nil || string(got) != string(want) {
			t.Errorf("Marshal(%#v) = %s, %v; want %s, %v", v, got, err, want, werr)
		}
	}
	if b, err := Marshal(map[string]any{"x": math.NaN()}); err == nil || b != nil {
		t.Errorf("Marshal of a NaN = %s, %v; want nil and an error", b, err)
	}
}

func FuzzMarshal(f *testing.F) {
	f.Add(`{"a":[1,"x",null,true,{"z":1e-9,"b":"<&>"}]}`)
	f.Add(`"\u2028\ud800"`)
	f.Fuzz(func(t *testing.T, doc string) {
		var v any
		if Unmarshal([]byte(doc), &v) != nil {
			return
		}
		got, err := Marshal(v)
		want, werr := gojson.Marshal(v)
		if err != nil || werr != nil || string(got) != string(want) {
			t.Errorf("Marshal(%#v) = %s, %v; want %s, %v", v, got, err, want, werr)
		}
	})
}

// TestList: an array member is written as Marshal writes the slice, and
// an element that fails fails the object.
func TestList(t *testing.T) {
	num := func(n int) ([]byte, error) { return Marshal(n) }
	bad := func(int) ([]byte, error) { return nil, ErrNonFinite }
	tests := []struct {
		name string
		es   []int
		enc  func(int) ([]byte, error)
		want string
		err  bool
	}{
		{"nil", nil, num, `{"k":null}`, false},
		{"empty", []int{}, num, `{"k":[]}`, false},
		{"elements", []int{1, 2, 3}, num, `{"k":[1,2,3]}`, false},
		{"an element fails", []int{1}, bad, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var o Object
			List(&o, "k", tt.es, tt.enc)
			got, err := o.Bytes()
			if (err != nil) != tt.err || string(got) != tt.want {
				t.Errorf("List() = %s, %v; want %s (error %v)", got, err, tt.want, tt.err)
			}
			if !tt.err {
				want, _ := gojson.Marshal(map[string][]int{"k": tt.es})
				if string(got) != string(want) {
					t.Errorf("List() = %s; goccy/go-json writes %s", got, want)
				}
			}
		})
	}
}
