// Package closures nests function literals deeply, with a retry loop in the
// innermost one and the retried call made through captured variables.
package closures

import (
	"errors"
	"time"
)

var errDown = errors.New("down")

func ping() error { return errDown }

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
											for i := 0; i < 3; i++ {
												if err = ping(); err == nil {
													return nil
												}
												time.Sleep(time.Second)
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

// nestedLoops: a retry loop inside a literal inside another retry loop.
func nestedLoops() error {
	var err error
	for i := 0; i < 3; i++ {
		err = func() error {
			var inner error
			for j := 0; j < 2; j++ {
				if inner = ping(); inner == nil {
					return nil
				}
			}
			return inner
		}()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
