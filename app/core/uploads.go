package core

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Uploads are the pictures users upload (avatars, product pictures), kept in Dir with one folder per company.
type Uploads struct {
	Dir string
	Log *slog.Logger
}

// MaxImageBytes is the largest picture users/saveImage takes (图片不能超过2MB).
const MaxImageBytes = 2 << 20

// UploadPrefix is the address under which uploaded pictures are served.
const UploadPrefix = "/uploads/"

// imageTypes are the picture formats accepted, by the type sniffed from their first bytes (never by the name or
// the type the client claims), with the extension they are stored under.
var imageTypes = map[string]string{"image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp"}

// storedTypes is imageTypes the other way round: the content type a stored picture is served with.
var storedTypes = map[string]string{".png": "image/png", ".jpg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp"}

// uploadName is what a stored picture's name looks like; anything else asked for under /uploads/ is not one.
var uploadName = regexp.MustCompile(`^[0-9a-f]{32}\.(png|jpg|gif|webp)$`)

// ReadImage reads a picture of at most MaxImageBytes and answers it with the extension of its sniffed type, or
// the refusal of an empty, unknown or too big one.
func ReadImage(r io.Reader) ([]byte, string, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxImageBytes+1))
	if err != nil {
		return nil, "", err
	}
	if len(data) == 0 {
		return nil, "", Invalid(MsgImageEmpty)
	}
	ext, ok := imageTypes[http.DetectContentType(data)]
	if !ok {
		return nil, "", Invalid(MsgImageType)
	}
	if len(data) > MaxImageBytes {
		return nil, "", Invalid(MsgImageTooBig)
	}
	return data, ext, nil
}

// Stored tells whether address is a picture stored in the company's folder.
func (u *Uploads) Stored(companyID int64, address string) bool {
	name, ok := strings.CutPrefix(address, UploadPrefix)
	if !ok || !uploadName.MatchString(name) {
		return false
	}
	_, err := os.Stat(filepath.Join(u.companyDir(companyID), name))
	return err == nil
}

func (u *Uploads) companyDir(companyID int64) string {
	return filepath.Join(u.Dir, strconv.FormatInt(companyID, 10))
}

// Write stores data under a new random name, whole or not at all: it is written aside and then renamed.
func (u *Uploads) Write(companyID int64, ext string, data []byte) (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	name := hex.EncodeToString(b[:]) + ext
	dir := u.companyDir(companyID)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, ".upload-*")
	if err != nil {
		return "", err
	}
	_, werr := io.Copy(tmp, bytes.NewReader(data))
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), filepath.Join(dir, name))
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return "", werr
	}
	return name, nil
}

// Remove deletes a picture of the company given by its address, if it is one of ours. A picture that
// cannot be deleted is only logged: the profile no longer points at it.
func (u *Uploads) Remove(companyID int64, address string) {
	name, ok := strings.CutPrefix(address, UploadPrefix)
	if !ok || !uploadName.MatchString(name) {
		return
	}
	if err := os.Remove(filepath.Join(u.companyDir(companyID), name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		u.Log.Error("remove uploaded picture", "name", name, "err", err)
	}
}

// Open opens a picture of the signed-in user's company by its name under /uploads/, with its content type.
// The company's folder is the only place looked in, so a picture of another company is not found.
func (u *Uploads) Open(p Principal, name string) (*os.File, string, error) {
	if !uploadName.MatchString(name) {
		return nil, "", NotFound("图片")
	}
	f, err := os.Open(filepath.Join(u.companyDir(p.CompanyID), name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", NotFound("图片")
	}
	if err != nil {
		return nil, "", err
	}
	return f, storedTypes[filepath.Ext(name)], nil
}
