package interp

import (
	"cmp"

	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// flatDeclines tells why flat-make does not serve the Program ("" when
// it does).
func flatDeclines(p *core.Program) string {
	why := cmp.Or(p.Off(core.AccelFlatMake), makeDeclines(p))
	if why == "" && p.KeepOccC {
		why = "the position keeps occupancy sets per piece code"
	}
	return why
}
