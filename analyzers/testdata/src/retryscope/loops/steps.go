package loops

import "os"

// A loop that goes round at once when its call says it consumed something (a
// true bool tested before the error) and leaves on (false, nil) walks over the
// input its receiver holds: an iterator, not a retry. A call that takes
// nothing out of its receiver repeats the same question: a retry.

type setter interface{ Set(string) error }

type argList struct {
	args []string
	vals map[string]setter
	mode int
}

// parseOne takes one argument off the list and sets it.
func (a *argList) parseOne() (bool, error) {
	if len(a.args) == 0 {
		return false, nil
	}
	s := a.args[0]
	a.args = a.args[1:]
	v, ok := a.vals[s]
	if !ok {
		return false, errTransient
	}
	if err := v.Set(s); err != nil {
		return false, err
	}
	return true, nil
}

func (a *argList) parse() error {
	for {
		seen, err := a.parseOne()
		if seen {
			continue
		}
		if err == nil {
			break
		}
		return err
	}
	return nil
}

// A failure the switch does not handle goes round too: still a walk over
// the arguments.
func (a *argList) parseByMode() error {
	for {
		seen, err := a.parseOne()
		if seen {
			continue
		}
		if err == nil {
			break
		}
		switch a.mode {
		case 0:
			return err
		case 1:
			os.Exit(2)
		case 2:
			panic(err)
		}
	}
	return nil
}

// ---- look-alikes: retries ----

type pinger struct {
	target setter
	mode   int
}

// ping asks the same question every time: nothing is taken out of p.
func (p *pinger) ping() (bool, error) {
	if err := p.target.Set("ping"); err != nil {
		return false, err
	}
	return true, nil
}

func (p *pinger) pingByMode() error {
	for { // want `retry loop classified=false bounded=false$`
		up, err := p.ping()
		if up {
			continue
		}
		if err == nil {
			break
		}
		switch p.mode {
		case 0:
			return err
		case 1:
			panic(err)
		}
	}
	return nil
}
