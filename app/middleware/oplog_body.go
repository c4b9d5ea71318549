package middleware

import (
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"sync"
	"unicode/utf8"

	"sellerhub/app/admin"
)

// loggedForm bounds what the log keeps of a multipart form: the parts it names and the length of a name.
const (
	loggedParts     = 20
	loggedNameRunes = 100
)

// loggedBody is what the operation log keeps of a request body, read without holding more of it than
// admin.BodyKeptBytes: the beginning of a text body (read ahead, then handed on), or the parts of a multipart form
// by name and size, counted as the handler reads them and never kept.
type loggedBody struct {
	head []byte
	cut  bool
	form *formWitness
}

// watchBody puts the log's reader in front of the request's body.
func watchBody(req *http.Request) (*loggedBody, error) {
	lb := &loggedBody{}
	if req.Body == nil || req.Body == http.NoBody {
		return lb, nil
	}
	mediaType, params, _ := mime.ParseMediaType(req.Header.Get("Content-Type"))
	if strings.HasPrefix(mediaType, "multipart/") && params["boundary"] != "" {
		lb.form = watchForm(params["boundary"])
		req.Body = &teeBody{Reader: io.TeeReader(req.Body, lb.form), Closer: req.Body}
		return lb, nil
	}
	head, err := io.ReadAll(io.LimitReader(req.Body, admin.BodyKeptBytes+1))
	if err != nil {
		return nil, bodyReadError(err)
	}
	lb.head, lb.cut = head, len(head) > admin.BodyKeptBytes
	req.Body = &teeBody{Reader: io.MultiReader(bytes.NewReader(head), req.Body), Closer: req.Body}
	if lb.cut {
		lb.head = nil
	}
	return lb, nil
}

// done ends the watch of a form once the handler has returned, and tells the operation what was seen.
func (lb *loggedBody) done(op *admin.Operation) {
	if lb.form != nil {
		op.Parts = lb.form.end()
		return
	}
	op.Body, op.BodyCut = lb.head, lb.cut
}

// close ends the watch, whatever became of the call (deferred: a panic too).
func (lb *loggedBody) close() {
	if lb.form != nil {
		lb.form.end()
	}
}

type teeBody struct {
	io.Reader
	io.Closer
}

// formWitness reads a multipart form alongside its handler, from what the handler reads, through the standard
// library's parser in a goroutine of its own: each part's bytes are counted and dropped.
type formWitness struct {
	once  sync.Once
	pw    *io.PipeWriter
	done  chan struct{}
	parts []admin.FormPart
}

func watchForm(boundary string) *formWitness {
	pr, pw := io.Pipe()
	w := &formWitness{pw: pw, done: make(chan struct{})}
	go func() {
		defer close(w.done)
		mr := multipart.NewReader(pr, boundary)
		for {
			part, err := mr.NextPart()
			if err != nil {
				break
			}
			n, _ := io.Copy(io.Discard, part)
			if len(w.parts) == loggedParts {
				continue
			}
			p := admin.FormPart{Field: cutRunes(part.FormName(), loggedNameRunes)}
			if part.FileName() != "" {
				p.File, p.Size = cutRunes(part.FileName(), loggedNameRunes), n
			}
			w.parts = append(w.parts, p)
		}
		// A malformed form is read away, so that the handler's reading never waits on the witness.
		_, _ = io.Copy(io.Discard, pr)
	}()
	return w
}

// Write hands what the handler read to the parser; the witness never fails the handler's read.
func (w *formWitness) Write(b []byte) (int, error) {
	_, _ = w.pw.Write(b)
	return len(b), nil
}

// end closes the form as read so far and answers its parts; it may be called again.
func (w *formWitness) end() []admin.FormPart {
	w.once.Do(func() {
		_ = w.pw.Close()
		<-w.done
	})
	return w.parts
}

// cutRunes cuts s to at most n characters, dropping bytes that are not UTF-8.
func cutRunes(s string, n int) string {
	s = strings.ToValidUTF8(s, "")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
