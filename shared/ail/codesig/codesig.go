// Package codesig turns source code into AILv1 @SIG signatures: Go with
// go/parser, Python with a scanner of its own (no Python needed, any
// Python 3 syntax). A signature is a map of the code, not a copy: names,
// typed arguments, short defaults, the return type and up to five
// mutations, without bodies.
package codesig

import (
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ail"
)

// Lang is a language signatures can be extracted from.
type Lang string

// The supported languages; "" is none.
const (
	LangGo     Lang = "go"
	LangPython Lang = "python"
)

// LangOfPath picks the language from a file name's extension.
func LangOfPath(path string) Lang {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".go":
		return LangGo
	case ".py", ".pyi", ".pyw":
		return LangPython
	}
	return ""
}

// LangOfFence picks the language from the info string of a fenced code
// block (```go, ```python ...). Without one it guesses from the code: a
// func declaration means Go, a def or class at the start of a line
// Python.
func LangOfFence(info, code string) Lang {
	tag := ""
	if f := strings.Fields(info); len(f) > 0 {
		tag = strings.ToLower(f[0])
	}
	switch tag {
	case "go", "golang":
		return LangGo
	case "py", "python", "python3", "py3", "pyi":
		return LangPython
	case "":
		for _, l := range strings.Split(code, "\n") {
			switch t := strings.TrimSpace(l); {
			case strings.HasPrefix(l, "func "):
				return LangGo
			case strings.HasPrefix(t, "def ") || strings.HasPrefix(t, "async def ") || strings.HasPrefix(l, "class "):
				return LangPython
			}
		}
	}
	return ""
}

// Extract returns the signatures of src in lang. Python never fails;
// Go fails when go/parser cannot make sense of the code.
func Extract(lang Lang, file string, src []byte) ([]ail.Sig, error) {
	switch lang {
	case LangGo:
		return Go(file, src)
	case LangPython:
		return Python(file, src), nil
	}
	return nil, nil
}
