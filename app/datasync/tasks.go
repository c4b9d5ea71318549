package datasync

import (
	"context"
	"strings"

	"sellerhub/app/core"
	datasyncdb "sellerhub/models/datasync"
)

// States are the words of the 状态 column for each task state.
var States = map[string]string{
	datasyncdb.SyncIdle: "未同步", datasyncdb.SyncQueued: "排队中", datasyncdb.SyncRunning: "同步中",
	datasyncdb.SyncDone: "已完成", datasyncdb.SyncFailed: "失败",
}

// ReportStates are Amazon's processing states of a report as the progress names them.
var ReportStates = map[string]string{
	"IN_QUEUE": "亚马逊排队中", "IN_PROGRESS": "亚马逊生成中", "DONE": "下载导入中",
	"CANCELLED": "无数据", "FATAL": "生成失败",
	// The Advertising API's report states.
	"PENDING": "亚马逊排队中", "PROCESSING": "亚马逊生成中", "COMPLETED": "下载导入中", "FAILED": "生成失败",
}

// TaskQuery is the body of the 数据同步 list: a page, a store group, a kind and a state ("" for all).
type TaskQuery struct {
	core.PageRequest
	GroupID string `json:"groupid"`
	Kind    string `json:"kind"`
	State   string `json:"state"`
}

// TaskPage lists a page of the sync tasks of the store groups the user may see: every seller account's kinds,
// by store group, region and kind. Active seller accounts authorised before the data sync get their tasks here
// (and from the periodic job), so the list never misses one.
func (s *Service) TaskPage(ctx context.Context, p core.Principal, q TaskQuery) ([]datasyncdb.SyncTaskRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	db := s.db.With(ctx)
	lacking, err := datasyncdb.SellersLackingSyncTasks(db, p.CompanyID, kindNames())
	if err != nil {
		return nil, 0, r, err
	}
	for _, seller := range lacking {
		if err := datasyncdb.EnsureSyncTasks(db, p.CompanyID, seller.ID, kindNames(), s.now.Stamp()); err != nil {
			return nil, 0, r, err
		}
	}
	if err := s.ensureAdTasks(db, p.CompanyID); err != nil {
		return nil, 0, r, err
	}
	if err := s.ensureVATTasks(db, p.CompanyID); err != nil {
		return nil, 0, r, err
	}
	f := datasyncdb.SyncTaskFilter{UserID: p.UserID, Kind: strings.TrimSpace(q.Kind), State: strings.TrimSpace(q.State),
		Offset: r.Offset(), Limit: r.Size}
	var ok bool
	if f.GroupID, ok = optionalID(q.GroupID); !ok {
		return []datasyncdb.SyncTaskRow{}, 0, r, nil
	}
	rows, total, err := datasyncdb.SyncTaskPage(db, p.CompanyID, f, append(append(kindNames(), adKindNames()...), vatKindNames()...))
	return rows, total, r, err
}

// RunQuery is the body of the history: a page, and a task, a store group or a kind ("" for all).
type RunQuery struct {
	core.PageRequest
	TaskID  string `json:"taskid"`
	GroupID string `json:"groupid"`
	Kind    string `json:"kind"`
}

// RunPage lists a page of the runs of the store groups the user may see, newest first.
func (s *Service) RunPage(ctx context.Context, p core.Principal, q RunQuery) ([]datasyncdb.SyncRunRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := datasyncdb.SyncRunFilter{UserID: p.UserID, Kind: strings.TrimSpace(q.Kind), Offset: r.Offset(), Limit: r.Size,
		Anchor: r.Anchor()}
	var ok bool
	if f.TaskID, ok = optionalID(q.TaskID); !ok {
		return []datasyncdb.SyncRunRow{}, 0, r, nil
	}
	if f.GroupID, ok = optionalID(q.GroupID); !ok {
		return []datasyncdb.SyncRunRow{}, 0, r, nil
	}
	rows, total, err := datasyncdb.SyncRunPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// optionalID reads a filter's id: 0 when not given; false when given but not an id (a filter nothing matches).
func optionalID(raw string) (int64, bool) {
	if raw = strings.TrimSpace(raw); raw == "" {
		return 0, true
	}
	return core.ParseID(raw)
}
