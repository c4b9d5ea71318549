package middleware

import (
	"bytes"
	"cmp"
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/app/admin"
)

// OpLog records a successful call of a signed-in user in the company's operation log under action, a readable
// name such as 新增字典. It goes last among a route's middleware, so that refused calls never reach it; failures
// (an error, a status outside 2xx, or an envelope code other than 201) are not logged. The target is the path's
// id, or for a create the id the answer carries. The handler may name the target and its changed fields in
// words (NoteSubject, NoteChange), which the log's screen shows. Of the body it keeps a bounded part (watchBody):
// it never holds a whole upload.
func OpLog(audit *admin.Service, action string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			p, signedIn := Principal(c)
			if !signedIn {
				return next(c)
			}
			req := c.Request()
			body, err := watchBody(req)
			if err != nil {
				return err
			}
			defer body.close()
			note := &opNote{}
			c.Set(opNoteKey, note)
			rec := &answerRecorder{ResponseWriter: c.Response()}
			c.SetResponse(rec)
			err = next(c)
			c.SetResponse(rec.ResponseWriter)
			status := 0
			if r, uerr := echo.UnwrapResponse(c.Response()); uerr == nil {
				status = r.Status
			}
			answer, ok := rec.envelope()
			if err != nil || status < 200 || status > 299 || !ok || answer.Code != "201" {
				return err
			}
			target := c.Param("id")
			if target == "" {
				target = answer.ID
			}
			if note.subject == "" {
				note.subject = answer.Subject
			}
			op := admin.Operation{Action: action, Method: req.Method, Path: req.URL.Path, TargetID: target,
				Subject: note.subject, Changes: note.changes, ContentType: req.Header.Get(echo.HeaderContentType), Query: req.URL.Query(),
				IP: c.RealIP(), Status: status}
			body.done(&op)
			// The change is made and answered: a log that cannot be written is the server's problem to report,
			// not a failure of the user's call.
			if lerr := audit.RecordOperation(req.Context(), p, op); lerr != nil {
				c.Logger().Error("record operation", "action", action, "err", lerr)
			}
			return nil
		}
	}
}

// opNoteKey is where OpLog leaves its note in the call's context for the handler to fill.
const opNoteKey = "oplog.note"

// opNote is what a handler tells the log about its call.
type opNote struct {
	subject string
	changes []admin.Change
}

func noteOf(c *echo.Context) *opNote {
	n, _ := c.Get(opNoteKey).(*opNote)
	return n
}

// NoteSubject names what the call acted on as people know it (a SKU, a document number, a name) for the
// operation log. Without it the log takes the answer's sku, number or name. Outside a logged route it does
// nothing.
func NoteSubject(c *echo.Context, subject string) {
	if n := noteOf(c); n != nil {
		n.subject = subject
	}
}

// NoteChange tells the operation log a field the call changed, by its Chinese label, with its value before and
// after; values that did not change are not noted. Outside a logged route it does nothing.
func NoteChange(c *echo.Context, label, old, new string) {
	if n := noteOf(c); n != nil && old != new {
		n.changes = append(n.changes, admin.Change{Label: label, Old: old, New: new})
	}
}

// answerPeekLimit is how much of an answer is kept to read its code and data id: enough for any one record,
// never a whole list.
const answerPeekLimit = 64 << 10

// answerRecorder passes an answer through and keeps its beginning.
type answerRecorder struct {
	http.ResponseWriter
	head     bytes.Buffer
	overflow bool
}

func (r *answerRecorder) Write(b []byte) (int, error) {
	if room := answerPeekLimit - r.head.Len(); room > 0 {
		r.head.Write(b[:min(room, len(b))])
	}
	if r.head.Len()+len(b) > answerPeekLimit {
		r.overflow = true
	}
	return r.ResponseWriter.Write(b)
}

// Unwrap lets echo reach its own response (status, committed) through the recorder.
func (r *answerRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// loggedAnswer is what the log needs of an answer: its code, for a create the new record's id, and the
// record's readable name (its sku, document number, shipment id, account or name) when the handler noted none.
type loggedAnswer struct {
	Code    string
	ID      string
	Subject string
}

// envelope reads the kept answer. The new record's id is data.id, or data itself when it is an id alone (as
// addAnnounce answers). An answer too long to keep whole is judged by its leading code alone (the envelope
// writes code first).
func (r *answerRecorder) envelope() (loggedAnswer, bool) {
	if r.overflow {
		if bytes.HasPrefix(r.head.Bytes(), []byte(`{"code":"201"`)) {
			return loggedAnswer{Code: "201"}, true
		}
		return loggedAnswer{}, false
	}
	var env struct {
		Code string          `json:"code"`
		Data json.RawMessage `json:"data"`
	}
	if json.Unmarshal(r.head.Bytes(), &env) != nil {
		return loggedAnswer{}, false
	}
	a := loggedAnswer{Code: env.Code}
	var record struct {
		ID         string `json:"id"`
		SKU        string `json:"sku"`
		Number     string `json:"number"`
		ShipmentID string `json:"shipmentId"`
		Account    string `json:"account"`
		Name       string `json:"name"`
	}
	var id string
	switch {
	case json.Unmarshal(env.Data, &record) == nil:
		a.ID = record.ID
		a.Subject = cmp.Or(record.SKU, record.Number, record.ShipmentID, record.Account, record.Name)
	case json.Unmarshal(env.Data, &id) == nil && isDecimal(id):
		a.ID = id
	}
	return a, true
}

func isDecimal(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
