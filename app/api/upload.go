package api

import (
	"context"
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/app/core"
	"sellerhub/app/middleware"
)

// ImageBodyLimit caps a picture upload: the largest picture and room for the form around it. The upload routes
// have this limit instead of the application's, so that a picture somewhat too big is read and told
// 图片不能超过2MB.
const ImageBodyLimit = core.MaxImageBytes + 1<<20

// ImageUpload takes the multipart field file of the request and streams it to save, which reads no more of it
// than the largest picture it accepts, and answers the address save stored it under.
func ImageUpload(c *echo.Context, save func(context.Context, core.Principal, io.Reader) (string, error)) error {
	req := c.Request()
	if req.ContentLength > ImageBodyLimit {
		return core.Invalid(core.MsgImageTooBig)
	}
	req.Body = http.MaxBytesReader(c.Response(), req.Body, ImageBodyLimit)
	// Whatever is left unread is read away, so that the answer reaches a client still sending.
	defer io.Copy(io.Discard, req.Body)
	mr, err := req.MultipartReader()
	if err != nil {
		return core.Invalid(core.MsgImageEmpty)
	}
	for {
		part, err := mr.NextPart()
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return core.Invalid(core.MsgImageTooBig)
		}
		if err != nil { // the end of the form without a file field, or not a form at all
			return core.Invalid(core.MsgImageEmpty)
		}
		if part.FormName() != "file" {
			continue
		}
		p, _ := middleware.Principal(c)
		address, err := save(req.Context(), p, part)
		if errors.As(err, &tooBig) {
			return core.Invalid(core.MsgImageTooBig)
		}
		if err != nil {
			return err
		}
		return OK(c, address)
	}
}
