package interp

import (
	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// compileGenericWalk chooses how the generic walker walks rule r's moves
// (rule.generic): by its leaps' kind (long or not) and whether its chains
// keep their first direction.
func compileGenericWalk(p *core.Program, r *core.Rule) {
	switch {
	case r.Lines != nil && r.KeepsFirstDir:
		r.Generic = core.WalkLineCapturesFirstDirs
	case r.Lines != nil:
		r.Generic = core.WalkLineCaptures
	case r.Long != nil && r.KeepsFirstDir:
		r.Generic = core.WalkRaysFirstDirs
	case r.Long != nil:
		r.Generic = core.WalkRays
	case r.KeepsFirstDir:
		r.Generic = core.WalkDepthFirstDirs
	default:
		r.Generic = core.WalkDepthFirst
	}
}
