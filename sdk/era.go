package sdk

// Era names a protocol era.
type Era string

// The two protocol eras.
const (
	EraLegacy Era = "legacy" // initialize handshake, sessions (up to 2025-11-25)
	Era2026   Era = "2026"   // server/discover, _meta on every request (2026-07-28)
)

// Eras returns the protocol eras this SDK speaks, legacy first: the one
// list that tests running under every era (package sdktest's ForEachEra)
// loop over.
func Eras() []Era { return []Era{EraLegacy, Era2026} }

// Version is the protocol version a client asks for, in
// [ClientOptions].ProtocolVersion, to speak era e: [LatestLegacyVersion]
// or [Version2026]; "" for a name that is no era.
func (e Era) Version() string {
	switch e {
	case EraLegacy:
		return LatestLegacyVersion
	case Era2026:
		return Version2026
	}
	return ""
}
