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
	return NamedImageUpload(c, func(ctx context.Context, p core.Principal, _ string, r io.Reader) (any, error) {
		return save(ctx, p, r)
	})
}

// NamedImageUpload is ImageUpload for a save that also reads the file's name (图片上传 matches it to a SKU) and
// answers what it stored.
func NamedImageUpload[T any](c *echo.Context, save func(ctx context.Context, p core.Principal, name string, r io.Reader) (T, error)) error {
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
		address, err := save(req.Context(), p, part.FileName(), part)
		if errors.As(err, &tooBig) {
			return core.Invalid(core.MsgImageTooBig)
		}
		if err != nil {
			return err
		}
		return OK(c, address)
	}
}
