/*
 * bcryptprimitives.dll for Wine 8, which lacks ProcessPrng: Go programs
 * since Go 1.22 load it at start to fill their random sources and stop
 * when it is missing. Windows 10 and later have it; this stand-in is
 * installed into the Windows test lane's private Wine prefix only
 * (scripts/windows-test.sh builds it with mingw-w64) and never ships.
 *
 * ProcessPrng fills the buffer from advapi32's RtlGenRandom (exported as
 * SystemFunction036), Wine's cryptographic generator, in pieces that fit
 * its ULONG length. It returns TRUE, as the real one always does; FALSE
 * only if RtlGenRandom fails, which Go treats as fatal, as it should be
 * on a system with no random source.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
		if (!SystemFunction036(data, chunk))
			return FALSE;
		data += chunk;
		length -= chunk;
	}
	return TRUE;
}
