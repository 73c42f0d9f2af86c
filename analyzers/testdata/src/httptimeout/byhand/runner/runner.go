// Package runner is the module's own code a command hands over to: out of
// the command's sight, it may serve or loop.
package runner

// Run runs the service.
func Run() {}
