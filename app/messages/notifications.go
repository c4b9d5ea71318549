package messages

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	messagesdb "sellerhub/models/messages"
)

// Messages of the notification calls.
const (
	MsgTitleEmpty     = "标题不能为空"
	MsgTitleTooLong   = "标题不能超过100个字符"
	MsgContentEmpty   = "内容不能为空"
	MsgContentTooLong = "内容不能超过5000个字符"
	MsgActionBad      = "紧急程度不正确"
	MsgNotifyTypeBad  = "消息类型不正确"
	MsgReadIDsEmpty   = "请选择要标记为已读的消息"
	MsgReadIDsBad     = "消息编号不正确"
	MsgReadIDsTooMany = "一次最多标记100条消息"
)

// Limits of the notification calls.
const (
	titleMaxRunes   = 100
	contentMaxRunes = 5000
	// recentUnreadDays is the window of the 提醒 pop-up, and recentUnreadLimit its length: the badge shows 99+
	// beyond 99, so nobody reads further down a pop-up.
	recentUnreadDays  = 10
	recentUnreadLimit = 100
	latestLimit       = 10
	markReadMaxIDs    = 100
)

// ftypes lists the kinds of notification in the order the drawer's tabs show them.
var ftypes = []int{messagesdb.FtypeAnnouncement, messagesdb.FtypeReminder, messagesdb.FtypeMessage}

// defaultTags is the tag a published title gets when it has none, per ftype that may go to the whole company.
// A private message is always addressed to one user, so it cannot be published.
var defaultTags = map[int]string{messagesdb.FtypeAnnouncement: "系统公告", messagesdb.FtypeReminder: "系统提醒"}

// Notification is a notification as its user sees it, with the type tag taken from its title.
type Notification struct {
	messagesdb.InboxItem
	Tag string
}

// TitleTag splits a title like 【系统公告】text into its type tag and the text; without a leading 【...】 the
// tag is empty.
func TitleTag(title string) (tag, text string) {
	rest, ok := strings.CutPrefix(title, "【")
	if !ok {
		return "", title
	}
	tag, text, ok = strings.Cut(rest, "】")
	if !ok {
		return "", title
	}
	return tag, text
}

func tagged(items []messagesdb.InboxItem) []Notification {
	out := make([]Notification, len(items))
	for i, it := range items {
		tag, _ := TitleTag(it.Title)
		out[i] = Notification{InboxItem: it, Tag: tag}
	}
	return out
}

// PullMessages delivers to the user the company's notifications for everyone that arrived since the user's
// last pull, and says how many.
func (s *Service) PullMessages(ctx context.Context, p core.Principal) (int64, error) {
	n, err := messagesdb.DeliverPending(s.db.With(ctx), p.CompanyID, p.UserID, s.now.Stamp())
	if n > 0 {
		s.counts.Drop(inboxCountKey(p.CompanyID, p.UserID))
	}
	return n, err
}

// inboxCountKey prefixes the cached inbox totals of a user (one per ftype).
func inboxCountKey(companyID, userID int64) string {
	return "inbox:" + strconv.FormatInt(companyID, 10) + ":" + strconv.FormatInt(userID, 10) + ":"
}

// UnreadCounts counts the user's unread notifications per ftype, those the next pull delivers included (they
// arrive unread), every ftype present (0 when none).
func (s *Service) UnreadCounts(ctx context.Context, p core.Principal) ([]messagesdb.UnreadCount, error) {
	found, err := messagesdb.UnreadCounts(s.db.With(ctx), p.CompanyID, p.UserID)
	if err != nil {
		return nil, err
	}
	out := make([]messagesdb.UnreadCount, len(ftypes))
	for i, ft := range ftypes {
		out[i].Ftype = ft
		for _, c := range found {
			if c.Ftype == ft {
				out[i].Nums = c.Nums
			}
		}
	}
	return out, nil
}

// RecentUnread lists the user's unread notifications of the last 10 days, newest first, for the pop-up.
func (s *Service) RecentUnread(ctx context.Context, p core.Principal) ([]Notification, error) {
	since := s.now().UTC().AddDate(0, 0, -recentUnreadDays)
	items, err := messagesdb.UnreadSince(s.db.With(ctx), p.CompanyID, p.UserID, since, recentUnreadLimit)
	return tagged(items), err
}

// LatestAnnouncements lists the user's 10 newest announcements. Like every list, it marks nothing read.
func (s *Service) LatestAnnouncements(ctx context.Context, p core.Principal) ([]Notification, error) {
	items, err := messagesdb.InboxList(s.db.With(ctx), p.CompanyID, p.UserID, messagesdb.FtypeAnnouncement, 0, latestLimit)
	return tagged(items), err
}

// Inbox lists one page of the user's notifications of a ftype, newest first, with the total and the page
// actually served.
// InboxQuery is a page of one kind of the user's inbox (ftype 1 系统消息, 2 我的提醒, 3 我的私信), as the drawer's
// 导出 asks for it.
type InboxQuery struct {
	core.PageRequest
	Ftype int `json:"ftype" query:"ftype"`
}

// MsgInboxKindUnknown refuses an inbox of a kind that does not exist.
const MsgInboxKindUnknown = "消息类型不正确"

// InboxOf is Inbox for a query that names its kind.
func (s *Service) InboxOf(ctx context.Context, p core.Principal, q InboxQuery) ([]Notification, int64, core.PageRequest, error) {
	if q.Ftype < messagesdb.FtypeAnnouncement || q.Ftype > messagesdb.FtypeMessage {
		return nil, 0, q.PageRequest, core.Invalid(MsgInboxKindUnknown)
	}
	return s.Inbox(ctx, p, q.Ftype, q.PageRequest)
}

func (s *Service) Inbox(ctx context.Context, p core.Principal, ftype int, r core.PageRequest) ([]Notification, int64, core.PageRequest, error) {
	r = r.Normalized()
	db := s.db.With(ctx)
	total, err := s.counts.Count(inboxCountKey(p.CompanyID, p.UserID)+strconv.Itoa(ftype), func() (int64, error) {
		return messagesdb.InboxCount(db, p.CompanyID, p.UserID, ftype)
	})
	if err != nil || total == 0 {
		return []Notification{}, total, r, err
	}
	items, err := messagesdb.InboxList(db, p.CompanyID, p.UserID, ftype, r.Offset(), r.Size)
	return tagged(items), models.PageTotal(total, r.Offset(), len(items), r.Size), r, err
}

// MarkRead marks the user's notifications with the given ids read and says how many changed. Ids that are not
// the user's change nothing, so the answer cannot tell whether they exist elsewhere.
func (s *Service) MarkRead(ctx context.Context, p core.Principal, ids []string) (int64, error) {
	switch {
	case len(ids) == 0:
		return 0, core.Invalid(MsgReadIDsEmpty)
	case len(ids) > markReadMaxIDs:
		return 0, core.Invalid(MsgReadIDsTooMany)
	}
	parsed := make([]int64, len(ids))
	for i, id := range ids {
		n, err := strconv.ParseInt(strings.TrimSpace(id), 10, 64)
		if err != nil || n <= 0 {
			return 0, core.Invalid(MsgReadIDsBad)
		}
		parsed[i] = n
	}
	return messagesdb.MarkRead(s.db.With(ctx), p.CompanyID, p.UserID, parsed, s.now.Stamp())
}

// MarkAllRead marks every notification of the user read (全部已读) and says how many changed.
func (s *Service) MarkAllRead(ctx context.Context, p core.Principal) (int64, error) {
	return messagesdb.MarkAllRead(s.db.With(ctx), p.CompanyID, p.UserID, s.now.Stamp())
}

// CheckPublisher lets users holding the publish permission publish: the company's owner and admin role hold it,
// and an admin may grant it to other roles. Anyone else gets ErrForbidden.
func (s *Service) CheckPublisher(ctx context.Context, p core.Principal) error {
	m, err := s.access.UserMenu(ctx, p)
	if err != nil {
		return err
	}
	if !m.Can(PermissionPublishAnnouncement) {
		return core.ErrForbidden
	}
	return nil
}

// PermissionPublishAnnouncement is the button permission to publish announcements; company owners and the admin
// role hold every permission.
const PermissionPublishAnnouncement = "sys:notify:add"

// AnnounceForm is an announcement to publish. Action is "timely" for an urgent one, else empty; Ftype is 0 for
// the default, an announcement.
type AnnounceForm struct {
	Title   string `json:"title" form:"title"`
	Content string `json:"content" form:"content"`
	Action  string `json:"action" form:"action"`
	Ftype   int    `json:"ftype" form:"ftype"`
	// RecipientID chooses the audience: empty for everyone in the company, else one member's id.
	RecipientID string `json:"recipientId" form:"recipientId"`
}

// PublishAnnouncement sends a notification to everyone in the admin's company. A title without its 【tag】
// gets the ftype's default one (【系统公告】 for an announcement).
func (s *Service) PublishAnnouncement(ctx context.Context, p core.Principal, f AnnounceForm) (*messagesdb.Notification, error) {
	if err := s.CheckPublisher(ctx, p); err != nil {
		return nil, err
	}
	title, content := strings.TrimSpace(f.Title), strings.TrimSpace(f.Content)
	if f.Ftype == 0 {
		f.Ftype = messagesdb.FtypeAnnouncement
	}
	tag, text := TitleTag(title)
	tag, text = strings.TrimSpace(tag), strings.TrimSpace(text)
	defaultTag, publishable := defaultTags[f.Ftype]
	switch {
	case text == "":
		return nil, core.Invalid(MsgTitleEmpty)
	case utf8.RuneCountInString(title) > titleMaxRunes:
		return nil, core.Invalid(MsgTitleTooLong)
	case content == "":
		return nil, core.Invalid(MsgContentEmpty)
	case utf8.RuneCountInString(content) > contentMaxRunes:
		return nil, core.Invalid(MsgContentTooLong)
	case f.Action != "" && f.Action != messagesdb.ActionTimely:
		return nil, core.Invalid(MsgActionBad)
	case !publishable:
		return nil, core.Invalid(MsgNotifyTypeBad)
	}
	if tag == "" {
		tag = defaultTag
	}
	n := &messagesdb.Notification{CompanyID: p.CompanyID, Title: "【" + tag + "】" + text, Content: content,
		Ftype: f.Ftype, Action: f.Action, SenderID: p.UserID, CreatedAt: s.now.Stamp()}
	if f.RecipientID != "" {
		to, err := s.member(ctx, p, f.RecipientID)
		if err != nil {
			return nil, err
		}
		n.RecipientID = &to
	}
	if err := messagesdb.CreateNotification(s.db.With(ctx), n); err != nil {
		return nil, err
	}
	if n.RecipientID != nil {
		s.counts.Drop(inboxCountKey(p.CompanyID, *n.RecipientID))
	}
	return n, nil
}

// member resolves an id typed by a client to an active user of the caller's company.
func (s *Service) member(ctx context.Context, p core.Principal, id string) (int64, error) {
	n, err := strconv.ParseInt(id, 10, 64)
	if err == nil {
		var u *accountsdb.User
		if u, err = accountsdb.UserInCompany(s.db.With(ctx), p.CompanyID, n); err == nil && u.Status == accountsdb.StatusActive {
			return n, nil
		}
	}
	if err != nil && !models.IsNotFound(err) {
		if _, numErr := strconv.ParseInt(id, 10, 64); numErr == nil {
			return 0, err
		}
	}
	return 0, core.Invalid(core.MsgRecipientBad)
}

// ActiveMembers lists the company's active users (users/findOwnerAll, and the audience of an announcement).
func (s *Service) ActiveMembers(ctx context.Context, p core.Principal) ([]messagesdb.Member, error) {
	return messagesdb.ActiveMembers(s.db.With(ctx), p.CompanyID)
}

// PublishedPage lists what the company's admins published, newest first, for the notification admin screen.
func (s *Service) PublishedPage(ctx context.Context, p core.Principal, r core.PageRequest) ([]messagesdb.Published, int64, core.PageRequest, error) {
	if err := s.CheckPublisher(ctx, p); err != nil {
		return nil, 0, r, err
	}
	r = r.Normalized()
	db := s.db.With(ctx)
	total, err := messagesdb.CountPublished(db, p.CompanyID)
	if err != nil || total == 0 {
		return []messagesdb.Published{}, total, r, err
	}
	items, err := messagesdb.PublishedPage(db, p.CompanyID, r.Offset(), r.Size)
	return items, models.PageTotal(total, r.Offset(), len(items), r.Size), r, err
}

// WithdrawAnnouncement takes a published notification back from everyone: it is no longer delivered and leaves
// every inbox it reached.
func (s *Service) WithdrawAnnouncement(ctx context.Context, p core.Principal, id string) error {
	if err := s.CheckPublisher(ctx, p); err != nil {
		return err
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return core.NotFound(whatAnnouncement)
	}
	done, err := messagesdb.WithdrawNotification(s.db.With(ctx), p.CompanyID, n)
	if err != nil {
		return err
	}
	if !done {
		return core.NotFound(whatAnnouncement)
	}
	s.counts.Drop("inbox:" + strconv.FormatInt(p.CompanyID, 10) + ":")
	return nil
}

// whatAnnouncement names a published notification in refusals (公告不存在).
const whatAnnouncement = "公告"
