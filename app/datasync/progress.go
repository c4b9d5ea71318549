package datasync

import (
	"context"
	"time"

	datasyncdb "sellerhub/models/datasync"
)

// progressLines and progressTime bound how often a running import writes its lines read to the task and the run: often enough for
// the screen's 2-second poll, seldom enough that a million-line report does not write a row per batch.
const (
	progressLines = 2000
	progressTime  = time.Second
)

// progress writes an import's lines read to its task (none for an upload: taskID 0) and run, now and then. base is what the run read before
// this file (the run's earlier reports).
type progress struct {
	s         *Service
	ctx       context.Context
	companyID int64
	taskID    int64
	runID     int64
	base      int64
	written   int
	writtenAt time.Time
}

func (s *Service) newProgress(ctx context.Context, companyID, taskID, runID, base int64) *progress {
	return &progress{s: s, ctx: ctx, companyID: companyID, taskID: taskID, runID: runID, base: base, writtenAt: s.now()}
}

// report is amazondata's Progress.
func (p *progress) report(lines int) {
	now := p.s.now()
	if lines-p.written < progressLines && now.Sub(p.writtenAt) < progressTime {
		return
	}
	p.written, p.writtenAt = lines, now
	total := p.base + int64(lines)
	db := p.s.db.With(p.ctx)
	// Progress is shown, not kept: a failed write is logged and the import goes on.
	if p.taskID != 0 {
		if err := datasyncdb.UpdateSyncTask(db, p.companyID, p.taskID, map[string]any{"lines": total, "updated_at": now.UTC()}); err != nil {
			p.s.log.Warn("data sync progress", "task", p.taskID, "err", err)
		}
	}
	if err := datasyncdb.UpdateSyncRun(db, p.companyID, p.runID, map[string]any{"lines": total}); err != nil {
		p.s.log.Warn("data sync progress", "run", p.runID, "err", err)
	}
}
