package settingsjson

import (
	"bytes"
	"encoding/json"
	"testing"
)

// fuzzSeeds add the shapes that stress the layout rules to trickyDocs.
var fuzzSeeds = []string{
	`{"a":{}}`, "{\n}", "{ }", "{\r\n}", `{"a":{"b":{ }}}`, `{"x":[{"y":{}}],"z":{"w":1}}`,
	"\t{\"a\" :\n{\n\t\"b\":[]\n}\n}", `{"d":1,"d":{"e":2}}`, `{"k\u0022":"v"}`,
}

// FuzzSetDelete checks, for any valid JSON object, that setting a new
// key (at the top level and inside a nested object) and deleting it
// again gives back the input byte for byte, and that setting an
// existing key to its own value changes nothing.
func FuzzSetDelete(f *testing.F) {
	for _, tc := range trickyDocs {
		// The long-string document would only slow every mutation
		// down; the unit tests cover it.
		if len(tc.doc) < 4096 {
			f.Add([]byte(tc.doc))
		}
	}
	for _, s := range append(fuzzSeeds, bom, bom+" \n", bom+"{\"a\":{}}") {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		if IsBlank(doc) || Validate("", doc) != nil {
			return
		}
		checkSetDelete(t, doc, []string{freshKey(doc, nil)})
		if parent, ok := nestedObjectKey(doc); ok {
			checkSetDelete(t, doc, []string{parent, freshKey(doc, []string{parent})})
		}
		checkSelfSet(t, doc)
	})
}

// FuzzScanner checks that the hand-written scanner accepts exactly the
// documents encoding/json accepts whose top-level value is an object,
// but for the differences listed at encodingJSONAccepts.
func FuzzScanner(f *testing.F) {
	for _, tc := range trickyDocs {
		if len(tc.doc) < 4096 {
			f.Add([]byte(tc.doc))
		}
	}
	for _, s := range []string{`[1]`, `{"a":01}`, `{"a":"\u12"}`, `{"a":1e}`, `{"a":[1,]}`, "{\"a\":\"\x01\"}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		_, err := scanDocument(doc)
		if want := encodingJSONAccepts(doc); (err == nil) != want {
			t.Fatalf("scanner accepts %q = %v (%v), encoding/json says %v", doc, err == nil, err, want)
		}
	})
}

func checkSetDelete(t *testing.T, doc []byte, path []string) {
	value := map[string]any{"s": "q\"<&>\u00e9\n", "n": []any{1.5, nil, true, map[string]any{}}}
	want, _ := json.Marshal(value)
	out, err := Set(doc, value, path...)
	if err != nil {
		t.Fatalf("Set(%q) on %q: %v", path, doc, err)
	}
	if err := Validate("", out); err != nil {
		t.Fatalf("Set(%q) on %q gave invalid JSON %q: %v", path, doc, out, err)
	}
	if got, ok := Get(out, path...); !ok || !equalJSON(got, want) {
		t.Fatalf("after Set(%q) on %q, Get = %s, %v", path, doc, got, ok)
	}
	back, err := Delete(out, path...)
	if err != nil {
		t.Fatalf("Delete(%q) on %q: %v", path, out, err)
	}
	if expect := afterSetDelete(doc, path[:len(path)-1]); !bytes.Equal(back, expect) {
		t.Fatalf("Set then Delete of %q changed the document:\nin   %q\nset  %q\nback %q\nwant %q", path, doc, out, back, expect)
	}
}

// afterSetDelete is what Set of a new key in the object at parent, then
// Delete of it, must give: the input itself, except for the one
// documented normalisation. An empty object whose inside is exactly a
// newline plus its line's indentation looks, once a member is added,
// the same as {} with a member added, and Delete of that only member
// gives {}.
func afterSetDelete(doc []byte, parent []string) []byte {
	d, _ := parse(doc)
	open := d.open
	if len(parent) > 0 {
		loc, _ := d.locate(parent)
		open = loc.ms[loc.idx].val
	}
	ms, end := members(doc, open)
	if len(ms) == 0 && string(doc[open+1:end]) == detectNewline(doc)+lineIndent(doc, open) {
		return splice(doc, open+1, end, "")
	}
	return doc
}

// checkSelfSet sets every top-level key to its current raw value.
func checkSelfSet(t *testing.T, doc []byte) {
	d, _ := parse(doc)
	ms, _ := members(d.data, d.open)
	for _, m := range ms {
		key := keyText(doc, m)
		raw, _ := Get(doc, key)
		if got, err := Set(doc, raw, key); err != nil || !bytes.Equal(got, doc) {
			t.Fatalf("Set(%q, own value) on %q = %q, %v", key, doc, got, err)
		}
	}
}

// freshKey returns a key that the object at parent does not have.
func freshKey(doc []byte, parent []string) string {
	key := "si-fuzz"
	for {
		if _, ok := Get(doc, append(parent[:len(parent):len(parent)], key)...); !ok {
			return key
		}
		key += "_"
	}
}

// nestedObjectKey returns a top-level key whose (last) value is an object.
func nestedObjectKey(doc []byte) (string, bool) {
	d, _ := parse(doc)
	ms, _ := members(d.data, d.open)
	for _, m := range ms {
		key := keyText(doc, m)
		if v, ok := Get(doc, key); ok && v[0] == '{' {
			return key, true
		}
	}
	return "", false
}
