package s2ladder

import (
	"context"
	"os/exec"
)

func fetch(ctx context.Context, flag string) error {
	return exec.CommandContext(ctx, "git", "fetch", flag).Run()
}

func isAncestor(ctx context.Context, commit string) error {
	return exec.CommandContext(ctx, "git", "merge-base", "--is-ancestor", commit, "HEAD").Run()
}

// FP: escalation ladder over different strategies.
func verify(ctx context.Context, commit string) error {
	for _, depth := range []string{"", "--deepen=50", "--unshallow"} {
		if depth != "" {
			if err := fetch(ctx, depth); err != nil {
				return err
			}
		}
		if err := isAncestor(ctx, commit); err == nil {
			return nil
		}
	}
	return nil
}

// Must stay reported: the element is unused, a disguised attempt counter.
func verifyAgain(ctx context.Context, commit string) error {
	var err error
	for range []int{1, 2, 3} {
		if err = fetch(ctx, ""); err == nil {
			return nil
		}
	}
	return err
}
