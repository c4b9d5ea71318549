// Package notify serves /admin/api/v1/notify: delivery, unread counts, the message drawer's lists, marking read
// and publishing announcements. Listing never marks anything read; reading is its own call.
package notify

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/messages"
	"sellerhub/app/middleware"
	messagesdb "sellerhub/models/messages"
)

// Handler serves the notify calls.
type Handler struct {
	Messages *messages.Service
	TimeZone *time.Location
}

// Notification is one notification as the drawer and the pop-up show it. CreatedAtOld is the same time under the
// name older clients read.
type Notification struct {
	ID           string `json:"id"`
	Title        string `json:"title"`
	Content      string `json:"content"`
	CreatedAt    string `json:"createdAt"`
	CreatedAtOld string `json:"createdat"`
	IsRead       bool   `json:"isRead"`
	Action       string `json:"action"`
	Ftype        int    `json:"ftype"`
	Tag          string `json:"tag"`
}

func (h *Handler) shape(ns []messages.Notification) []Notification {
	out := make([]Notification, len(ns))
	for i := range ns {
		out[i] = h.notification(&ns[i])
	}
	return out
}

func (h *Handler) notification(n *messages.Notification) Notification {
	at := api.FormatTime(&n.CreatedAt, h.TimeZone)
	return Notification{ID: strconv.FormatInt(n.ID, 10), Title: n.Title, Content: n.Content, CreatedAt: at,
		CreatedAtOld: at, IsRead: n.IsRead, Action: n.Action, Ftype: n.Ftype, Tag: n.Tag}
}

// InboxExport answers GET notify/export?ftype=1|2|3: that part of the user's inbox, every page, as 消息_<date>.xlsx
// in the drawer list's columns. Exporting reads nothing: what was unread stays unread.
func (h *Handler) InboxExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "消息", "notifyList", h.Messages.InboxOf, h.notification)
}

// PullMessage delivers the company's new announcements to the user: data {"delivered": n}.
func (h *Handler) PullMessage(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	n, err := h.Messages.PullMessages(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, map[string]int64{"delivered": n})
}

// UnreadCount is the number of unread items of one kind (ftype).
type UnreadCount struct {
	Ftype int   `json:"ftype"`
	Nums  int64 `json:"nums"`
}

// FindNitofyNums answers the unread counts, [{ftype, nums}] for ftypes 1, 2 and 3, what the next pull delivers
// included: clients ask at the same time as they pull, and their badge must agree with the 提醒 pop-up they show
// after the pull. (The name's spelling is the clients'.)
func (h *Handler) FindNitofyNums(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	counts, err := h.Messages.UnreadCounts(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := make([]UnreadCount, len(counts))
	for i, n := range counts {
		out[i] = UnreadCount{Ftype: n.Ftype, Nums: n.Nums}
	}
	return api.OK(c, out)
}

// FindNoReadByUserAll answers the unread notifications of the last 10 days, newest first.
func (h *Handler) FindNoReadByUserAll(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	ns, err := h.Messages.RecentUnread(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, h.shape(ns))
}

// GetMsgLimit answers the 10 newest announcements; [] when there are none.
func (h *Handler) GetMsgLimit(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	ns, err := h.Messages.LatestAnnouncements(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, h.shape(ns))
}

// GetAnnounce answers a page of announcements.
func (h *Handler) GetAnnounce(c *echo.Context) error { return h.page(c, messagesdb.FtypeAnnouncement) }

// GetRemind answers a page of reminders.
func (h *Handler) GetRemind(c *echo.Context) error { return h.page(c, messagesdb.FtypeReminder) }

// GetMessage answers a page of private messages.
func (h *Handler) GetMessage(c *echo.Context) error { return h.page(c, messagesdb.FtypeMessage) }

func (h *Handler) page(c *echo.Context, ftype int) error {
	var r core.PageRequest
	if err := c.Bind(&r); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	ns, total, served, err := h.Messages.Inbox(c.Request().Context(), p, ftype, r)
	if err != nil {
		return err
	}
	return api.OK(c, api.NewPage(h.shape(ns), total, served.Current, served.Size))
}

// UpdateAllTargets marks all the user's notifications read (全部已读).
func (h *Handler) UpdateAllTargets(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if _, err := h.Messages.MarkAllRead(c.Request().Context(), p); err != nil {
		return err
	}
	return api.OK(c, "success")
}

// ReadForm names the items to mark read.
type ReadForm struct {
	IDs []string `json:"ids"`
}

// MarkRead marks the notifications {ids: ["..."]} of the user read: data {"marked": n}.
func (h *Handler) MarkRead(c *echo.Context) error {
	var b ReadForm
	if err := c.Bind(&b); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	n, err := h.Messages.MarkRead(c.Request().Context(), p, b.IDs)
	if err != nil {
		return err
	}
	return api.OK(c, map[string]int64{"marked": n})
}

// AddAnnounce publishes an announcement to the admin's company and answers its id.
func (h *Handler) AddAnnounce(c *echo.Context) error {
	var f messages.AnnounceForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	n, err := h.Messages.PublishAnnouncement(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, strconv.FormatInt(n.ID, 10))
}

// PublishedItem is a notification in the admin's list: its audience, sender, how many read it, and whether it
// was withdrawn.
type PublishedItem struct {
	ID        string `json:"id"`
	Title     string `json:"title"`
	Tag       string `json:"tag"`
	Content   string `json:"content"`
	Action    string `json:"action"`
	Ftype     int    `json:"ftype"`
	Audience  string `json:"audience"`
	Sender    string `json:"sender"`
	ReadCount int64  `json:"readCount"`
	Withdrawn bool   `json:"withdrawn"`
	CreatedAt string `json:"createdAt"`
}

// PublishedPage answers POST notify/published/page {currentpage, pagesize}: what the company's admins published.
func (h *Handler) PublishedPage(c *echo.Context) error {
	var r core.PageRequest
	if err := c.Bind(&r); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	items, total, served, err := h.Messages.PublishedPage(c.Request().Context(), p, r)
	if err != nil {
		return err
	}
	out := make([]PublishedItem, len(items))
	for i := range items {
		out[i] = h.published(&items[i])
	}
	return api.OK(c, api.NewPage(out, total, served.Current, served.Size))
}

func (h *Handler) published(n *messagesdb.Published) PublishedItem {
	tag, _ := messages.TitleTag(n.Title)
	audience := "全体成员"
	if n.RecipientID != nil {
		audience = n.RecipientName
	}
	return PublishedItem{ID: strconv.FormatInt(n.ID, 10), Title: n.Title, Tag: tag, Content: n.Content,
		Action: n.Action, Ftype: n.Ftype, Audience: audience, Sender: n.SenderName, ReadCount: n.ReadCount,
		Withdrawn: n.Withdrawn, CreatedAt: api.FormatTime(&n.CreatedAt, h.TimeZone)}
}

// PublishedExport answers GET notify/published/export: everything the company published, as 发布公告_<date>.xlsx.
func (h *Handler) PublishedExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "发布公告", "notifyAdminList", h.Messages.PublishedPage, h.published)
}

// WithdrawForm names the announcement to take back.
type WithdrawForm struct {
	ID string `json:"id" form:"id"`
}

// Withdraw answers POST notify/withdraw {id}: the notification is taken back from everyone.
func (h *Handler) Withdraw(c *echo.Context) error {
	var b WithdrawForm
	if err := c.Bind(&b); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	if err := h.Messages.WithdrawAnnouncement(c.Request().Context(), p, b.ID); err != nil {
		return err
	}
	return api.OK(c, "success")
}
