package p_test

// External is declared in package p_test.
func External() {}
