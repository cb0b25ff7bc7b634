package main

// Drama exists only in this package's tests.
const Drama Genre = "drama"
