// A server that does not compile: the doctor must show file:line.
package main

func main() {
	undefinedThing()
}
