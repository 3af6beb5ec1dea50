//go:build windows

package fsutil

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/windows"
)

// broadGroups are the trustees that stand for any user of the machine:
// Everyone, Anonymous, Interactive, Authenticated Users and Users.
var broadGroups = map[string]bool{
	"S-1-1-0": true, "S-1-5-7": true, "S-1-5-4": true, "S-1-5-11": true, "S-1-5-32-545": true,
}

// makeEntries are the rights that let a trustee make or replace a
// directory's entries, or take the directory over. On a directory
// FILE_WRITE_DATA is "add a file" and FILE_APPEND_DATA "add a folder";
// 0x40 is FILE_DELETE_CHILD.
const makeEntries = windows.FILE_WRITE_DATA | windows.FILE_APPEND_DATA | 0x40 |
	windows.WRITE_DAC | windows.WRITE_OWNER | windows.GENERIC_WRITE | windows.GENERIC_ALL

// AnyoneMayWrite reports a directory in which any user of the machine
// may make or replace entries. On Windows a mode says nothing of this
// (every directory shows 0777); the directory's own DACL does: an allow
// entry for a group that stands for every user (Everyone, Users,
// Authenticated Users, …) with a right to add or delete entries, as C:\
// and folders made under it have, and a user profile has not. A missing
// DACL lets everyone in.
func AnyoneMayWrite(dir string) (bool, error) {
	sd, err := windows.GetNamedSecurityInfo(dir, windows.SE_FILE_OBJECT, windows.DACL_SECURITY_INFORMATION)
	if err != nil {
		return false, fmt.Errorf("read the ACL of %s: %w", dir, err)
	}
	dacl, _, err := sd.DACL()
	if err != nil || dacl == nil {
		return true, nil
	}
	for i := range uint32(dacl.AceCount) {
		var ace *windows.ACCESS_ALLOWED_ACE
		if err := windows.GetAce(dacl, i, &ace); err != nil {
			return false, fmt.Errorf("read ACE %d of %s: %w", i, dir, err)
		}
		if ace.Header.AceType != windows.ACCESS_ALLOWED_ACE_TYPE || ace.Header.AceFlags&windows.INHERIT_ONLY_ACE != 0 {
			continue // an inherit-only entry is for what is made inside
		}
		sid := (*windows.SID)(unsafe.Pointer(&ace.SidStart))
		if broadGroups[sid.String()] && ace.Mask&makeEntries != 0 {
			return true, nil
		}
	}
	return false, nil
}
