package render

import (
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// fontconfigFile is the file where fontconfig's configuration begins on
// Linux and the other Unix systems that have it.
const fontconfigFile = "/etc/fonts/fonts.conf"

// Bounds on what fontconfigDirs reads: a configuration is a few dozen
// small files (Debian's, 60 files of at most 20 KB), included at most two
// deep.
const (
	fontconfigMaxFiles = 500
	fontconfigMaxSize  = 1 << 20
	fontconfigMaxDepth = 16
)

// fontconfigDirs returns the font directories that fontconfig's
// configuration, from the file conf on, names (the <dir> elements of the
// "Font configuration files" of fonts-conf(5)), in the order they are
// read, following its <include> elements: a file, or a directory of
// whose files those whose names begin with a digit and end in .conf are
// read in order. A relative include is from the directory of the file
// that names it, and so is a relative dir of prefix "relative" (one of
// another prefix would be from the working directory, and is left out);
// a path that begins with ~ is from home ("" leaves it out); one of prefix
// "xdg" from the XDG directories, ~/.config for an include and
// ~/.local/share for a dir (their defaults). A file that is missing or
// not of fontconfig's form gives none; what can be read is read, within
// bounds of files, sizes and depth.
func fontconfigDirs(conf, home string) []string {
	r := &fontconfigReader{home: home, seen: map[string]bool{}}
	r.read(conf, 0)
	return r.dirs
}

// fontconfigReader reads fontconfig's configuration files.
type fontconfigReader struct {
	home  string
	seen  map[string]bool // the files read
	files int
	dirs  []string
}

// read reads the configuration file path, included depth deep.
func (r *fontconfigReader) read(path string, depth int) {
	path = filepath.Clean(path)
	if r.seen[path] || r.files >= fontconfigMaxFiles || depth > fontconfigMaxDepth {
		return
	}
	r.seen[path] = true
	info, err := os.Stat(path)
	if err != nil {
		return
	}
	if info.IsDir() {
		entries, _, err := readDirEntries(path, fontconfigMaxFiles)
		if err != nil {
			return
		}
		for _, e := range entries { // in the order of their names
			name := e.Name()
			if name != "" && name[0] >= '0' && name[0] <= '9' && strings.HasSuffix(name, ".conf") {
				r.read(filepath.Join(path, name), depth+1)
			}
		}
		return
	}
	r.files++
	f, err := openRegular(path, fontconfigMaxSize) // no FIFO, device or file past the bound
	if err != nil {
		return
	}
	defer f.Close()
	dec := xml.NewDecoder(io.LimitReader(f, fontconfigMaxSize))
	dec.Strict = false
	var elem, prefix string // the <dir> or <include> open, and its prefix
	var text strings.Builder
	for {
		tok, err := dec.Token()
		if err != nil {
			return
		}
		switch t := tok.(type) {
		case xml.StartElement:
			elem, prefix = "", ""
			if t.Name.Local == "dir" || t.Name.Local == "include" {
				elem = t.Name.Local
				text.Reset()
				for _, a := range t.Attr {
					if a.Name.Local == "prefix" {
						prefix = a.Value
					}
				}
			}
		case xml.CharData:
			if elem != "" {
				text.Write(t)
			}
		case xml.EndElement:
			if elem == "" || t.Name.Local != elem {
				continue
			}
			p := r.resolve(strings.TrimSpace(text.String()), prefix, elem, filepath.Dir(path))
			if p != "" && elem == "dir" && !slices.Contains(r.dirs, p) {
				r.dirs = append(r.dirs, p)
			} else if p != "" && elem == "include" {
				r.read(p, depth+1)
			}
			elem = ""
		}
	}
}

// resolve returns the path p of a <dir> or <include> (elem) with prefix,
// named in a file in dir, made absolute, or "" if it cannot be.
func (r *fontconfigReader) resolve(p, prefix, elem, dir string) string {
	switch {
	case p == "":
		return ""
	case prefix == "xdg":
		if r.home == "" {
			return ""
		}
		base := filepath.Join(r.home, ".local", "share")
		if elem == "include" {
			base = filepath.Join(r.home, ".config")
		}
		return filepath.Join(base, p)
	case p == "~" || strings.HasPrefix(p, "~/"):
		if r.home == "" {
			return ""
		}
		return filepath.Join(r.home, p[1:])
	case filepath.IsAbs(p):
		return filepath.Clean(p)
	case elem == "dir" && prefix != "relative":
		return "" // from the working directory, which names no system's fonts
	}
	return filepath.Join(dir, p)
}
