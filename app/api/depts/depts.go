// Package depts serves the department (部门) calls of /admin/api/v1/depts: the company's department tree and the
// changes to it.
package depts

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/admin"
	"sellerhub/app/api"
	"sellerhub/app/middleware"
	admindb "sellerhub/models/admin"
)

// Handler serves the department calls.
type Handler struct {
	Admin    *admin.Service
	TimeZone *time.Location
}

// Dept is a department as the clients show it. ParentID is "0" at the top level, LeaderID "" without a leader.
type Dept struct {
	ID         string `json:"id"`
	ParentID   string `json:"parentId"`
	Name       string `json:"name"`
	Sort       int    `json:"sort"`
	LeaderID   string `json:"leaderId"`
	LeaderName string `json:"leaderName"`
	Remark     string `json:"remark"`
	CreatedAt  string `json:"createdAt"`
	UpdatedAt  string `json:"updatedAt"`
}

// Node is a department of the tree with its children, an empty list for a leaf.
type Node struct {
	Dept
	Children []Node `json:"children"`
}

func (h *Handler) dept(d *admindb.Department) Dept {
	out := Dept{ID: strconv.FormatInt(d.ID, 10), ParentID: strconv.FormatInt(d.ParentID, 10), Name: d.Name,
		Sort: d.Sort, LeaderName: d.LeaderName, Remark: d.Remark,
		CreatedAt: api.FormatTime(&d.CreatedAt, h.TimeZone), UpdatedAt: api.FormatTime(&d.UpdatedAt, h.TimeZone)}
	if d.LeaderID != nil {
		out.LeaderID = strconv.FormatInt(*d.LeaderID, 10)
	}
	return out
}

func (h *Handler) tree(nodes []*admin.DeptNode) []Node {
	out := make([]Node, len(nodes))
	for i, n := range nodes {
		out[i] = Node{Dept: h.dept(&n.Department), Children: h.tree(n.Children)}
	}
	return out
}

// Tree answers GET depts/tree: the company's departments as [{..., children:[...]}], siblings by sort then name.
func (h *Handler) Tree(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	nodes, err := h.Admin.DeptTree(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return api.OK(c, h.tree(nodes))
}

// Create answers POST depts {parentId, name, sort, leaderId, remark} with the new department.
func (h *Handler) Create(c *echo.Context) error { return api.CreateOne(h.Admin.CreateDept, h.dept)(c) }

// Update answers PUT depts/{id} {parentId, name, sort, leaderId, remark} with the changed department: renamed,
// re-sorted or moved.
func (h *Handler) Update(c *echo.Context) error { return api.UpdateOne(h.Admin.UpdateDept, h.dept)(c) }

// Delete answers DELETE depts/{id}, refused while the department has child departments or members.
func (h *Handler) Delete(c *echo.Context) error { return api.DeleteOne(h.Admin.DeleteDept)(c) }
