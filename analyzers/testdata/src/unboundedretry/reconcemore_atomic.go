package unboundedretry

import (
	"sync/atomic"
	"time"
)

// A one-way flag held in a sync/atomic value: the guard reads it with Load,
// the way to the self-call stores a constant with Store that fails the guard
// on the next call. Once more, as a plain field's is.

type versionFallback struct {
	useOld   atomic.Bool
	attempts atomic.Int32
}

func (v *versionFallback) get() error {
	err := v.attempt()
	if err != nil && !v.useOld.Load() {
		v.useOld.Store(true)
		return v.get()
	}
	return err
}

// Look-alike: the value stored is the one the guard wants.
func (v *versionFallback) getSameValue() error {
	err := v.attempt()
	if err != nil && !v.useOld.Load() {
		v.useOld.Store(false)
		return v.getSameValue() // want `recursive retry has no attempt limit and no deadline`
	}
	return err
}

// Look-alike: a counter added to is no one-way flag.
func (v *versionFallback) getCounted() error {
	err := v.attempt()
	if err != nil && v.attempts.Load() >= 0 {
		v.attempts.Add(1)
		time.Sleep(time.Second)
		return v.getCounted() // want `recursive retry has no attempt limit and no deadline`
	}
	return err
}

func (v *versionFallback) attempt() error { reach(); return nil }

// Two fallbacks, each with a flag of its own that only goes one way: each
// self-call runs at most once along a chain.
type groupFallback struct {
	oldNetworking, oldDiscovery atomic.Bool
	path                        string
}

func (g *groupFallback) get(networking bool) error {
	err := g.attempt()
	if err == nil {
		return nil
	}
	if networking && !g.oldNetworking.Load() {
		g.oldNetworking.Store(true)
		return g.get(networking)
	}
	if !networking && !g.oldDiscovery.Load() {
		g.oldDiscovery.Store(true)
		return g.get(networking)
	}
	return err
}

// Look-alike: the second fallback sets the first flag back.
func (g *groupFallback) getReset(networking bool) error {
	err := g.attempt()
	if err == nil {
		return nil
	}
	if networking && !g.oldNetworking.Load() {
		g.oldNetworking.Store(true)
		return g.getReset(networking) // want `recursive retry has no attempt limit and no deadline`
	}
	if !networking && !g.oldDiscovery.Load() {
		g.oldDiscovery.Store(true)
		g.oldNetworking.Store(false)
		return g.getReset(networking)
	}
	return err
}

func (g *groupFallback) attempt() error { reach(); return nil }
