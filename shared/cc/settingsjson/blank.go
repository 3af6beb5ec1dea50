package settingsjson

// This file is about the bytes around the root object: a UTF-8 byte
// order mark before it, and documents that hold no object at all.
//
// Claude Code reads a settings.json that starts with a UTF-8 byte order
// mark (EF BB BF) as if the mark were not there, and reads an empty or
// whitespace-only file as no settings. Editors on Windows write the mark,
// so refusing it would refuse files Claude Code is happy with: the
// editor accepts it and keeps it, byte for byte, in front of the object.

import (
	"bytes"
	"fmt"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// byteOrderMark is U+FEFF encoded as UTF-8.
const byteOrderMark = "\xef\xbb\xbf"

// bodyStart returns the offset just past a leading byte order mark (0
// when there is none): where the JSON text starts.
func bodyStart(doc []byte) int {
	if bytes.HasPrefix(doc, []byte(byteOrderMark)) {
		return len(byteOrderMark)
	}
	return 0
}

// checkEncoding refuses a document in UTF-16, which Claude Code decodes
// but which cannot be edited byte for byte as UTF-8 text; without this
// the error would only name an unexpected byte 0xff or 0xfe.
func checkEncoding(doc []byte) error {
	for _, mark := range []string{"\xff\xfe", "\xfe\xff"} {
		if bytes.HasPrefix(doc, []byte(mark)) {
			return &scanError{off: 0, msg: fmt.Sprintf(
				"the file is UTF-16 (it starts with the byte order mark % X); only UTF-8 settings can be edited: save it as UTF-8", mark)}
		}
	}
	return nil
}

// IsBlank reports whether doc holds no JSON at all: it is empty, or only
// JSON whitespace after an optional byte order mark. Claude Code reads
// such a file as no settings, and this package reads it as {}.
func IsBlank(doc []byte) bool {
	for _, c := range doc[bodyStart(doc):] {
		switch c {
		case ' ', '\t', '\n', '\r':
		default:
			return false
		}
	}
	return true
}

// blankObject is what an edit starts from when doc is blank: an empty
// object, after doc's byte order mark if it has one.
func blankObject(doc []byte) []byte {
	return append([]byte(string(doc[:bodyStart(doc)])), emptyDocument...)
}

// RestoreBlank returns blank instead of doc when blank is a blank
// document and doc is exactly what Set leaves of it once everything set
// has been deleted again ("{}\n", after blank's byte order mark). That
// is how an uninstall gives back an empty or whitespace-only file as it
// was before the install. In any other case it returns doc. The caller
// should ask only when its own edit changed doc, so that an empty object
// the user wrote stays.
func RestoreBlank(doc, blank []byte) []byte {
	if IsBlank(blank) && bytes.Equal(doc, blankObject(blank)) {
		return bytes.Clone(blank)
	}
	return doc
}

// Decode unmarshals a settings document into v as jsonx.Unmarshal does,
// after its byte order mark; a blank document decodes as {}. It does not
// validate: callers check doc with [Validate] or [Read] first.
func Decode(doc []byte, v any) error {
	if IsBlank(doc) {
		return jsonx.Unmarshal([]byte("{}"), v)
	}
	return jsonx.Unmarshal(doc[bodyStart(doc):], v)
}
