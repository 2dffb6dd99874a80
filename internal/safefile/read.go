package safefile

import "io"

// ReadAtMost reads r to its end if it holds at most limit bytes, reading
// no more than limit+1: tooLarge says it holds more, and data is then nil.
func ReadAtMost(r io.Reader, limit int64) (data []byte, tooLarge bool, err error) {
	data, err = io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil || int64(len(data)) <= limit {
		return data, false, err
	}
	return nil, true, nil
}
