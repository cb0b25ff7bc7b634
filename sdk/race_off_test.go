//go:build !race

package sdk_test

// raceDetector: built with -race (see skipWithoutFastPaths).
const raceDetector = false
