package termtext

// Clip returns s cut after n characters, the cut marked with …; s
// unchanged when it is no longer. Server text of any length (a status
// message of megabytes) is clipped before it is cleaned and shown.
func Clip(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i] + "…"
		}
		n--
	}
	return s
}
