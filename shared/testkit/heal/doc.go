// Package heal holds the table test that damages every file the plugin
// writes (the README's "Files written", and the few files it does not
// list) in every way testkit/damage knows, runs the real hook binaries
// against the damaged state, and checks that each exits 0 by itself,
// moves the damage aside where it must, and writes its new record.
package heal
