// Package winlane holds the Windows lane's end-to-end test of the
// Windows binaries (scripts/windows-test.sh runs it under Wine): each
// hook reads Claude Code's recorded payloads and a real transcript, with
// paths in Windows form, through the command hooks.json gives Claude
// Code, and does its work; the status line draws. Its tests build only
// for Windows.
package winlane
