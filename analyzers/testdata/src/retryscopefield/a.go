// Package retryscopefield: attempts whose error is a field of the call's result
// (gorm's db.Create(&x).Error).
package retryscopefield

import (
	"errors"

	"gorm.io/gorm"
)

var errBusy = errors.New("busy")

func assigned(db *gorm.DB) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop attempts=db.Create\(&struct{}{}\)`
		err = db.Create(&struct{}{}).Error
		if err == nil {
			return nil
		}
		if !errors.Is(err, errBusy) {
			return err
		}
	}
	return err
}

func tested(db *gorm.DB) {
	for { // want `retry loop attempts=db.Save\(&struct{}{}\)`
		if db.Save(&struct{}{}).Error == nil {
			return
		}
	}
}
