// Package tags serves the tag calls of /admin/api/v1: tagGroups/... (a company's tag groups) and tags/... (the
// tags in them, which products carry). Lists are paged POST calls answering {records, total, size, current,
// pages}, the table island's shape.
package tags

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/reference"
	referencedb "sellerhub/models/reference"
)

// Handler serves the tag calls.
type Handler struct {
	Reference *reference.Service
	TimeZone  *time.Location
}

// Group is a tag group as the clients show it.
type Group struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

// Tag is a tag as the clients show it, with its group's name.
type Tag struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Color     string `json:"color"`
	GroupID   string `json:"groupId"`
	GroupName string `json:"groupName"`
	Remark    string `json:"remark"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

// Option is a group as a drop-down offers it.
type Option struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

func (h *Handler) group(g *referencedb.TagGroup) Group {
	return Group{ID: strconv.FormatInt(g.ID, 10), Name: g.Name, Remark: g.Remark,
		CreatedAt: api.FormatTime(&g.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&g.UpdatedAt, h.TimeZone)}
}

func (h *Handler) tag(t *referencedb.Tag) Tag {
	return Tag{ID: strconv.FormatInt(t.ID, 10), Name: t.Name, Color: t.Color,
		GroupID: strconv.FormatInt(t.GroupID, 10), GroupName: t.GroupName, Remark: t.Remark,
		CreatedAt: api.FormatTime(&t.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&t.UpdatedAt, h.TimeZone)}
}

// GroupPage answers POST tagGroups/page {currentpage, pagesize, sort, order, name} with a page of groups.
func (h *Handler) GroupPage(c *echo.Context) error {
	return api.PageOf(h.Reference.TagGroupPage, h.group)(c)
}

// GroupOptions answers GET tagGroups/options: every group of the company as [{id, name}], by name.
func (h *Handler) GroupOptions(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	rows, err := h.Reference.TagGroupOptions(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := make([]Option, len(rows))
	for i, g := range rows {
		out[i] = Option{ID: strconv.FormatInt(g.ID, 10), Name: g.Name}
	}
	return api.OK(c, out)
}

// GetGroup answers GET tagGroups/{id}.
func (h *Handler) GetGroup(c *echo.Context) error {
	return api.GetOne(h.Reference.TagGroup, h.group)(c)
}

// CreateGroup answers POST tagGroups {name, remark} with the new group.
func (h *Handler) CreateGroup(c *echo.Context) error {
	return api.CreateOne(h.Reference.CreateTagGroup, h.group)(c)
}

// UpdateGroup answers PUT tagGroups/{id} with the changed group.
func (h *Handler) UpdateGroup(c *echo.Context) error {
	return api.UpdateNoted(h.Reference.TagGroup, h.Reference.UpdateTagGroup, h.group)(c)
}

// DeleteGroup answers DELETE tagGroups/{id}, refused while the group has tags.
func (h *Handler) DeleteGroup(c *echo.Context) error {
	return api.DeleteOne(h.Reference.DeleteTagGroup)(c)
}

// TagPage answers POST tags/page {currentpage, pagesize, sort, order, name, groupId} with a page of tags.
func (h *Handler) TagPage(c *echo.Context) error { return api.PageOf(h.Reference.TagPage, h.tag)(c) }

// GetTag answers GET tags/{id}.
func (h *Handler) GetTag(c *echo.Context) error { return api.GetOne(h.Reference.Tag, h.tag)(c) }

// CreateTag answers POST tags {name, color, groupId, remark} with the new tag.
func (h *Handler) CreateTag(c *echo.Context) error {
	return api.CreateOne(h.Reference.CreateTag, h.tag)(c)
}

// UpdateTag answers PUT tags/{id} with the changed tag.
func (h *Handler) UpdateTag(c *echo.Context) error {
	return api.UpdateOne(h.Reference.UpdateTag, h.tag)(c)
}

// DeleteTag answers DELETE tags/{id}.
func (h *Handler) DeleteTag(c *echo.Context) error { return api.DeleteOne(h.Reference.DeleteTag)(c) }

// GroupExport answers GET tagGroups/export?<GroupPage's filters>: the whole query as 标签分组_<date>.xlsx.
func (h *Handler) GroupExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "标签分组", "tagGroupList", h.Reference.TagGroupPage, h.group)
}

// TagExport answers GET tags/export?<TagPage's filters>: the whole query as 标签_<date>.xlsx.
func (h *Handler) TagExport(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "标签", "tagList", h.Reference.TagPage, h.tag)
}
