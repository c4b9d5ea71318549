package messages_test

import (
	"maps"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sellerhub/models"
	"sellerhub/models/accounts"
	"sellerhub/models/dbtest"
	"sellerhub/models/messages"
)

// notify stores a notification created at the given time, failing the test on error.
func notify(t *testing.T, db *models.DB, n messages.Notification) *messages.Notification {
	t.Helper()
	if n.Content == "" {
		n.Content = "内容"
	}
	n.CreatedAt = n.CreatedAt.UTC().Truncate(time.Microsecond)
	if err := messages.CreateNotification(db, &n); err != nil {
		t.Fatalf("create notification %q: %v", n.Title, err)
	}
	return &n
}

func announce(t *testing.T, db *models.DB, sender *accounts.User, title string, at time.Time) *messages.Notification {
	t.Helper()
	return notify(t, db, messages.Notification{CompanyID: sender.CompanyID, SenderID: sender.ID, Title: title,
		Ftype: messages.FtypeAnnouncement, CreatedAt: at})
}

func remind(t *testing.T, db *models.DB, sender *accounts.User, to *accounts.User, ftype int, title string, at time.Time) *messages.Notification {
	t.Helper()
	return notify(t, db, messages.Notification{CompanyID: sender.CompanyID, SenderID: sender.ID, RecipientID: &to.ID,
		Title: title, Ftype: ftype, CreatedAt: at})
}

func counts(t *testing.T, db *models.DB, u *accounts.User) map[int]int64 {
	t.Helper()
	cs, err := messages.UnreadCounts(db, u.CompanyID, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	m := map[int]int64{}
	for _, c := range cs {
		m[c.Ftype] = c.Nums
	}
	return m
}

func TestDeliveryIsOncePerUserUnderConcurrentPulls(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "甲", "13800000001")
		other := dbtest.NewCompany(t, db, "乙", "13800000002")
		joined := owner.CreatedAt
		announce(t, db, owner, "【系统公告】入职前", joined.Add(-time.Hour))
		first := announce(t, db, owner, "【系统公告】一", joined.Add(time.Minute))
		second := announce(t, db, owner, "【系统公告】二", joined.Add(2*time.Minute))
		withdrawn := announce(t, db, owner, "【系统公告】撤回", joined.Add(3*time.Minute))
		db.Model(withdrawn).Update("withdrawn", true)
		announce(t, db, other, "【系统公告】别家", joined.Add(time.Minute))
		colleague := dbtest.SubUser(t, db, owner, "13800000003")
		db.Model(colleague).Update("created_at", joined.Add(5*time.Minute))
		remind(t, db, owner, colleague, messages.FtypeReminder, "给同事", joined.Add(6*time.Minute))

		var delivered atomic.Int64
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := messages.DeliverPending(db, owner.CompanyID, owner.ID, time.Now().UTC())
				if err != nil {
					t.Errorf("pull: %v", err)
				}
				delivered.Add(n)
			}()
		}
		wg.Wait()
		if delivered.Load() != 2 {
			t.Fatalf("concurrent pulls delivered %d in all, want 2", delivered.Load())
		}
		items, err := messages.InboxList(db, owner.CompanyID, owner.ID, messages.FtypeAnnouncement, 0, 10)
		if err != nil || len(items) != 2 || items[0].ID != second.ID || items[1].ID != first.ID {
			t.Fatalf("inbox after pulls = %+v, %v; want %d then %d", items, err, second.ID, first.ID)
		}
		if n, err := messages.DeliverPending(db, owner.CompanyID, owner.ID, time.Now().UTC()); n != 0 || err != nil {
			t.Fatalf("pull again delivered %d, %v", n, err)
		}
		// The colleague joined after the first announcements: only the reminder addressed to them is theirs,
		// delivered when it was sent.
		if n, _ := messages.DeliverPending(db, colleague.CompanyID, colleague.ID, time.Now().UTC()); n != 0 {
			t.Fatalf("colleague got %d announcements from before they joined", n)
		}
		if c := counts(t, db, colleague); c[messages.FtypeReminder] != 1 || len(c) != 1 {
			t.Fatalf("colleague's counts = %v", c)
		}
		// A user asked for under another company's id is nobody there.
		if n, _ := messages.DeliverPending(db, other.CompanyID, owner.ID, time.Now().UTC()); n != 0 {
			t.Fatalf("owner of 甲 pulled %d under 乙", n)
		}
	})
}

func TestUnreadCountsWindowAndMarkingOwnRows(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "甲", "13800000001")
		colleague := dbtest.SubUser(t, db, owner, "13800000003")
		now := time.Now().UTC()
		a := announce(t, db, owner, "【系统公告】新", now.Add(time.Second))
		old := remind(t, db, colleague, owner, messages.FtypeReminder, "旧提醒", now.Add(-11*24*time.Hour))
		recent := remind(t, db, colleague, owner, messages.FtypeReminder, "新提醒", now.Add(-9*24*time.Hour))
		msg := remind(t, db, colleague, owner, messages.FtypeMessage, "私信", now)
		theirs := remind(t, db, owner, colleague, messages.FtypeMessage, "给同事的私信", now)
		if _, err := messages.DeliverPending(db, owner.CompanyID, owner.ID, now); err != nil {
			t.Fatal(err)
		}
		if c := counts(t, db, owner); c[1] != 1 || c[2] != 2 || c[3] != 1 {
			t.Fatalf("counts = %v, want 1:1 2:2 3:1", c)
		}

		items, err := messages.UnreadSince(db, owner.CompanyID, owner.ID, now.Add(-10*24*time.Hour), 100)
		if err != nil {
			t.Fatal(err)
		}
		got := map[int64]bool{}
		for _, it := range items {
			got[it.ID] = true
		}
		if len(items) != 3 || !got[a.ID] || !got[recent.ID] || !got[msg.ID] || got[old.ID] {
			t.Fatalf("unread of the last 10 days = %+v", items)
		}

		// Marking names notifications; only the caller's own unread targets change.
		n, err := messages.MarkRead(db, owner.CompanyID, owner.ID, []int64{a.ID, theirs.ID, 12345}, now)
		if err != nil || n != 1 {
			t.Fatalf("mark read changed %d, %v; want 1", n, err)
		}
		if n, _ := messages.MarkRead(db, owner.CompanyID, owner.ID, []int64{a.ID}, now); n != 0 {
			t.Fatalf("marking a read item again changed %d", n)
		}
		if c := counts(t, db, colleague); c[messages.FtypeMessage] != 1 {
			t.Fatalf("colleague's message was marked by the owner: %v", c)
		}
		list, _ := messages.InboxList(db, owner.CompanyID, owner.ID, messages.FtypeAnnouncement, 0, 10)
		if len(list) != 1 || !list[0].IsRead {
			t.Fatalf("announcement after marking: %+v", list)
		}
		if n, err := messages.MarkAllRead(db, owner.CompanyID, owner.ID, now); err != nil || n != 3 {
			t.Fatalf("mark all changed %d, %v; want 3", n, err)
		}
		if c := counts(t, db, owner); len(c) != 0 {
			t.Fatalf("counts after mark all = %v", c)
		}
		if c := counts(t, db, colleague); c[messages.FtypeMessage] != 1 {
			t.Fatalf("mark all touched the colleague: %v", c)
		}
	})
}

// The unread counts include what waits for the user's next pull, which arrives unread, so they are the same
// before the pull and after it: the badge a client shows at once agrees with the pop-up it shows after pulling.
func TestUnreadCountsIncludeWhatTheNextPullDelivers(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		owner := dbtest.NewCompany(t, db, "甲", "13800000001")
		other := dbtest.NewCompany(t, db, "乙", "13800000002")
		colleague := dbtest.SubUser(t, db, owner, "13800000003")
		joined := owner.CreatedAt
		db.Model(colleague).Update("created_at", joined.Add(5*time.Minute))
		announce(t, db, owner, "【系统公告】入职前", joined.Add(-time.Hour))
		announce(t, db, owner, "【系统公告】一", joined.Add(time.Minute))
		notify(t, db, messages.Notification{CompanyID: owner.CompanyID, SenderID: owner.ID, Title: "【系统提醒】盘点",
			Ftype: messages.FtypeReminder, Action: messages.ActionTimely, CreatedAt: joined.Add(2 * time.Minute)})
		withdrawn := notify(t, db, messages.Notification{CompanyID: owner.CompanyID, SenderID: owner.ID,
			Title: "【系统提醒】撤回", Ftype: messages.FtypeReminder, CreatedAt: joined.Add(3 * time.Minute)})
		db.Model(withdrawn).Update("withdrawn", true)
		remind(t, db, owner, colleague, messages.FtypeReminder, "给同事", joined.Add(6*time.Minute))
		announce(t, db, other, "【系统公告】别家", joined.Add(time.Minute))

		want := map[int]int64{messages.FtypeAnnouncement: 1, messages.FtypeReminder: 1}
		if c := counts(t, db, owner); !maps.Equal(c, want) {
			t.Fatalf("counts before the pull = %v, want %v", c, want)
		}
		if n, err := messages.DeliverPending(db, owner.CompanyID, owner.ID, time.Now().UTC()); n != 2 || err != nil {
			t.Fatalf("pull delivered %d, %v; want 2", n, err)
		}
		if c := counts(t, db, owner); !maps.Equal(c, want) {
			t.Fatalf("counts after the pull = %v, want %v", c, want)
		}
		// The colleague joined after the company's notifications: only the reminder addressed to them counts.
		if c := counts(t, db, colleague); !maps.Equal(c, map[int]int64{messages.FtypeReminder: 1}) {
			t.Fatalf("colleague's counts = %v", c)
		}
		// 乙's owner counts 乙's announcement, none of 甲's.
		if c := counts(t, db, other); !maps.Equal(c, map[int]int64{messages.FtypeAnnouncement: 1}) {
			t.Fatalf("乙's counts = %v", c)
		}
		if _, err := messages.MarkAllRead(db, owner.CompanyID, owner.ID, time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		if c := counts(t, db, owner); len(c) != 0 {
			t.Fatalf("counts after reading everything = %v", c)
		}
	})
}

func TestInboxPagesAndTenantIsolation(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		a := dbtest.NewCompany(t, db, "甲", "13800000001")
		b := dbtest.NewCompany(t, db, "乙", "13800000002")
		start := time.Now().UTC().Add(time.Second)
		var ids []int64
		for i := range 12 {
			ids = append(ids, announce(t, db, a, "【系统公告】第"+string(rune('A'+i)), start.Add(time.Duration(i)*time.Second)).ID)
		}
		messages.DeliverPending(db, a.CompanyID, a.ID, start)
		if n, _ := messages.InboxCount(db, a.CompanyID, a.ID, messages.FtypeAnnouncement); n != 12 {
			t.Fatalf("count = %d, want 12", n)
		}
		page2, err := messages.InboxList(db, a.CompanyID, a.ID, messages.FtypeAnnouncement, 10, 10)
		if err != nil || len(page2) != 2 || page2[0].ID != ids[1] || page2[1].ID != ids[0] {
			t.Fatalf("second page = %+v, %v", page2, err)
		}

		// Company B's user sees and marks nothing of A's, whichever company id the query is given.
		if n, _ := messages.DeliverPending(db, b.CompanyID, b.ID, start); n != 0 {
			t.Fatalf("B pulled %d of A's announcements", n)
		}
		for _, cid := range []int64{a.CompanyID, b.CompanyID} {
			if n, _ := messages.MarkRead(db, cid, b.ID, ids, start); n != 0 {
				t.Fatalf("B marked %d of A's rows", n)
			}
			if n, _ := messages.MarkAllRead(db, cid, b.ID, start); n != 0 {
				t.Fatalf("B's mark all changed %d rows", n)
			}
			if list, _ := messages.InboxList(db, cid, b.ID, messages.FtypeAnnouncement, 0, 10); len(list) != 0 {
				t.Fatalf("B lists %d of A's announcements", len(list))
			}
		}
		// A's rows asked for under B's company id are not there either.
		if list, _ := messages.InboxList(db, b.CompanyID, a.ID, messages.FtypeAnnouncement, 0, 10); len(list) != 0 {
			t.Fatalf("A's inbox under B's id has %d rows", len(list))
		}
		if n, _ := messages.MarkAllRead(db, b.CompanyID, a.ID, start); n != 0 {
			t.Fatalf("A's rows marked under B's id: %d", n)
		}
		if c := counts(t, db, a); c[messages.FtypeAnnouncement] != 12 {
			t.Fatalf("A's unread = %v, want 12", c)
		}
	})
}
