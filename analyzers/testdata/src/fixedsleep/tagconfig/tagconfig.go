// Package tagconfig holds configuration structs whose tags give their
// fields' defaults, as configuration loaders read them.
package tagconfig

import "time"

// Duration is a configuration's own duration type.
type Duration time.Duration

// Download configures downloads: the loader fills what the file leaves out.
type Download struct {
	Attempts     uint          `default:"3" yaml:"attempts"`
	ManyAttempts int           `envDefault:"10"`
	Cooldown     Duration      `default:"500ms"`
	Pause        time.Duration `default:"1s"`
	LongPause    time.Duration `default:"30s"`
	Unset        int           `default:"0"`
	Given        int           `yaml:"given"`
}
