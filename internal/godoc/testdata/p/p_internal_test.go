package p

// InTest is declared in a test file of package p.
func InTest() {}
