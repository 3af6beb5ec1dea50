// Package arch holds the tests that keep the architecture as
// docs/architecture.md draws it: nothing under shared/ importing from
// outside it, wings that import only downward, lean binaries that link
// none of the heavy libraries, and a page that names every wing, hook
// event and binary. It has no code of its own.
package arch
