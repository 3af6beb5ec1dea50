// Package e2e holds the end-to-end tests: the pinned Claude Code CLI runs
// real sessions with the built plugin against the project's fake
// Messages API, and the tests assert on what reached the model and on the
// files the hooks wrote.
package e2e
