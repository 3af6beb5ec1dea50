//go:build windows

package filemode

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"testing"
	"unsafe"

	"golang.org/x/sys/windows"
)

// Shown is the mode a file or directory made with perm shows on Windows:
// 0777 for a directory, 0444 for a file made without write permission
// (the read-only attribute), 0666 for any other file.
func Shown(perm fs.FileMode, dir bool) fs.FileMode {
	switch {
	case dir:
		return 0o777
	case perm&0o200 == 0:
		return 0o444
	}
	return 0o666
}

// grantsNoMore reports an ACE of path's DACL that allows someone other
// than its owner more than the ACEs of its parent's DACL allow them.
func grantsNoMore(path string) error {
	own, owner, err := allowed(path)
	if err != nil {
		return err
	}
	parent, _, err := allowed(filepath.Dir(path))
	if err != nil {
		return err
	}
	for sid, mask := range own {
		if extra := mask &^ parent[sid]; extra != 0 && sid != owner {
			return fmt.Errorf("grants %s access %#x that its folder does not", sid, uint32(extra))
		}
	}
	return nil
}

// allowed maps each trustee of path's DACL (as a SID string) to the
// access its allow ACEs grant together, generic rights spelled out, and
// returns path's owner.
func allowed(path string) (map[string]windows.ACCESS_MASK, string, error) {
	sd, err := windows.GetNamedSecurityInfo(path, windows.SE_FILE_OBJECT,
		windows.DACL_SECURITY_INFORMATION|windows.OWNER_SECURITY_INFORMATION)
	if err != nil {
		return nil, "", fmt.Errorf("read the ACL of %s: %w", path, err)
	}
	owner, _, err := sd.Owner()
	if err != nil {
		return nil, "", fmt.Errorf("read the owner of %s: %w", path, err)
	}
	dacl, _, err := sd.DACL()
	if err != nil || dacl == nil {
		return nil, "", fmt.Errorf("%s has no DACL (open to everyone): %v", path, err)
	}
	out := map[string]windows.ACCESS_MASK{}
	for i := range uint32(dacl.AceCount) {
		var ace *windows.ACCESS_ALLOWED_ACE
		if err := windows.GetAce(dacl, i, &ace); err != nil {
			return nil, "", fmt.Errorf("read ACE %d of %s: %w", i, path, err)
		}
		if ace.Header.AceType != windows.ACCESS_ALLOWED_ACE_TYPE {
			continue
		}
		sid := (*windows.SID)(unsafe.Pointer(&ace.SidStart))
		out[sid.String()] |= specific(ace.Mask)
	}
	return out, owner.String(), nil
}

// specific is mask with its generic rights (which a folder's inherit-only
// ACEs use) replaced by the file rights they map to.
func specific(mask windows.ACCESS_MASK) windows.ACCESS_MASK {
	for _, g := range []struct{ generic, file windows.ACCESS_MASK }{
		{windows.GENERIC_ALL, windows.STANDARD_RIGHTS_REQUIRED | windows.SYNCHRONIZE | 0x1ff}, // FILE_ALL_ACCESS
		{windows.GENERIC_READ, windows.FILE_GENERIC_READ},
		{windows.GENERIC_WRITE, windows.FILE_GENERIC_WRITE},
		{windows.GENERIC_EXECUTE, windows.FILE_GENERIC_EXECUTE},
	} {
		if mask&g.generic != 0 {
			mask = mask&^g.generic | g.file
		}
	}
	return mask
}

// OpenToAll lets every user of the machine make and replace entries in
// dir: on Windows Everyone gets full control, as the only ACL entry.
func OpenToAll(t testing.TB, dir string) {
	t.Helper()
	everyone, err := windows.CreateWellKnownSid(windows.WinWorldSid)
	if err != nil {
		t.Fatal(err)
	}
	acl, err := windows.ACLFromEntries([]windows.EXPLICIT_ACCESS{{
		AccessPermissions: windows.GENERIC_ALL,
		AccessMode:        windows.GRANT_ACCESS,
		Inheritance:       windows.SUB_CONTAINERS_AND_OBJECTS_INHERIT,
		Trustee: windows.TRUSTEE{TrusteeForm: windows.TRUSTEE_IS_SID, TrusteeType: windows.TRUSTEE_IS_WELL_KNOWN_GROUP,
			TrusteeValue: windows.TrusteeValueFromSID(everyone)},
	}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := windows.SetNamedSecurityInfo(dir, windows.SE_FILE_OBJECT,
		windows.DACL_SECURITY_INFORMATION|windows.PROTECTED_DACL_SECURITY_INFORMATION, nil, nil, acl, nil); err != nil {
		t.Fatal(err)
	}
}
