package service

import (
	"context"
	"sync"

	"sellerhub/models"
)

// MenuRoute is one entry of a user's menu tree: a top group, a heading or a link.
type MenuRoute struct {
	ID        int64
	Title     string
	Path      string
	Component string
	Redirect  string
	Icon      string
	OldID     string
	Sort      int
	KeepAlive bool
	Children  []MenuRoute
}

// UserMenu is what a user may see and do: the visible menu tree, their button permissions, and the sets the
// permission checks look things up in.
type UserMenu struct {
	Routes      []MenuRoute
	Permissions []string
	paths       map[string]bool
	perms       map[string]bool
}

// Allows tells whether the user was granted the menu entry at path.
func (m *UserMenu) Allows(path string) bool { return m.paths[path] }

// Can tells whether the user holds a button permission.
func (m *UserMenu) Can(code string) bool { return m.perms[code] }

// menuCache keeps each user's compiled menu: building one reads roles, grants and the whole menu, and the shell
// asks for it on every page. Changing grants drops the affected users' entries.
type menuCache struct {
	mu    sync.RWMutex
	users map[int64]*UserMenu
}

func (c *menuCache) get(userID int64) *UserMenu {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.users[userID]
}

func (c *menuCache) put(userID int64, m *UserMenu) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.users[userID] = m
}

// DropMenuCache forgets the cached menus of the given users; their next call rebuilds them.
func (s *Service) DropMenuCache(userIDs ...int64) {
	s.menus.mu.Lock()
	defer s.menus.mu.Unlock()
	for _, id := range userIDs {
		delete(s.menus.users, id)
	}
}

// DropCompanyMenuCache forgets the cached menus of every user of a company, after its roles' grants change.
func (s *Service) DropCompanyMenuCache(ctx context.Context, companyID int64) error {
	ids, err := s.db.With(ctx).CompanyUserIDs(companyID)
	if err != nil {
		return err
	}
	s.DropMenuCache(ids...)
	return nil
}

// UserMenu returns the signed-in user's menu and permissions. Company owners and holders of the admin role
// get everything; other users get what their roles were granted, with the groups and headings above it.
func (s *Service) UserMenu(ctx context.Context, p Principal) (*UserMenu, error) {
	if m := s.menus.get(p.UserID); m != nil {
		return m, nil
	}
	db := s.db.With(ctx)
	u, err := s.CurrentUser(ctx, p)
	if err != nil {
		return nil, err
	}
	grants, err := db.GrantsOfUser(p.CompanyID, p.UserID)
	if err != nil {
		return nil, err
	}
	grants.Admin = grants.Admin || u.IsOwner
	menus, err := db.AllMenus()
	if err != nil {
		return nil, err
	}
	perms, err := db.AllPermissions()
	if err != nil {
		return nil, err
	}
	m := compileMenu(menus, perms, grants)
	s.menus.put(p.UserID, m)
	return m, nil
}

// compileMenu builds the tree of granted, visible entries (an entry granted brings its ancestors along) and the
// permission list.
func compileMenu(menus []models.Menu, perms []models.MenuPermission, g models.Grants) *UserMenu {
	byID := make(map[int64]models.Menu, len(menus))
	for _, m := range menus {
		byID[m.ID] = m
	}
	granted := make(map[int64]bool, len(menus))
	if g.Admin {
		for _, m := range menus {
			granted[m.ID] = true
		}
	} else {
		for _, id := range g.MenuIDs {
			for m, ok := byID[id]; ok && !granted[m.ID]; m, ok = byID[m.ParentID] {
				granted[m.ID] = true
			}
		}
	}
	out := &UserMenu{Permissions: []string{}, paths: map[string]bool{}, perms: map[string]bool{}}
	children := map[int64][]models.Menu{}
	for _, m := range menus { // AllMenus orders siblings by sort
		if granted[m.ID] {
			children[m.ParentID] = append(children[m.ParentID], m)
			if m.Path != "" {
				out.paths[m.Path] = true
			}
		}
	}
	var build func(parent int64) []MenuRoute
	build = func(parent int64) []MenuRoute {
		var routes []MenuRoute
		for _, m := range children[parent] {
			if m.Hidden {
				continue
			}
			r := MenuRoute{ID: m.ID, Title: m.Title, Path: m.Path, Component: m.Component, Redirect: m.Redirect,
				Icon: m.Icon, OldID: m.OldID, Sort: m.Sort, KeepAlive: m.KeepAlive, Children: build(m.ID)}
			// A group or heading whose links are all out of reach is left out rather than shown empty.
			if r.Path == "" && len(r.Children) == 0 {
				continue
			}
			routes = append(routes, r)
		}
		return routes
	}
	out.Routes = build(0)
	grantedPerm := make(map[int64]bool, len(g.PermissionIDs))
	for _, id := range g.PermissionIDs {
		grantedPerm[id] = true
	}
	for _, p := range perms {
		if g.Admin || grantedPerm[p.ID] {
			out.Permissions = append(out.Permissions, p.Code)
			out.perms[p.Code] = true
		}
	}
	return out
}
