package app

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/pages"
	"sellerhub/models"
)

// failure is how one error is answered.
type failure struct {
	status int
	code   string
	msg    string
}

// classify maps an error to the contract's status, code and message. Anything unexpected is a 500 whose cause
// stays in the log.
func classify(err error) failure {
	var se *core.Error
	if errors.As(err, &se) {
		switch se.Kind {
		case core.KindInvalid:
			return failure{http.StatusBadRequest, "A0400", se.Msg}
		case core.KindRefused:
			return failure{http.StatusBadRequest, "B0001", se.Msg}
		case core.KindFailed:
			return failure{http.StatusOK, "B0001", se.Msg}
		case core.KindNoSession:
			return failure{http.StatusForbidden, "A0231", se.Msg}
		case core.KindForbidden:
			return failure{http.StatusUnauthorized, "A0301", se.Msg}
		case core.KindLimited:
			return failure{http.StatusTooManyRequests, "B0001", se.Msg}
		case core.KindNotFound:
			return failure{http.StatusNotFound, "A0404", se.Msg}
		case core.KindUnvouched:
			return failure{http.StatusForbidden, "A0301", se.Msg}
		}
	}
	if models.IsDuplicate(err) {
		return failure{http.StatusBadRequest, "B0001", core.DuplicateEntry + "数据重复冲突"}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return failure{http.StatusServiceUnavailable, "B0001", core.MsgQueryTimeout}
	}
	switch echo.StatusCode(err) {
	case http.StatusNotFound, http.StatusMethodNotAllowed:
		return failure{http.StatusNotFound, "A0404", "请求的地址不存在"}
	case http.StatusRequestEntityTooLarge:
		return failure{http.StatusRequestEntityTooLarge, "A0400", "请求内容过大"}
	case http.StatusBadRequest, http.StatusUnsupportedMediaType:
		return failure{http.StatusBadRequest, "A0400", "请求格式不正确"}
	case http.StatusForbidden:
		return failure{http.StatusForbidden, "A0301", "页面已过期，请刷新后重试"}
	}
	return failure{http.StatusInternalServerError, "B0001", "系统执行出错"}
}

// errorHandler is the one error handler: the JSON envelope for the API, the error page for pages.
func errorHandler(log *slog.Logger, pg *pages.Handler) echo.HTTPErrorHandler {
	return func(c *echo.Context, err error) {
		if r, _ := echo.UnwrapResponse(c.Response()); r != nil && r.Committed {
			return
		}
		// No answer to a client that has left: the connection is closed, and RequestLog notes the request as 499.
		if middleware.ClientGone(c) {
			return
		}
		f := classify(err)
		// A statement stopped at its time limit is load or a query too broad, not a fault: RequestLog notes it.
		if f.status >= 500 && !errors.Is(err, context.DeadlineExceeded) {
			log.Error("request failed", "request_id", c.Response().Header().Get(echo.HeaderXRequestID),
				"path", c.Request().URL.Path, "err", err)
		}
		var werr error
		if isAPI(c.Request().URL.Path) {
			env := api.Envelope{Code: f.code, Msg: f.msg}
			// An import's refusal carries every wrong cell, for the screen's table of problems.
			var se *core.Error
			if errors.As(err, &se) && len(se.Problems) > 0 {
				env.Data = se.Problems
			}
			werr = c.JSON(f.status, env)
		} else {
			werr = pg.RenderError(c, err, f.status, f.msg)
		}
		if werr != nil {
			log.Error("write error answer", "err", werr)
		}
	}
}
