package main

import (
	"strings"

	"github.com/ruleplay/ruleplay/ir"
	"github.com/ruleplay/ruleplay/lang"
	"github.com/ruleplay/ruleplay/play"
	"github.com/spf13/cobra"
)

// completeRulesFile completes the first argument with .rules files, and
// nothing after it.
func completeRulesFile(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return []string{"rules"}, cobra.ShellCompDirectiveFilterFileExt
}

// completeRulesFiles completes every argument with .rules files.
func completeRulesFiles(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	return []string{"rules"}, cobra.ShellCompDirectiveFilterFileExt
}

// completeOption completes --option with the option names of the rules file
// given as the first argument ("size=", with the option's help), and after
// "NAME=" with the values of a Boolean or enumerated option.
func completeOption(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	g, err := loadRules(args[0], nil)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	if name, _, ok := strings.Cut(toComplete, "="); ok {
		for _, o := range g.Options {
			if o.Name != name {
				continue
			}
			var values []string
			switch o.Type {
			case ir.OptBool:
				values = []string{"true", "false"}
			case ir.OptEnum:
				values = o.Choices
			}
			out := make([]string, len(values))
			for i, v := range values {
				out[i] = name + "=" + v
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		}
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, o := range g.Options {
		d := "default " + lang.OptionValueText(o)
		if o.Doc != "" {
			d = o.Doc + " (" + d + ")"
		}
		out = append(out, o.Name+"=\t"+d)
	}
	return out, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
}

// completePlayers completes --players, one comma-separated name at a time.
func completePlayers(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	prefix, part := "", toComplete
	if i := strings.LastIndexByte(toComplete, ','); i >= 0 {
		prefix, part = toComplete[:i+1], toComplete[i+1:]
	}
	var out []string
	for _, in := range play.Known() {
		if strings.HasPrefix(in.Name, part) {
			out = append(out, prefix+in.Name+"\t"+in.Doc)
		}
	}
	if strings.HasPrefix("human", part) {
		out = append(out, prefix+"human\tyou, at the terminal prompt")
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
