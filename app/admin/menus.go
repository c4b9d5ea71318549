package admin

import (
	"context"

	"sellerhub/app/core"
	admindb "sellerhub/models/admin"
)

// DropMenuCache forgets the cached menus of the given users; their next call rebuilds them.
func (s *Service) DropMenuCache(userIDs ...int64) {
	s.menus.Drop(userIDs...)
}

// DropCompanyMenuCache forgets the cached menus of every user of a company, after its roles' grants change.
func (s *Service) DropCompanyMenuCache(ctx context.Context, companyID int64) error {
	ids, err := admindb.CompanyUserIDs(s.db.With(ctx), companyID)
	if err != nil {
		return err
	}
	s.DropMenuCache(ids...)
	return nil
}

// UserMenu returns the signed-in user's menu and permissions. Company owners and holders of the admin role
// get everything; other users get what their roles were granted, with the groups and headings above it.
func (s *Service) UserMenu(ctx context.Context, p core.Principal) (*core.UserMenu, error) {
	if m := s.menus.Get(p.UserID); m != nil {
		return m, nil
	}
	db := s.db.With(ctx)
	u, err := core.CurrentUser(ctx, s.db, p)
	if err != nil {
		return nil, err
	}
	grants, err := admindb.GrantsOfUser(db, p.CompanyID, p.UserID)
	if err != nil {
		return nil, err
	}
	grants.Admin = grants.Admin || u.IsOwner
	menus, perms, err := admindb.ProductMenu(db)
	if err != nil {
		return nil, err
	}
	m := compileMenu(menus, perms, grants)
	s.menus.Put(p.UserID, m)
	return m, nil
}

// compileMenu builds the tree of granted, visible entries (an entry granted brings its ancestors along) and the
// permission list.
func compileMenu(menus []admindb.Menu, perms []admindb.MenuPermission, g admindb.Grants) *core.UserMenu {
	byID := make(map[int64]admindb.Menu, len(menus))
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
	paths, permissions := []string{}, []string{}
	children := map[int64][]admindb.Menu{}
	for _, m := range menus { // AllMenus orders siblings by sort
		if granted[m.ID] {
			children[m.ParentID] = append(children[m.ParentID], m)
			if m.Path != "" {
				paths = append(paths, m.Path)
			}
		}
	}
	var build func(parent int64) []core.MenuRoute
	build = func(parent int64) []core.MenuRoute {
		var routes []core.MenuRoute
		for _, m := range children[parent] {
			if m.Hidden {
				continue
			}
			r := core.MenuRoute{ID: m.ID, Title: m.Title, Path: m.Path, Component: m.Component, Redirect: m.Redirect,
				Icon: m.Icon, OldID: m.OldID, Sort: m.Sort, KeepAlive: m.KeepAlive, Children: build(m.ID)}
			// A group or heading whose links are all out of reach is left out rather than shown empty.
			if r.Path == "" && len(r.Children) == 0 {
				continue
			}
			routes = append(routes, r)
		}
		return routes
	}
	grantedPerm := make(map[int64]bool, len(g.PermissionIDs))
	for _, id := range g.PermissionIDs {
		grantedPerm[id] = true
	}
	for _, p := range perms {
		if g.Admin || grantedPerm[p.ID] {
			permissions = append(permissions, p.Code)
		}
	}
	return core.NewUserMenu(build(0), paths, permissions)
}
