package interp

import (
	"github.com/ruleplay/ruleplay/interp/internal/core"
)

// compileGuide compiles the game's guide (nil: none).
func compileGuide(p *core.Program) error {
	gd := p.Desc.Guide
	if gd == nil {
		return nil
	}
	xc := &core.ExprCompiler{P: p, Kind: core.ExPlayer, HasScore: p.Desc.Score != nil, What: "guide"}
	f, err := xc.Compile(gd.Value, false)
	if err != nil {
		return err
	}
	p.GuideFn = f
	return nil
}
