// Package api holds what every JSON service shares: the envelope, paging and the shapes built from models.
// Each URL service prefix has its own package beside this one (auth, users, ...).
package api

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/models"
)

// Envelope is every JSON answer: {"code","msg","data","total","totalCapped"} with absent fields left out. code is
// a string; "201" is success. totalCapped says more rows match than total, as Page's does.
type Envelope struct {
	Code        string `json:"code"`
	Msg         string `json:"msg,omitempty"`
	Data        any    `json:"data,omitempty"`
	Total       *int64 `json:"total,omitempty"`
	TotalCapped bool   `json:"totalCapped,omitempty"`
}

// Success codes and texts.
const (
	CodeOK = "201"
	MsgOK  = "一切ok"
)

// OK answers a successful call with its data.
func OK(c *echo.Context, data any) error {
	return c.JSON(http.StatusOK, Envelope{Code: CodeOK, Msg: MsgOK, Data: data})
}

// OKBody is the body OK writes for data, for an answer encoded once and sent again as it is (menus/route).
func OKBody(data any) ([]byte, error) {
	return json.Marshal(Envelope{Code: CodeOK, Msg: MsgOK, Data: data})
}

// OKList answers one page of a list the older way some calls keep: the page's rows as data and the number of
// all matching rows as the envelope's total (as models answer it: exact, or models.MoreThan).
func OKList(c *echo.Context, data any, total int64) error {
	n, capped := models.SplitTotal(total)
	return c.JSON(http.StatusOK, Envelope{Code: CodeOK, Msg: MsgOK, Data: data, Total: &n, TotalCapped: capped})
}

// DateTimeLayout is how dates go out: yyyy-MM-dd HH:mm:ss.
const DateTimeLayout = "2006-01-02 15:04:05"

// FormatTime renders a time in the configured zone, or "" for none.
func FormatTime(t *time.Time, loc *time.Location) string {
	if t == nil || t.IsZero() {
		return ""
	}
	return t.In(loc).Format(DateTimeLayout)
}
