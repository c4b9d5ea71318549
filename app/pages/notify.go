package pages

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"sellerhub/app/messages"
	"sellerhub/app/middleware"
	messagesdb "sellerhub/models/messages"
	"sellerhub/views"
)

// NotifyPublishForm shows the announcement form to the company's admins; others get the error page.
func (h *Handler) NotifyPublishForm(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Messages.CheckPublisher(c.Request().Context(), p); err != nil {
		return err
	}
	page := views.NotifyPublishPage{Page: h.contentPage(c, "发布公告")}
	if c.QueryParam("notice") == "published" {
		page.Notice = views.Notice{Text: "操作成功!"}
	}
	return h.render(c, http.StatusOK, views.NotifyPublish(page, h.Assets.URL("theme.js")))
}

// NotifyPublish publishes the announcement and comes back to an empty form with 操作成功!, redirecting so that
// reloading the page does not publish it twice.
func (h *Handler) NotifyPublish(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	f := messages.AnnounceForm{Title: c.FormValue("title"), Content: c.FormValue("content")}
	if c.FormValue("urgent") != "" {
		f.Action = messagesdb.ActionTimely
	}
	if _, err := h.Messages.PublishAnnouncement(c.Request().Context(), p, f); err != nil {
		n, status, err := refusal(err, "")
		if err != nil {
			return err
		}
		return h.render(c, status, views.NotifyPublish(views.NotifyPublishPage{Page: h.contentPage(c, "发布公告"),
			AnnounceTitle: f.Title, Content: f.Content, Urgent: f.Action == messagesdb.ActionTimely, Notice: n}, h.Assets.URL("theme.js")))
	}
	return c.Redirect(http.StatusSeeOther, "/sys/notify/publish?embed=1&notice=published")
}
