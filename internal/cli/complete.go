package cli

import (
	"strings"

	"github.com/polytile/polytile/internal/suggest"
	"github.com/spf13/cobra"
)

// CompleteArg completes a command's one argument with the words words
// returns, beside the files the shell completes.
func CompleteArg(words func() []string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return withPrefix(words(), toComplete), cobra.ShellCompDirectiveDefault
	}
}

// CompleteWords completes a flag's value with the words words returns.
func CompleteWords(words func() []string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return withPrefix(words(), toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// CompleteFlags registers the completion of cmd's flags: of each flag
// named in words, with the words its function returns.
func CompleteFlags(cmd *cobra.Command, words map[string]func() []string) {
	for name, w := range words {
		cmd.RegisterFlagCompletionFunc(name, CompleteWords(w))
	}
}

// withPrefix returns the words that start with prefix.
func withPrefix(words []string, prefix string) []cobra.Completion {
	var out []cobra.Completion
	for _, w := range words {
		if strings.HasPrefix(w, prefix) {
			out = append(out, w)
		}
	}
	return out
}

// AddCompletion adds cobra's command completion SHELL to root, now
// rather than when cobra runs, so that it is a command like the others
// (Execute refuses a word that names none), and makes a shell it has no
// script for a usage error.
func AddCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	c, _, err := root.Find([]string{"completion"})
	if err != nil || c == root {
		panic("cli: cobra made no completion command")
	}
	var shells []string
	for _, sh := range c.Commands() {
		shells = append(shells, sh.Name())
	}
	c.Args = func(cmd *cobra.Command, args []string) error {
		if len(args) > 0 {
			return Usagef("no completion for the shell %q%s; want %s", args[0], suggest.Phrase(suggest.Closest(args[0], shells)), OrList(shells))
		}
		return nil
	}
	c.RunE = func(cmd *cobra.Command, args []string) error { return cmd.Help() }
}
