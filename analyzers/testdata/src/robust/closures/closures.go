// Package closures nests function literals deeply, with a retry loop in the
// innermost one and the retried call made through captured variables.
package closures

import (
	"database/sql"
	"errors"
	"time"
)

var errDown = errors.New("down")

func ping() error { return reach(errDown) }

func deep() func() error {
	return func() error {
		return func() error {
			return func() error {
				return func() error {
					return func() error {
						return func() error {
							return func() error {
								return func() error {
									return func() error {
										return func() error {
											var err error
											for i := 0; i < 20; i++ { // want "retryall: retries every error alike" "fixedsleep: waits the same" "sleepnoctx: cannot be cancelled"
												if err = ping(); err == nil {
													return nil
												}
												time.Sleep(5 * time.Second)
											}
											return err
										}()
									}()
								}()
							}()
						}()
					}()
				}()
			}()
		}()
	}
}

// nestedLoops: a retry loop inside a literal inside another retry loop, 3 × 2
// attempts. nestedretry does not see it: it looks for the Retries fact, which
// only declared functions carry, and this attempt is a literal called in place.
func nestedLoops() error {
	var err error
	for i := 0; i < 20; i++ { // want "retryall: retries every error alike" "fixedsleep: waits the same" "sleepnoctx: cannot be cancelled"
		err = func() error {
			var inner error
			for j := 0; j < 20; j++ { // want "fixedsleep: tries again at once" "retryall: retries every error alike"
				if inner = ping(); inner == nil {
					return nil
				}
			}
			return inner
		}()
		if err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return err
}

// reach stands for a call another system may refuse: the retries of these cases are retries of a
// remote call (a local attempt is left alone: retryscope Region.Remote).
func reach(err error) error {
	sql.OpenDB(nil).Exec("UPDATE jobs SET state = 'done'")
	return err
}
