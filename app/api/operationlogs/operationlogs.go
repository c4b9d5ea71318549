// Package operationlogs serves the operation log call of /admin/api/v1: operationLogs/page, who changed what and when.
package operationlogs

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/admin"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
	admindb "sellerhub/models/admin"
)

// Handler serves the operation log.
type Handler struct {
	Admin    *admin.Service
	TimeZone *time.Location
}

// Entry is one logged change as the clients show it. user is the name the user had then; subject names the
// target as people know it and summary says in words what changed, which the screen shows; target (the id) and
// detail (the masked request body as JSON text) are kept for auditing.
type Entry struct {
	ID        string `json:"id"`
	UserID    string `json:"userId"`
	User      string `json:"user"`
	Method    string `json:"method"`
	Path      string `json:"path"`
	Action    string `json:"action"`
	Target    string `json:"target"`
	Subject   string `json:"subject"`
	Summary   string `json:"summary"`
	Detail    string `json:"detail"`
	IP        string `json:"ip"`
	Status    int    `json:"status"`
	CreatedAt string `json:"createdAt"`
}

// Export answers GET operationLogs/export?<Page's filters>: the whole query as 操作日志_<date>.xlsx.
func (h *Handler) Export(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "操作日志", "operationLog", h.Admin.OperationLogPage, h.entry)
}

// Page answers GET (query) or POST (body) operationLogs/page {currentpage, pagesize, order, user, action,
// startDate, endDate} with a page of the company's log, newest first.
func (h *Handler) Page(c *echo.Context) error {
	var q admin.OperationLogQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	rows, total, r, err := h.Admin.OperationLogPage(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := make([]Entry, len(rows))
	for i := range rows {
		out[i] = h.entry(&rows[i])
	}
	return api.OK(c, api.NewPage(out, total, r.Current, r.Size))
}

func (h *Handler) entry(l *admindb.OperationLog) Entry {
	return Entry{ID: strconv.FormatInt(l.ID, 10), UserID: strconv.FormatInt(l.UserID, 10), User: l.UserName,
		Method: l.Method, Path: l.Path, Action: l.Action, Target: l.TargetID,
		Subject: l.Subject, Summary: l.Summary, Detail: l.Detail, IP: l.IP,
		Status: l.Status, CreatedAt: api.FormatTime(&l.CreatedAt, h.TimeZone)}
}
