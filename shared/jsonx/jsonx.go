// Package jsonx is the one place that imports goccy/go-json, a faster
// drop-in for encoding/json used on the hot transcript path (about twice
// as fast at decoding large records). It mirrors encoding/json's API so
// it can be swapped back in one line.
package jsonx

import (
	"errors"

	json "github.com/goccy/go-json"
)

// Unmarshal decodes data into v like encoding/json.Unmarshal.
func Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// Marshal encodes v like encoding/json.Marshal.
func Marshal(v any) ([]byte, error) { return json.Marshal(v) }

// IsTypeError reports whether err only says that some field had the wrong
// type; the rest of the value was still decoded.
func IsTypeError(err error) bool {
	var te *json.UnmarshalTypeError
	return errors.As(err, &te)
}
