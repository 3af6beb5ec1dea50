package config

import (
	"fmt"
	"math"
	"reflect"
	"strings"
)

// assign stores a decoded JSON value (what [jsonx.Unmarshal] gives an
// any: map[string]any, []any, string, float64, bool, nil) in dst the way
// decoding its text into dst would: object members go to the fields
// their json tag names (exactly, else ignoring case), maps gain members,
// slices are replaced, null leaves scalars and structs alone. Merge uses
// it on the cleaned document instead of encoding it again and decoding
// that into the configuration, which compiled a decoder for the whole
// Config in every hook. The first mismatch is returned after the rest
// was stored, as the decoder does.
func assign(dst reflect.Value, v any) error {
	if v == nil {
		switch dst.Kind() {
		case reflect.Map, reflect.Slice, reflect.Interface:
			dst.SetZero()
		}
		return nil
	}
	switch dst.Kind() {
	case reflect.Interface:
		dst.Set(reflect.ValueOf(v))
		return nil
	case reflect.Struct:
		return assignStruct(dst, v)
	case reflect.Map:
		return assignMap(dst, v)
	case reflect.Slice:
		return assignSlice(dst, v)
	}
	return assignScalar(dst, v)
}

// assignScalar stores a string, boolean or number.
func assignScalar(dst reflect.Value, v any) error {
	switch x := v.(type) {
	case string:
		if dst.Kind() == reflect.String {
			dst.SetString(x)
			return nil
		}
	case bool:
		if dst.Kind() == reflect.Bool {
			dst.SetBool(x)
			return nil
		}
	case float64:
		switch dst.Kind() {
		case reflect.Float32, reflect.Float64:
			dst.SetFloat(x)
			return nil
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			if x == math.Trunc(x) && math.Abs(x) < 1<<63 && !dst.OverflowInt(int64(x)) {
				dst.SetInt(int64(x))
				return nil
			}
		}
	}
	return mismatch(dst, v)
}

// assignStruct stores an object's members in the fields they name.
func assignStruct(dst reflect.Value, v any) error {
	m, ok := v.(map[string]any)
	if !ok {
		return mismatch(dst, v)
	}
	var first error
	for name, mv := range m {
		f, ok := field(dst, name)
		if !ok {
			continue
		}
		if err := assign(f, mv); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// field finds the field whose json tag is name, exactly or else ignoring
// case; fields tagged "-" and unexported ones are never found.
func field(dst reflect.Value, name string) (reflect.Value, bool) {
	t := dst.Type()
	fold := -1
	for i := range t.NumField() {
		sf := t.Field(i)
		tag, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if tag == "-" || !sf.IsExported() {
			continue
		}
		if tag == "" {
			tag = sf.Name
		}
		if tag == name {
			return dst.Field(i), true
		}
		if fold < 0 && strings.EqualFold(tag, name) {
			fold = i
		}
	}
	if fold < 0 {
		return reflect.Value{}, false
	}
	return dst.Field(fold), true
}

// assignMap adds an object's members to a map keyed by strings.
func assignMap(dst reflect.Value, v any) error {
	m, ok := v.(map[string]any)
	if !ok || dst.Type().Key().Kind() != reflect.String {
		return mismatch(dst, v)
	}
	if dst.IsNil() {
		dst.Set(reflect.MakeMapWithSize(dst.Type(), len(m)))
	}
	var first error
	for k, mv := range m {
		ev := reflect.New(dst.Type().Elem()).Elem()
		if err := assign(ev, mv); err != nil && first == nil {
			first = err
		}
		dst.SetMapIndex(reflect.ValueOf(k).Convert(dst.Type().Key()), ev)
	}
	return first
}

// assignSlice replaces a slice with an array's items.
func assignSlice(dst reflect.Value, v any) error {
	a, ok := v.([]any)
	if !ok {
		return mismatch(dst, v)
	}
	s := reflect.MakeSlice(dst.Type(), len(a), len(a))
	var first error
	for i, e := range a {
		if err := assign(s.Index(i), e); err != nil && first == nil {
			first = err
		}
	}
	dst.Set(s)
	return first
}

// mismatch is the error for a value of the wrong JSON type.
func mismatch(dst reflect.Value, v any) error {
	return fmt.Errorf("cannot store %s in a value of type %s", describe(v), dst.Type())
}
