// Package docs carries the reference pages (docs/*.md) inside the
// binaries, so that `si help TOPIC` and `ai help TOPIC` print them where
// there is no checkout. It sits at the top of the tree, beside the
// binaries' main packages, which hand [Pages] down to the command lines:
// nothing under shared/ imports it.
package docs

import (
	"embed"
	"io/fs"
)

//go:embed *.md
var pages embed.FS

// Pages returns the reference pages, one TOPIC.md per topic.
func Pages() fs.FS { return pages }
