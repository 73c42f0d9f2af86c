package checklist

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// git runs a git command in dir and returns its trimmed stdout. The error
// carries git's own first line of stderr, which is usually the best hint.
func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	// Stable English messages; no pager, no prompts for credentials.
	cmd.Env = append(os.Environ(), "LC_ALL=C", "GIT_PAGER=cat", "GIT_TERMINAL_PROMPT=0")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return "", fmt.Errorf("cannot run git: %v; install git or pass the change with -diff FILE", err)
		}
		msg := strings.TrimSpace(errb.String())
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		return "", &gitError{args: args, msg: msg}
	}
	return strings.TrimRight(out.String(), "\n"), nil
}

type gitError struct {
	args []string
	msg  string
}

func (e *gitError) Error() string {
	return fmt.Sprintf("git %s: %s", strings.Join(e.args, " "), e.msg)
}

// gitTop returns the top-level directory of the repository holding dir.
func gitTop(dir string) (string, error) {
	top, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		var ge *gitError
		if errors.As(err, &ge) {
			return "", fmt.Errorf("%s is not inside a git repository; run from a checkout or pass the change with -diff FILE", dir)
		}
		return "", err
	}
	return top, nil
}

// mergeBase resolves base and returns the merge base of base and HEAD, with
// errors that say how to get the missing history (the usual CI trouble:
// actions/checkout fetches one commit by default).
func mergeBase(top, base string) (string, error) {
	shallow, _ := git(top, "rev-parse", "--is-shallow-repository")
	isShallow := shallow == "true"
	if _, err := git(top, "rev-parse", "--verify", "--quiet", "--end-of-options", base+"^{commit}"); err != nil {
		fetch := remoteFetch(base)
		switch {
		case isShallow && fetch != "":
			return "", fmt.Errorf("base %s not found in this shallow clone; fetch it with `git fetch --unshallow` or `%s`", base, fetch)
		case isShallow:
			return "", fmt.Errorf("base %s not found in this shallow clone; fetch the history with `git fetch --unshallow` (actions/checkout: fetch-depth: 0)", base)
		case fetch != "":
			return "", fmt.Errorf("base %s not found; fetch it with `%s`", base, fetch)
		}
		return "", fmt.Errorf("base %s not found; check the name (a branch, tag or commit of this repository)", base)
	}
	mb, err := git(top, "merge-base", base, "HEAD")
	if err != nil || mb == "" {
		if isShallow {
			return "", fmt.Errorf("no merge base of %s and HEAD in this shallow clone; fetch more history with `git fetch --unshallow` (actions/checkout: fetch-depth: 0)", base)
		}
		return "", fmt.Errorf("%s and HEAD have no common history; pick a base on this branch's history", base)
	}
	return mb, nil
}

// remoteFetch turns a remote-tracking name ("origin/main") into the command
// that fetches it, or "" when base does not look like one.
func remoteFetch(base string) string {
	remote, branch, ok := strings.Cut(base, "/")
	if !ok || remote == "" || branch == "" || strings.ContainsAny(base, "~^@: ") {
		return ""
	}
	return "git fetch " + remote + " " + branch
}

// gitDiff is the diff between the merge base and the working tree: tracked
// files as they are on disk, because that is what the loader type-checks, so
// the diff's line numbers and the analysed positions agree. Untracked files
// are not included (git add -N makes them visible).
func gitDiff(top, mb string) (string, error) {
	return git(top, "-c", "core.quotePath=true", "diff", "-U0", "-M", "--no-color",
		"--no-ext-diff", "--no-textconv", "--src-prefix=a/", "--dst-prefix=b/", mb, "--")
}
