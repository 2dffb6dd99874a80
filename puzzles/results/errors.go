package results

import "github.com/polytile/polytile/internal/quote"

// The errors a caller may answer, typed so that a command can say how
// (which of its commands writes a shard file, which flag gives a spec).

// NotShardError is the error of reading as a shard file (Writer) a file
// that is not one.
type NotShardError struct {
	Path string // the file's path or name
	// Why says what shows it is not ("its first line is not a shard
	// header"), or is "" if the file is empty.
	Why string
}

// Error says "PATH is empty, not a shard file" or "PATH is not a shard
// file: WHY".
func (e *NotShardError) Error() string {
	if e.Why == "" {
		return e.Path + " is empty, not a shard file"
	}
	return e.Path + " is not a shard file: " + e.Why
}

// SpecLoadError is the error of a merge of shard files that cannot load
// the spec whose puzzle it checks every solution against: the one given,
// or the one the shards carry or name. Err says why.
type SpecLoadError struct{ Err error }

// Error says that the spec does not load, and why.
func (e *SpecLoadError) Error() string {
	return "results: a merge checks every solution against the puzzle, and cannot load its spec: " + e.Err.Error()
}

// Unwrap returns Err.
func (e *SpecLoadError) Unwrap() error { return e.Err }

// KilledRunError is Solve's refusal to stream to the shard file at Path
// when a run that was killed left its part file, Part (PartName), beside
// it: Resume continues that run; removing Part starts again.
type KilledRunError struct{ Path, Part string }

// Error says which run was killed, and what to do without losing what
// it found.
func (e *KilledRunError) Error() string {
	return "results: a run writing " + e.Path + " was killed and left what it found in " + e.Part +
		": resume it, or, to start again, move " + e.Part + " aside or write to another file"
}

// BusyError is Solve's refusal to stream to the shard file at Path while
// another run is writing it: that run holds the lock on its part file,
// Part.
type BusyError struct{ Path, Part string }

// Error says that another run is writing the file.
func (e *BusyError) Error() string {
	return "results: another run is writing " + e.Path + " (into " + e.Part + "): wait for it to end, or write to another file"
}

// NoSpecError is the error of a saved file that carries no spec's text
// and names a spec, Name, that is not a built-in puzzle: the file is not
// taken at its word to open another file (it could name any file of the
// machine, a device or a pipe). The caller may give the spec itself.
type NoSpecError struct{ Name string }

// Error says that the file carries no spec and names one that is not
// built in.
func (e *NoSpecError) Error() string {
	return "results: the file carries no spec, and names " + quote.Short(e.Name) +
		", which is not a built-in puzzle: a saved file's spec is read from the file itself, never from a path it names"
}

// HoldsError is the error of reading a saved file that holds another
// thing (its header's "holds") than the one wanted: a count where
// solutions are merged, or solutions where counts are added up.
type HoldsError struct {
	Path  string // the file
	Holds string // what its header says it holds
	Want  string // what was wanted
}

// Error says "PATH holds a count, not solutions".
func (e *HoldsError) Error() string {
	return e.Path + " holds " + holdsWords(e.Holds) + ", not " + holdsWords(e.Want)
}

// holdsWords says what a file that holds holds.
func holdsWords(holds string) string {
	if holds == HoldsCount {
		return "a count"
	}
	return holds
}
