// Package outfile writes the files the commands produce (a formatted rules
// file, a record, a picture, an analysis' part and report) in one way,
// tested once: the text goes to a temporary file beside the file, which
// is renamed over it once complete, so that an interrupted write leaves
// the old file whole.
//
// A symbolic link is followed: the file it names is replaced and the link
// stays a link. A file with other hard links, or a read-only file, is
// refused rather than replaced (a rename would break the links, or
// rewrite a file its owner protected). A replaced file keeps its mode
// (and, when the writer may set it, its owner); a new file is created
// with mode 0644. A file that is not a regular file (/dev/null, a pipe, a
// terminal) is written to in place, never replaced.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// maxLinks bounds how many symbolic links Write follows in a row.
const maxLinks = 40

// Write writes path with write, as the package comment says.
func Write(path string, write func(io.Writer) error) error {
	target, err := resolve(path)
	if err != nil {
		return err
	}
	mode := fs.FileMode(0o644)
	st, err := os.Stat(target)
	switch {
	case err == nil && st.IsDir():
		return &fs.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
	case err == nil && !st.Mode().IsRegular():
		return writeInPlace(target, write)
	case err == nil:
		if n := hardLinks(st); n > 1 {
			return fmt.Errorf("%s has %d hard links: replacing it would break them (the other names would keep the old text); write to another file, or remove the other links first", path, n)
		}
		if st.Mode().Perm()&0o222 == 0 || !writable(target) {
			return fmt.Errorf("%s is read-only (mode %04o): not replaced; make it writable first, or write to another file", path, st.Mode().Perm())
		}
		mode = st.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) { // the folder is missing or not writable: say so of the file
			return &fs.PathError{Op: "open", Path: path, Err: pe.Err}
		}
		return err
	}
	tmp := f.Name()
	err = write(f)
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil && st != nil {
		keepOwner(f, st)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, target)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// resolve follows the symbolic links from path to the file they name
// (which may not exist yet: a dangling link is written through, creating
// its target).
func resolve(path string) (string, error) {
	for range maxLinks {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return "", &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("more than %d symbolic links in a row", maxLinks)}
}

// writeInPlace writes to a file that is not a regular file (a device, a
// pipe): it cannot be replaced, and need not be.
func writeInPlace(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
