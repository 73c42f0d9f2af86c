// Package appkit stubs an application framework whose Run blocks until the
// process gets a signal.
package appkit

type App struct{}

func New() *App { return &App{} }

func (a *App) Run() error { return nil }
