// Package arch holds the tests that keep the architecture as docs/architecture.md
// draws it: wings that import only downward, and lean binaries that link
// none of the heavy libraries. It has no code of its own.
package arch
