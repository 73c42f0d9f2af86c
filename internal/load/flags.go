package load

import (
	"flag"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// BuildFlags are the go command's build flags that retrylint's standalone
// drivers accept, as go vet does: -tags, -mod and -modfile. GOFLAGS from the
// environment applies as well.
type BuildFlags struct {
	tags, mod, modfile string
}

// Register adds the build flags to fs.
func (b *BuildFlags) Register(fs *flag.FlagSet) {
	fs.StringVar(&b.tags, "tags", "", "comma-separated build `tags` (go build -tags)")
	fs.StringVar(&b.mod, "mod", "", "module download `mode`: readonly, vendor or mod (go build -mod)")
	fs.StringVar(&b.modfile, "modfile", "", "use `file` instead of go.mod (go build -modfile)")
}

// Args returns the flags that were set, as go list arguments.
func (b *BuildFlags) Args() []string {
	var args []string
	for _, f := range []struct{ name, value string }{{"tags", b.tags}, {"mod", b.mod}, {"modfile", b.modfile}} {
		if f.value != "" {
			args = append(args, "-"+f.name+"="+f.value)
		}
	}
	return args
}

// moduleFlagsFromGOFLAGS returns cfg with the module-only flags of GOFLAGS
// (-mod, -modfile) moved to its build flags, before the explicit ones so that
// those win, as on the go command line. go/packages asks the go command for
// its version with modules off, where GOFLAGS=-modfile=x fails ("build flag
// -modfile only valid when using modules", golang/go#48482); build flags are
// not passed to that query.
func moduleFlagsFromGOFLAGS(cfg packages.Config) packages.Config {
	env := cfg.Env
	if env == nil {
		env = os.Environ()
	}
	at := -1 // the last GOFLAGS= wins
	for i, kv := range env {
		if strings.HasPrefix(kv, "GOFLAGS=") {
			at = i
		}
	}
	if at < 0 {
		return cfg
	}
	var keep, moved []string
	for _, f := range strings.Fields(strings.TrimPrefix(env[at], "GOFLAGS=")) {
		name, _, _ := strings.Cut(strings.TrimLeft(f, "-"), "=")
		if name == "mod" || name == "modfile" {
			moved = append(moved, f)
		} else {
			keep = append(keep, f)
		}
	}
	if len(moved) == 0 {
		return cfg
	}
	cfg.Env = append(slices.Clone(env), "GOFLAGS="+strings.Join(keep, " "))
	cfg.BuildFlags = append(moved, cfg.BuildFlags...)
	return cfg
}
