package datasync

import (
	"testing"

	datasyncdb "sellerhub/models/datasync"
)

// Each phase of a running sync has its own words: lines read are never shown as if Amazon were still making them.
func TestProgressNamesEachPhase(t *testing.T) {
	running := func(state string, lines int64, done, total int) *datasyncdb.SyncTaskRow {
		r := &datasyncdb.SyncTaskRow{}
		r.State, r.ReportState, r.Lines, r.ReportsDone, r.ReportsTotal = datasyncdb.SyncRunning, state, lines, done, total
		return r
	}
	for _, c := range []struct {
		row  *datasyncdb.SyncTaskRow
		want string
	}{
		{running("", 0, 0, 0), "请求报告中"},
		{running("IN_QUEUE", 0, 0, 1), "亚马逊排队中 报告0/1"},
		{running("IN_PROGRESS", 0, 0, 0), "亚马逊生成中"},
		{running("DONE", 1200, 0, 1), "下载导入中 已读1200行 报告0/1"},
		{running(datasyncdb.SyncReportImported, 1500, 1, 3), "已导入1500行 报告1/3"},
		{running("IN_PROGRESS", 1500, 1, 3), "已读1500行，亚马逊生成中 报告1/3"},
		{func() *datasyncdb.SyncTaskRow { r := running("", 1500, 1, 1); r.State = datasyncdb.SyncDone; return r }(), ""},
	} {
		if got := progress(c.row); got != c.want {
			t.Errorf("progress(%s, %d lines) = %q, want %q", c.row.ReportState, c.row.Lines, got, c.want)
		}
	}
}
