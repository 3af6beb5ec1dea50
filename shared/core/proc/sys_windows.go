//go:build windows

package proc

import (
	"errors"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// RunGroup runs cmd as cmd.Run does, in a process group of its own, and
// makes the end of cmd's context (cmd comes from exec.CommandContext)
// kill the whole group, so that a child which started helpers of its
// own leaves none behind.
//
// The group is a job object the child is put in as soon as it has
// started; the end of the context terminates the job. The job allows
// breakaway, so a member started with CREATE_BREAKAWAY_FROM_JOB (package
// detach) leaves it, as a setsid does on unix. Go cannot start a child
// suspended, so a grandchild started in the instant between the child's
// start and its assignment would escape the job. Where no job can be
// made or the child cannot join it (a job of the caller's that forbids
// nesting), taskkill /T /F ends the tree by parent process ids instead.
func RunGroup(cmd *exec.Cmd) error {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.CreationFlags |= windows.CREATE_NEW_PROCESS_GROUP
	g := &group{}
	cmd.Cancel = func() error { return g.kill(cmd.Process) }
	if err := cmd.Start(); err != nil {
		return err
	}
	g.join(cmd.Process.Pid)
	defer g.close()
	return cmd.Wait()
}

// group is the job of one RunGroup; job is 0 until the child is in it.
// The mutex orders join against a Cancel that comes at once.
type group struct {
	mu  sync.Mutex
	job windows.Handle
}

func (g *group) join(pid int) {
	job, err := newJob()
	if err != nil {
		return
	}
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(pid))
	if err == nil {
		err = windows.AssignProcessToJobObject(job, h)
		_ = windows.CloseHandle(h)
	}
	if err != nil {
		_ = windows.CloseHandle(job)
		return
	}
	g.mu.Lock()
	g.job = job
	g.mu.Unlock()
}

// newJob makes a job whose members may break away from it. Closing its
// handle kills nothing: the members left when the child exits go on, as
// they do on unix.
func newJob() (windows.Handle, error) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return 0, err
	}
	var info windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_BREAKAWAY_OK
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		_ = windows.CloseHandle(job)
		return 0, err
	}
	return job, nil
}

func (g *group) kill(p *os.Process) error {
	g.mu.Lock()
	job := g.job
	g.mu.Unlock()
	if job != 0 {
		return windows.TerminateJobObject(job, 1)
	}
	return killTree(p)
}

// killTree ends p and the descendants taskkill finds by parent id, or p
// alone where taskkill cannot run. taskkill gets a console that is never
// shown, so a caller without one does not flash a window.
func killTree(p *os.Process) error {
	if sys, err := windows.GetSystemDirectory(); err == nil {
		tk := exec.Command(filepath.Join(sys, "taskkill.exe"), "/T", "/F", "/PID", strconv.Itoa(p.Pid))
		tk.SysProcAttr = &syscall.SysProcAttr{HideWindow: true, CreationFlags: windows.CREATE_NO_WINDOW}
		if tk.Run() == nil {
			return nil
		}
	}
	return p.Kill()
}

func (g *group) close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.job != 0 {
		_ = windows.CloseHandle(g.job)
		g.job = 0
	}
}

// Alive reports whether process pid exists and has not exited (a process
// this user may not open counts). pid <= 0 names no single process:
// false.
func Alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	h, err := windows.OpenProcess(windows.SYNCHRONIZE|windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		// Access denied: it exists. Invalid parameter: no such process.
		return errors.Is(err, windows.ERROR_ACCESS_DENIED)
	}
	defer windows.CloseHandle(h)
	ev, err := windows.WaitForSingleObject(h, 0)
	return err != nil || ev == uint32(windows.WAIT_TIMEOUT) // unsure counts as alive
}

// LowerPriority makes this process yield the CPU to the user's session
// (below-normal priority class); best effort.
func LowerPriority() {
	_ = windows.SetPriorityClass(windows.CurrentProcess(), windows.BELOW_NORMAL_PRIORITY_CLASS)
}

// Exec stands in for replacing this process with the program at path
// (argv[0] its name) and env, which Windows cannot do: the program runs
// as a child on this process's standard streams, Ctrl+C is left to it,
// and its exit status becomes this process's. It returns only when the
// program cannot be started.
func Exec(path string, argv, env []string) error {
	cmd := exec.Command(path, argv[1:]...)
	cmd.Args[0] = argv[0]
	cmd.Env = env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	signal.Ignore(os.Interrupt)
	if err := cmd.Start(); err != nil {
		signal.Reset(os.Interrupt)
		return err
	}
	code := 1
	if _ = cmd.Wait(); cmd.ProcessState != nil {
		code = cmd.ProcessState.ExitCode()
	}
	os.Exit(code)
	return nil
}
