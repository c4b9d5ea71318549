// Package queryfield serves /admin/api/v1/sysQueryField: the columns each list shows for the signed-in user, and
// the layouts (versions) the user saved of them. A user only ever reaches their own versions.
package queryfield

import (
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/admin"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
)

// Handler serves the column configuration calls.
type Handler struct {
	Admin    *admin.Service
	TimeZone *time.Location
}

// Column is one column of a list as the table island lays it out.
type Column struct {
	Ffield       string `json:"ffield"`
	Title        string `json:"title"`
	Width        int    `json:"width"`
	TitleTooltip string `json:"titleTooltip"`
	Sortable     bool   `json:"sortable"`
	IsShow       bool   `json:"isShow"`
	Findex       int    `json:"findex"`
	// Format "money": amounts, in Currency or the row's currency (the table island formats them).
	Format   string `json:"format,omitempty"`
	Currency string `json:"currency,omitempty"`
}

// Version is one saved layout in the 列配置 dialog's list. Name, Fquery and Queryfield are how older clients
// read it: its name again, and the titles and the names of the columns it shows, in order, joined by commas.
type Version struct {
	ID          string `json:"id"`
	Versionname string `json:"versionname"`
	Name        string `json:"name"`
	Fquery      string `json:"fquery"`
	Queryfield  string `json:"queryfield"`
	InUse       bool   `json:"inUse"`
	CreatedAt   string `json:"createdAt"`
}

func columns(c *echo.Context, cols []admin.Column, err error) error {
	if err != nil {
		return err
	}
	out := make([]Column, len(cols))
	for i, col := range cols {
		out[i] = Column{Ffield: col.Ffield, Title: col.Title, Width: col.Width, TitleTooltip: col.TitleTooltip,
			Sortable: col.Sortable, IsShow: col.IsShow, Findex: col.Findex, Format: col.Format, Currency: col.Currency}
	}
	return api.OK(c, out)
}

func (h *Handler) versions(vs []admin.Version) []Version {
	out := make([]Version, len(vs))
	for i, v := range vs {
		titles, fields := make([]string, len(v.Shown)), make([]string, len(v.Shown))
		for j, col := range v.Shown {
			titles[j], fields[j] = col.Title, col.Ffield
		}
		out[i] = Version{ID: strconv.FormatInt(v.ID, 10), Versionname: v.Versionname, Name: v.Versionname,
			Fquery: strings.Join(titles, ","), Queryfield: strings.Join(fields, ","), InUse: bool(v.InUse),
			CreatedAt: api.FormatTime(&v.CreatedAt, h.TimeZone)}
	}
	return out
}

// LoadField answers the columns of the list ?queryname as the user has them (loadfield, loadMyField and
// getVersionFieldByUserQueryName are the clients' three names for it).
func (h *Handler) LoadField(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	cols, err := h.Admin.QueryFields(c.Request().Context(), p, c.QueryParam("queryname"))
	return columns(c, cols, err)
}

// GetMyVersionFieldByUser answers the user's versions of the list ?queryname; [] when there are none.
func (h *Handler) GetMyVersionFieldByUser(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	vs, err := h.Admin.QueryFieldVersions(c.Request().Context(), p, c.QueryParam("queryname"))
	if err != nil {
		return err
	}
	return api.OK(c, h.versions(vs))
}

// GetVersionFieldByID answers the columns of the user's version ?id.
func (h *Handler) GetVersionFieldByID(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	cols, err := h.Admin.VersionColumns(c.Request().Context(), p, c.QueryParam("id"))
	return columns(c, cols, err)
}

// SaveMyVersionFieldWithName saves {queryname, versionname, fieldlist} as the user's version of that name, uses
// it, and answers its id.
func (h *Handler) SaveMyVersionFieldWithName(c *echo.Context) error {
	var f admin.VersionForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	id, err := h.Admin.SaveQueryFieldVersion(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, strconv.FormatInt(id, 10))
}

// SaveMyVersionField saves {fieldlist} (with the version's queryname or none) into the user's version /{id},
// uses it, and answers its id.
func (h *Handler) SaveMyVersionField(c *echo.Context) error {
	var f admin.ColumnsForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	id, err := h.Admin.SaveQueryFieldColumns(c.Request().Context(), p, c.Param("id"), f)
	if err != nil {
		return err
	}
	return api.OK(c, strconv.FormatInt(id, 10))
}

// SaveMyDefaultField saves {queryname, fieldlist} as the user's own 默认 of that list (保存 while 默认 is in
// use), uses it, and answers its id.
func (h *Handler) SaveMyDefaultField(c *echo.Context) error {
	var f admin.ColumnsForm
	if err := c.Bind(&f); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	id, err := h.Admin.SaveDefaultQueryFields(c.Request().Context(), p, f)
	if err != nil {
		return err
	}
	return api.OK(c, strconv.FormatInt(id, 10))
}

// UseVersion makes the user's version /{id} the one in use for its list and answers its columns.
func (h *Handler) UseVersion(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	cols, err := h.Admin.UseQueryFieldVersion(c.Request().Context(), p, c.Param("id"))
	return columns(c, cols, err)
}

// DefaultForm names the list to put back on its default columns.
type DefaultForm struct {
	Queryname string `json:"queryname" form:"queryname"`
}

// UseDefault puts the list {queryname} (or ?queryname) back on its default columns and answers them. The
// user's versions stay.
func (h *Handler) UseDefault(c *echo.Context) error {
	var b DefaultForm
	if err := c.Bind(&b); err != nil {
		return err
	}
	if b.Queryname == "" {
		b.Queryname = c.QueryParam("queryname")
	}
	p, _ := middleware.Principal(c)
	cols, err := h.Admin.UseDefaultQueryFields(c.Request().Context(), p, b.Queryname)
	return columns(c, cols, err)
}

// DeleteMyVersionField deletes the user's version ?versionid.
func (h *Handler) DeleteMyVersionField(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	if err := h.Admin.DeleteQueryFieldVersion(c.Request().Context(), p, c.QueryParam("versionid")); err != nil {
		return err
	}
	return api.OK(c, "success")
}
