//go:build !wireslow

package jsonfast

// Fast turns the hand-written fast paths on; it is false under the
// wireslow build tag, which measures transport and sdk with every
// bespoke path off (bench/compare.sh, TAGS=wireslow): each then reports
// "not sure" and its caller takes the JSON codec.
const Fast = true
