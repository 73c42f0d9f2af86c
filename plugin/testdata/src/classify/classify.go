package classify

import "database/sql"

type failed struct{}

func (failed) Error() string { return "failed" }

// call stands for a request to a server (the dial): a local attempt would
// not be reported at all.
func call() error {
	sql.OpenDB(nil).Exec("UPDATE jobs SET state = 'done'")
	return failed{}
}

// permanent is this package's own classifier (like backoff.Permanent). The
// plugin test names it in the knowledge additions; without them, retryall
// reports the loop below.
func permanent(err error) error { return err }

func do() error {
	var last error
	for i := 0; i < 20; i++ {
		err := call()
		if err == nil {
			return nil
		}
		last = permanent(err)
	}
	return last
}
