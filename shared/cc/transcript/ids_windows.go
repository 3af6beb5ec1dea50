//go:build windows

package transcript

import (
	"os"

	"golang.org/x/sys/windows"
)

// statIDs returns the volume serial number and file index of the open
// file f, Windows' device and inode numbers (a FileInfo from Stat does
// not carry them); zeros when the handle cannot tell, and then size and
// tail checks alone catch a replaced transcript.
func statIDs(f *os.File, _ os.FileInfo) (dev, ino uint64) {
	var info windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(windows.Handle(f.Fd()), &info); err != nil {
		return 0, 0
	}
	return uint64(info.VolumeSerialNumber), uint64(info.FileIndexHigh)<<32 | uint64(info.FileIndexLow)
}
