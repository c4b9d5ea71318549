package middleware

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"mime"
	"mime/multipart"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v5"

	"sellerhub/app/core"
)

// MsgBadCharacters answers input that holds a control character or bytes that are not UTF-8.
const MsgBadCharacters = "输入包含非法字符"

// PlainText refuses, before any handler runs, a request whose text holds a control character (C0 or DEL; tab,
// newline and carriage return pass) or bytes that are not UTF-8: the query, the path parameters, and the bodies a
// handler reads text from (every decoded string of JSON, keys too; form fields; the text fields of a multipart
// form, never its files; XML, which echo's binder also takes). PostgreSQL refuses NUL and invalid UTF-8 in text
// while SQLite stores them, so without this the same input is a 500 on one database and stored on the other;
// here it is a 400 A0400 (the error page for a form) on both, and handlers and services never see it.
//
// Bodies of those kinds are read whole and handed on as read. maxBody is the most it reads (the picture uploads'
// limit; each route's own limit, BodyLimit's or OwnBodyLimit's, may stop it sooner): a body declared longer is
// left unread, for the routes that take one (the uploads, which read only their few text fields as text) to
// refuse or stream; one that turns out longer is refused (413).
func PlainText(maxBody int64) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			r := c.Request()
			// A query pair that does not unescape is skipped here as it is when handlers read the query.
			query, _ := url.ParseQuery(r.URL.RawQuery)
			if !plainValues(query) {
				return core.Invalid(MsgBadCharacters)
			}
			for _, p := range c.PathValues() {
				if !plainText(p.Value) {
					return core.Invalid(MsgBadCharacters)
				}
			}
			// Matched loosely, so that every type echo's binder or the standard library's form parsing reads is here.
			base, _, _ := strings.Cut(r.Header.Get(echo.HeaderContentType), ";")
			var check func([]byte) bool
			switch strings.ToLower(strings.TrimSpace(base)) {
			case echo.MIMEApplicationJSON:
				check = plainJSON
			case echo.MIMEApplicationXML, echo.MIMETextXML: // echo's binder takes XML too
				check = plainXML
			case echo.MIMEApplicationForm:
				check = func(body []byte) bool {
					form, _ := url.ParseQuery(string(body))
					return plainValues(form)
				}
			case echo.MIMEMultipartForm:
				_, params, _ := mime.ParseMediaType(r.Header.Get(echo.HeaderContentType))
				check = func(body []byte) bool { return plainMultipart(body, params["boundary"]) }
			default:
				return next(c) // no text a handler reads: other bodies are refused (415) or taken as files
			}
			if r.ContentLength == 0 || r.ContentLength > maxBody {
				return next(c)
			}
			body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
			switch {
			case err != nil: // past the route's limit, or the client stopped sending it
				return bodyReadError(err)
			case int64(len(body)) > maxBody:
				return echo.ErrStatusRequestEntityTooLarge
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			if !check(body) {
				return core.Invalid(MsgBadCharacters)
			}
			return next(c)
		}
	}
}

// plainText tells whether s is UTF-8 without control characters other than tab, newline and carriage return.
func plainText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool {
		return r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0x7f
	})
}

func plainValues(values url.Values) bool {
	for k, vs := range values {
		if !plainText(k) {
			return false
		}
		for _, v := range vs {
			if !plainText(v) {
				return false
			}
		}
	}
	return true
}

// plainJSON checks every string of a JSON body, keys included, as decoded: a NUL arrives as the escape \u0000.
// A body that is not JSON passes, for the handler's binder to refuse as it does.
func plainJSON(body []byte) bool {
	// JSON text is UTF-8; the decoder would quietly turn bad bytes into U+FFFD.
	if !utf8.Valid(body) {
		return false
	}
	d := json.NewDecoder(bytes.NewReader(body))
	for {
		tok, err := d.Token()
		if err != nil {
			return true
		}
		if s, ok := tok.(string); ok && !plainText(s) {
			return false
		}
	}
}

// plainXML checks the text and attribute values of an XML body, as decoded (&#127; is DEL). A body that is not
// XML passes, for the binder to refuse.
func plainXML(body []byte) bool {
	d := xml.NewDecoder(bytes.NewReader(body))
	for {
		tok, err := d.Token()
		if err != nil {
			return true
		}
		switch t := tok.(type) {
		case xml.CharData:
			if !plainText(string(t)) {
				return false
			}
		case xml.StartElement:
			for _, a := range t.Attr {
				if !plainText(a.Value) {
					return false
				}
			}
		}
	}
}

// plainMultipart checks the field names and text fields of a multipart form; a part with a file name is a file,
// whose bytes are data (a picture holds NUL bytes). A malformed form passes, for its handler to refuse.
func plainMultipart(body []byte, boundary string) bool {
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	for {
		part, err := mr.NextPart()
		if err != nil {
			return true
		}
		if !plainText(part.FormName()) {
			return false
		}
		if part.FileName() != "" {
			continue
		}
		value, err := io.ReadAll(part)
		if err != nil {
			return true
		}
		if !plainText(string(value)) {
			return false
		}
	}
}
