package main

import (
	"fmt"

	"github.com/polytile/polytile/internal/safefile"
)

// refuseOverwrite returns an error if output, which flag names, is the
// file input (the same device and inode, through any links): writing it
// would destroy what the command reads. A command checks before any work.
func refuseOverwrite(flag, output string, inputs ...string) error {
	if output == "" || output == "-" {
		return nil
	}
	for _, in := range inputs {
		if safefile.SameFile(in, output) {
			return fmt.Errorf("%s %s is the input %s: writing it would destroy it; choose another file", flag, output, in)
		}
	}
	return nil
}
