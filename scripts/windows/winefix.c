/*
 * The Windows test lane's one accommodation of Wine 8, in the
 * bcryptprimitives.dll stand-in (processprng.c) that every Go program
 * loads at start: where Wine answers a Windows call differently from
 * every Windows, the answer is rewritten into the one a real Windows
 * gives, so Go's standard library, our code and our tests all run
 * unchanged and are compiled exactly as scripts/check.sh compiles them.
 * It lives in the lane's private Wine prefix only and never ships.
 *
 * When the DLL is loaded, the export table entries of the two calls
 * below are pointed at wrappers here (through a jump placed within reach
 * of the module's 32-bit export addresses); Go finds both with
 * GetProcAddress on first use, so it calls the wrappers, which call
 * Wine's own functions.
 *
 * 1. NtSetInformationFile. Wine 8 does not implement some information
 *    classes, FileDispositionInformationEx among them, and answers
 *    STATUS_NOT_IMPLEMENTED ("Invalid function") where a Windows without
 *    the class answers STATUS_INVALID_INFO_CLASS. Go deletes files by
 *    handle with that class (os.Remove, os.RemoveAll, so every
 *    t.TempDir cleanup) and falls back to the older class on Windows's
 *    answer only; under Wine it failed with "unlinkat ...: Invalid
 *    function". The wrapper gives Windows's answer.
 *
 * 2. CreateSymbolicLinkW. Wine 8's is a stub: it reports success and
 *    makes nothing, so a test that made a link would test a missing
 *    file, and code that made one would trust a link that is not there.
 *    The wrapper checks that the link exists and, when it does not,
 *    fails as a Windows that does not let this user make links does
 *    (ERROR_PRIVILEGE_NOT_HELD): the tests' "no symbolic links here"
 *    skips and the code's own fallbacks take over, as on such a Windows.
 *
 * A wrapper that cannot be installed stops the program with a message
 * naming it: the lane then fails loudly instead of testing Wine's bugs.
 */
#include <windows.h>
#include <string.h>

#define STATUS_NOT_IMPLEMENTED ((LONG)0xC0000002)
#define STATUS_INVALID_INFO_CLASS ((LONG)0xC0000003)

typedef LONG(NTAPI *set_info_fn)(HANDLE, PVOID, PVOID, ULONG, ULONG);
typedef BOOLEAN(WINAPI *symlink_fn)(LPCWSTR, LPCWSTR, DWORD);

static set_info_fn wine_set_info;
static symlink_fn wine_symlink;

static LONG NTAPI set_info(HANDLE file, PVOID iosb, PVOID info, ULONG length, ULONG class)
{
	LONG status = wine_set_info(file, iosb, info, length, class);
	return status == STATUS_NOT_IMPLEMENTED ? STATUS_INVALID_INFO_CLASS : status;
}

static BOOLEAN WINAPI symlink(LPCWSTR link, LPCWSTR target, DWORD flags)
{
	if (!wine_symlink(link, target, flags))
		return FALSE;
	if (GetFileAttributesW(link) == INVALID_FILE_ATTRIBUTES) {
		SetLastError(ERROR_PRIVILEGE_NOT_HELD);
		return FALSE;
	}
	return TRUE;
}

/* jump_near allocates, within a 32-bit offset above base, a jump to to. */
static BYTE *jump_near(BYTE *base, void *to)
{
	SYSTEM_INFO si;
	MEMORY_BASIC_INFORMATION mbi;
	BYTE *at = base;
	GetSystemInfo(&si);
	while (at < base + 0x7ff00000 && VirtualQuery(at, &mbi, sizeof mbi)) {
		BYTE *next = (BYTE *)mbi.BaseAddress + mbi.RegionSize;
		if (mbi.State == MEM_FREE) {
			ULONG_PTR g = si.dwAllocationGranularity;
			BYTE *start = (BYTE *)(((ULONG_PTR)mbi.BaseAddress + g - 1) / g * g);
			BYTE *jump = start + si.dwPageSize <= next
				? VirtualAlloc(start, si.dwPageSize, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE)
				: NULL;
			if (jump) {
				DWORD old;
				jump[0] = 0xff, jump[1] = 0x25; /* jmp [rip+0] */
				memset(jump + 2, 0, 4);
				memcpy(jump + 6, &to, sizeof to);
				if (VirtualProtect(jump, si.dwPageSize, PAGE_EXECUTE_READ, &old))
					return jump;
			}
		}
		at = next;
	}
	return NULL;
}

/* redirect points module's export name at to and returns what it named. */
static FARPROC redirect(const char *module, const char *name, void *to)
{
	BYTE *base = (BYTE *)GetModuleHandleA(module);
	FARPROC was = base ? GetProcAddress((HMODULE)base, name) : NULL;
	if (!was)
		return NULL;
	IMAGE_NT_HEADERS *nt = (IMAGE_NT_HEADERS *)(base + ((IMAGE_DOS_HEADER *)base)->e_lfanew);
	IMAGE_DATA_DIRECTORY dir = nt->OptionalHeader.DataDirectory[IMAGE_DIRECTORY_ENTRY_EXPORT];
	IMAGE_EXPORT_DIRECTORY *exp = (IMAGE_EXPORT_DIRECTORY *)(base + dir.VirtualAddress);
	DWORD *names = (DWORD *)(base + exp->AddressOfNames);
	WORD *ordinals = (WORD *)(base + exp->AddressOfNameOrdinals);
	DWORD *functions = (DWORD *)(base + exp->AddressOfFunctions);
	for (DWORD i = 0; i < exp->NumberOfNames; i++) {
		if (strcmp((char *)base + names[i], name) != 0)
			continue;
		DWORD *slot = &functions[ordinals[i]], old;
		BYTE *jump = jump_near(base, to);
		if (!jump || !VirtualProtect(slot, sizeof *slot, PAGE_READWRITE, &old))
			return NULL;
		*slot = (DWORD)(jump - base);
		VirtualProtect(slot, sizeof *slot, old, &old);
		return was;
	}
	return NULL;
}

static void fail(const char *what)
{
	char msg[200] = "winefix: cannot wrap ";
	DWORD n;
	strncat(msg, what, sizeof msg - strlen(msg) - 3);
	strcat(msg, "\r\n");
	WriteFile(GetStdHandle(STD_ERROR_HANDLE), msg, (DWORD)strlen(msg), &n, NULL);
	ExitProcess(3);
}

BOOL WINAPI DllMain(HINSTANCE dll, DWORD reason, LPVOID reserved)
{
	(void)dll, (void)reserved;
	if (reason != DLL_PROCESS_ATTACH)
		return TRUE;
	if (!(wine_set_info = (set_info_fn)redirect("ntdll.dll", "NtSetInformationFile", set_info)))
		fail("ntdll NtSetInformationFile");
	if (!(wine_symlink = (symlink_fn)redirect("kernel32.dll", "CreateSymbolicLinkW", symlink)))
		fail("kernel32 CreateSymbolicLinkW");
	return TRUE;
}
