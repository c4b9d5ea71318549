// Package datasync answers the 数据同步 calls (/amazon/api/v1/datasync): the stores' sync tasks and their runs,
// 立即同步 and 上传报告.
package datasync

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/amazondata"
	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/datasync"
	"sellerhub/app/middleware"
	datasyncdb "sellerhub/models/datasync"
	storesdb "sellerhub/models/stores"
)

// Handler serves the calls.
type Handler struct {
	Sync     *datasync.Service
	TimeZone *time.Location
}

// Task is one row of the 数据同步 list: a store's data kind with its sync.
type Task struct {
	ID           string `json:"id"`
	SellerRowID  string `json:"sellerRowId"`
	GroupID      string `json:"groupId"`
	GroupName    string `json:"groupName"`
	Region       string `json:"region"`
	RegionName   string `json:"regionName"`
	SellerID     string `json:"sellerid"`
	Kind         string `json:"kind"`
	KindName     string `json:"kindName"`
	State        string `json:"state"`
	StateName    string `json:"stateName"`
	QueuedBy     string `json:"queuedBy"`
	LastSuccess  string `json:"lastSuccess"`
	NextRun      string `json:"nextRun"`
	ReportState  string `json:"reportState"`
	Lines        int64  `json:"lines"`
	ReportsDone  int    `json:"reportsDone"`
	ReportsTotal int    `json:"reportsTotal"`
	Progress     string `json:"progress"`
	LastError    string `json:"lastError"`
	// Syncable is false for a store whose authorisation is disabled or refused: 立即同步 would be refused.
	Syncable bool `json:"syncable"`
}

// nextRun is the 下次同步 column: when the task is due next; none while its sync waits or runs, nor for a store
// that cannot sync (its grant refused or disabled) until it is authorised again.
func (h *Handler) nextRun(t *datasyncdb.SyncTaskRow) string {
	if t.State == datasyncdb.SyncQueued || t.State == datasyncdb.SyncRunning || !datasync.CanSync(t) {
		return ""
	}
	return api.FormatTime(&t.NextRunAt, h.TimeZone)
}

func regionName(code string) string {
	r, _ := storesdb.RegionByCode(code)
	return r.Name
}

// progress is the 进度 column while a sync runs, in the words of its phase: asking Amazon for a report, Amazon
// queueing or making it (with the lines of earlier reports already read), reading its lines; then the reports done.
func progress(t *datasyncdb.SyncTaskRow) string {
	if t.State != datasyncdb.SyncRunning {
		return ""
	}
	var out string
	switch t.ReportState {
	case "":
		out = "请求报告中"
	case "DONE":
		out = fmt.Sprintf("下载导入中 已读%d行", t.Lines)
	case datasyncdb.SyncReportImported:
		out = fmt.Sprintf("已导入%d行", t.Lines)
	default:
		out = datasync.ReportStates[t.ReportState]
	}
	if t.ReportState != "DONE" && t.ReportState != datasyncdb.SyncReportImported && t.Lines > 0 {
		out = fmt.Sprintf("已读%d行，%s", t.Lines, out)
	}
	if t.ReportsTotal > 0 {
		out += fmt.Sprintf(" 报告%d/%d", t.ReportsDone, t.ReportsTotal)
	}
	return out
}

func (h *Handler) task(t *datasyncdb.SyncTaskRow) Task {
	k := amazondata.Kind(t.Kind)
	return Task{ID: strconv.FormatInt(t.ID, 10), SellerRowID: strconv.FormatInt(t.SellerID, 10),
		GroupID: strconv.FormatInt(t.GroupID, 10), GroupName: t.GroupName, Region: t.Region, RegionName: regionName(t.Region),
		SellerID: t.SellingPartnerID, Kind: t.Kind, KindName: k.Label(), State: t.State, StateName: datasync.States[t.State],
		QueuedBy: t.QueuedBy, LastSuccess: api.FormatTime(t.LastSuccessAt, h.TimeZone), NextRun: h.nextRun(t),
		ReportState: t.ReportState, Lines: t.Lines, ReportsDone: t.ReportsDone, ReportsTotal: t.ReportsTotal,
		Progress: progress(t), LastError: t.LastError,
		Syncable: datasync.CanSync(t)}
}

// Page answers POST datasync/page {currentpage, pagesize, groupid, kind, state}: the sync tasks of the stores the
// user may see.
func (h *Handler) Page(c *echo.Context) error { return api.PageOf(h.Sync.TaskPage, h.task)(c) }

// Export answers GET datasync/export?<Page's filters>: the whole list as 数据同步_<date>.xlsx.
func (h *Handler) Export(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "数据同步", "dataSyncList", h.Sync.TaskPage, h.task)
}

// Run is one row of the history.
type Run struct {
	ID         string `json:"id"`
	TaskID     string `json:"taskId"`
	GroupName  string `json:"groupName"`
	RegionName string `json:"regionName"`
	SellerID   string `json:"sellerid"`
	Kind       string `json:"kind"`
	KindName   string `json:"kindName"`
	Cause      string `json:"cause"`
	Status     string `json:"status"`
	StatusName string `json:"statusName"`
	FileName   string `json:"fileName"`
	Lines      int64  `json:"lines"`
	Written    int64  `json:"written"`
	Error      string `json:"error"`
	StartedAt  string `json:"startedAt"`
	FinishedAt string `json:"finishedAt"`
}

// runStatus are the history's words for a run's status.
var runStatus = map[string]string{datasyncdb.SyncQueued: "排队中", datasyncdb.SyncRunning: "进行中", datasyncdb.SyncDone: "成功",
	datasyncdb.SyncFailed: "失败"}

func (h *Handler) run(r *datasyncdb.SyncRunRow) Run {
	return Run{ID: strconv.FormatInt(r.ID, 10), TaskID: strconv.FormatInt(r.TaskID, 10), GroupName: r.GroupName,
		RegionName: regionName(r.Region), SellerID: r.SellingPartnerID, Kind: r.Kind, KindName: amazondata.Kind(r.Kind).Label(),
		Cause: r.Cause, Status: r.Status, StatusName: runStatus[r.Status], FileName: r.FileName, Lines: r.Lines,
		Written: r.Written, Error: r.Error, StartedAt: api.FormatTime(&r.StartedAt, h.TimeZone),
		FinishedAt: api.FormatTime(r.FinishedAt, h.TimeZone)}
}

// Runs answers POST datasync/runs {currentpage, pagesize, taskid, groupid, kind}: the history, newest first.
func (h *Handler) Runs(c *echo.Context) error { return api.PageOf(h.Sync.RunPage, h.run)(c) }

// RunsExport answers GET datasync/runs/export?<Runs' filters>: the history as 同步记录_<date>.xlsx.
func (h *Handler) RunsExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "同步记录", "dataSyncRunList", h.Sync.RunPage, h.run)
}

// SyncNow answers POST datasync/tasks/{id}/sync (立即同步) with the task, now queued.
func (h *Handler) SyncNow(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	t, err := h.Sync.SyncNow(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	return api.OK(c, h.task(t))
}

// UploadBodyLimit caps an upload: the largest file and room for the form around it.
const UploadBodyLimit = datasync.MaxUploadMB<<20 + 1<<20

// Upload answers POST datasync/upload, a multipart form of sellerid, kind, marketplaceid (for a file of one
// marketplace), day (for a business report's CSV as 销售与流量) and then file: the file is checked and stored, its import queued, and the answer is the queued run
// (its progress and end show in the history).
func (h *Handler) Upload(c *echo.Context) error {
	req := c.Request()
	tooBig := core.Invalid(fmt.Sprintf(datasync.MsgUploadTooBig, datasync.MaxUploadMB))
	if req.ContentLength > UploadBodyLimit {
		return tooBig
	}
	req.Body = http.MaxBytesReader(c.Response(), req.Body, UploadBodyLimit)
	// Whatever is left unread is read away, so that the answer reaches a client still sending.
	defer io.Copy(io.Discard, req.Body)
	mr, err := req.MultipartReader()
	if err != nil {
		return core.Invalid(datasync.MsgUploadEmpty)
	}
	u := datasync.Upload{}
	fields := map[string]*string{"sellerid": &u.SellerID, "kind": &u.Kind, "marketplaceid": &u.MarketplaceID, "day": &u.Day}
	for {
		part, err := mr.NextPart()
		var limited *http.MaxBytesError
		if errors.As(err, &limited) {
			return tooBig
		}
		if err != nil { // the end of the form without a file, or not a form at all
			return core.Invalid(datasync.MsgUploadEmpty)
		}
		if to, ok := fields[part.FormName()]; ok {
			b, _ := io.ReadAll(io.LimitReader(part, 100))
			*to = string(b)
			continue
		}
		if part.FormName() != "file" {
			continue
		}
		u.FileName, u.File = part.FileName(), part
		p, _ := middleware.Principal(c)
		run, err := h.Sync.UploadReport(req.Context(), p, u)
		if errors.As(err, &limited) {
			return tooBig
		}
		if err != nil {
			return err
		}
		return api.OK(c, h.run(&datasyncdb.SyncRunRow{SyncRun: *run}))
	}
}
