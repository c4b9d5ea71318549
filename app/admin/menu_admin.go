package admin

import (
	"context"
	"regexp"
	"slices"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	admindb "sellerhub/models/admin"
)

// The menu admin (菜单管理). The menu and its button permissions are the product's, shared by every company, so
// changing them is for the platform's operators (SELLERHUB_PLATFORM_ADMINS) and never for a company's admin,
// who could otherwise change every tenant's product. A company admin granted the screen sees it read-only.

// Button permissions of the 菜单管理 screen; the writes need the platform admin check as well.
const (
	PermissionMenuAdd    = "sys:menu:add"
	PermissionMenuEdit   = "sys:menu:edit"
	PermissionMenuDelete = "sys:menu:delete"
)

// Messages of the menu admin calls (those of empty and too long fields come from checkFields: 菜单名称不能为空,
// 权限标识不能超过100个字符).
const (
	MsgMenuPathEmpty      = "路径不能为空"
	MsgMenuPathBad        = "路径必须以/开头"
	MsgMenuPathTooLong    = "路径不能超过200个字符"
	MsgMenuPathTaken      = "路径已存在"
	MsgMenuRedirectBad    = "重定向路径必须以/开头"
	MsgMenuIconBad        = "图标不存在"
	MsgMenuSortBad        = "排序必须是0到9999之间的整数"
	MsgMenuOldIDTooLong   = "旧系统ID不能超过50个字符"
	MsgMenuParentMissing  = "上级菜单不存在"
	MsgMenuTooDeep        = "菜单最多三级，链接下不能再添加菜单"
	MsgMenuMoveIntoSelf   = "不能移动到自己或下级菜单"
	MsgMenuLevelChange    = "只能移动到同一级别的上级菜单下"
	MsgMenuHasChildren    = "请先删除下级菜单"
	MsgMenuBuiltinKept    = "系统内置菜单不能删除，可以隐藏"
	MsgMenuBuiltinPath    = "系统内置菜单的路径不能修改"
	MsgMenuOrderStale     = "菜单顺序已变化，请刷新后重试"
	MsgPermCodeBad        = "权限标识格式不正确"
	MsgPermCodeTaken      = "权限标识已存在"
	MsgPermOnLinksOnly    = "按钮权限只能添加在链接菜单下"
	MsgPermBuiltinKept    = "系统内置权限不能删除"
	MsgPermBuiltinCodeFix = "系统内置权限的标识不能修改"
)

const (
	whatMenu       = "菜单"
	whatPermission = "按钮权限"
)

// The three levels of the menu: a top group of the rail, a heading inside it, a link to a page.
const (
	LevelGroup   = 1
	LevelHeading = 2
	LevelLink    = 3
)

// MenuIcons are the names a menu entry's icon may take: the shell's icon set (views/icons.go knownIcons, which
// a views test keeps equal to this list).
var MenuIcons = []string{"Commodity", "SalesReport", "ShoppingBag", "Home", "Ship", "Ad", "Finance",
	"HeadsetOne", "Config", "Workbench", "default", "home", "bell", "help", "moon", "palette", "platform"}

// permissionCodePattern is a button permission's code: words of letters and digits joined by colons.
var permissionCodePattern = regexp.MustCompile(`^[A-Za-z0-9]+(:[A-Za-z0-9]+)*$`)

const menuSortMax = 9999

// MenuForm is a menu entry as the add and edit forms send it. ParentID "0" is the top; on edit an empty one
// keeps the parent. A nil Sort puts the entry last among its siblings; a nil KeepAlive keeps the tab alive.
// Fields that the entry's level does not have (a group's path, a link's redirect) are not stored.
type MenuForm struct {
	ParentID  string `json:"parentId"`
	Title     string `json:"title"`
	Path      string `json:"path"`
	Icon      string `json:"icon"`
	Redirect  string `json:"redirect"`
	OldID     string `json:"oldId"`
	Sort      *int   `json:"sort"`
	Hidden    bool   `json:"hidden"`
	KeepAlive *bool  `json:"keepAlive"`
}

// MenuOrderForm is a new order of the entries under a parent: every one of them, ids as strings.
type MenuOrderForm struct {
	ParentID string   `json:"parentId"`
	IDs      []string `json:"ids"`
}

// PermissionForm is a button permission as the add and edit forms send it; the menu is chosen on add only.
type PermissionForm struct {
	MenuID string `json:"menuId"`
	Code   string `json:"code"`
	Name   string `json:"name"`
}

// MenuNode is one entry of the menu admin's tree with its button permissions. Builtin entries come from the
// product (the seed) and cannot be deleted.
type MenuNode struct {
	Menu        admindb.Menu
	Level       int
	Permissions []admindb.MenuPermission
	Children    []MenuNode
}

// MenuAdmin is the menu admin's view: the whole tree, and whether the user may change it.
type MenuAdmin struct {
	Editable bool
	Tree     []MenuNode
}

// IsPlatformAdmin tells whether the signed-in user is one of the platform's operators.
func (s *Service) IsPlatformAdmin(ctx context.Context, p core.Principal) (bool, error) {
	u, err := core.CurrentUser(ctx, s.db, p)
	if err != nil {
		return false, err
	}
	for _, a := range s.platformAdmins {
		if strings.EqualFold(a, u.Account) {
			return true, nil
		}
	}
	return false, nil
}

func (s *Service) requirePlatformAdmin(ctx context.Context, p core.Principal) error {
	ok, err := s.IsPlatformAdmin(ctx, p)
	if err == nil && !ok {
		return core.ErrForbidden
	}
	return err
}

// DropAllMenuCaches forgets every user's cached menu, after the product menu itself changed.
func (s *Service) DropAllMenuCaches() {
	s.menus.DropAll()
}

// menuIndex is the product menu in memory, to find levels and descendants.
type menuIndex map[int64]admindb.Menu

func loadMenuIndex(db *models.DB) (menuIndex, []admindb.Menu, error) {
	menus, err := admindb.AllMenus(db)
	if err != nil {
		return nil, nil, err
	}
	idx := make(menuIndex, len(menus))
	for _, m := range menus {
		idx[m.ID] = m
	}
	return idx, menus, nil
}

// level is 1 for a top group, 2 for a heading, 3 for a link.
func (idx menuIndex) level(id int64) int {
	n := 0
	for m, ok := idx[id]; ok && n <= LevelLink; m, ok = idx[m.ParentID] {
		n++
	}
	return n
}

// within tells whether id is ancestor or one of its descendants.
func (idx menuIndex) within(id, ancestor int64) bool {
	for m, ok := idx[id]; ok; m, ok = idx[m.ParentID] {
		if m.ID == ancestor {
			return true
		}
	}
	return false
}

// parentOf reads a parent id from a form: "0" is the top.
func parentOf(raw string, idx menuIndex) (int64, error) {
	raw = strings.TrimSpace(raw)
	if raw == "0" {
		return 0, nil
	}
	id, ok := core.ParseID(raw)
	if _, known := idx[id]; !ok || !known {
		return 0, core.Invalid(MsgMenuParentMissing)
	}
	return id, nil
}

// check trims the form and tells what is wrong with it first for an entry of the level.
func (f *MenuForm) check(level int) error {
	if err := core.CheckFields(core.Required(&f.Title, "菜单名称", 50)); err != nil {
		return err
	}
	f.Path, f.Icon, f.Redirect, f.OldID = strings.TrimSpace(f.Path), strings.TrimSpace(f.Icon),
		strings.TrimSpace(f.Redirect), strings.TrimSpace(f.OldID)
	if level == LevelLink {
		f.Redirect = ""
		switch {
		case f.Path == "":
			return core.Invalid(MsgMenuPathEmpty)
		case !strings.HasPrefix(f.Path, "/"):
			return core.Invalid(MsgMenuPathBad)
		case len(f.Path) > 200:
			return core.Invalid(MsgMenuPathTooLong)
		}
	} else {
		f.Path = ""
	}
	switch {
	case f.Redirect != "" && (!strings.HasPrefix(f.Redirect, "/") || len(f.Redirect) > 200):
		return core.Invalid(MsgMenuRedirectBad)
	case f.Icon != "" && !slices.Contains(MenuIcons, f.Icon):
		return core.Invalid(MsgMenuIconBad)
	case f.Sort != nil && (*f.Sort < 0 || *f.Sort > menuSortMax):
		return core.Invalid(MsgMenuSortBad)
	case len([]rune(f.OldID)) > 50:
		return core.Invalid(MsgMenuOldIDTooLong)
	}
	return nil
}

// component names the page of a path as the older system's client expects it, like the seed does.
func component(path string) string {
	if path == "" {
		return "Layout"
	}
	return strings.TrimPrefix(path, "/") + "/index"
}

// apply writes the checked form onto the entry.
func (f *MenuForm) apply(m *admindb.Menu) {
	m.Title, m.Path, m.Icon, m.Redirect, m.OldID, m.Hidden = f.Title, f.Path, f.Icon, f.Redirect, f.OldID, f.Hidden
	m.Component = component(f.Path)
	m.KeepAlive = f.KeepAlive == nil || *f.KeepAlive
}

// pathFree refuses a link path another entry already has: the path is what grants and pages are checked by.
func pathFree(db *models.DB, path string, self int64) error {
	if path == "" {
		return nil
	}
	return core.NameFree(func() (int64, error) { return admindb.MenuIDByPath(db, path) }, self, MsgMenuPathTaken)
}

// MenuAdminTree answers the whole product menu, hidden entries included, with each link's button permissions,
// and whether the user may change it.
func (s *Service) MenuAdminTree(ctx context.Context, p core.Principal) (*MenuAdmin, error) {
	editable, err := s.IsPlatformAdmin(ctx, p)
	if err != nil {
		return nil, err
	}
	db := s.db.With(ctx)
	menus, perms, err := admindb.ProductMenu(db)
	if err != nil {
		return nil, err
	}
	permsOf := map[int64][]admindb.MenuPermission{}
	for _, pm := range perms {
		permsOf[pm.MenuID] = append(permsOf[pm.MenuID], pm)
	}
	children := map[int64][]admindb.Menu{}
	for _, m := range menus { // AllMenus orders siblings by sort
		children[m.ParentID] = append(children[m.ParentID], m)
	}
	var build func(parent int64, level int) []MenuNode
	build = func(parent int64, level int) []MenuNode {
		nodes := []MenuNode{}
		for _, m := range children[parent] {
			ps := permsOf[m.ID]
			if ps == nil {
				ps = []admindb.MenuPermission{}
			}
			nodes = append(nodes, MenuNode{Menu: m, Level: level, Permissions: ps, Children: build(m.ID, level+1)})
		}
		return nodes
	}
	return &MenuAdmin{Editable: editable, Tree: build(0, LevelGroup)}, nil
}

// CreateMenu adds an entry under the form's parent: a group at the top, a heading in a group, a link under a
// heading. Every user's menu is rebuilt on their next call.
func (s *Service) CreateMenu(ctx context.Context, p core.Principal, f MenuForm) (*MenuNode, error) {
	if err := s.requirePlatformAdmin(ctx, p); err != nil {
		return nil, err
	}
	var node *MenuNode
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		idx, _, err := loadMenuIndex(tx)
		if err != nil {
			return err
		}
		parent, err := parentOf(f.ParentID, idx)
		if err != nil {
			return err
		}
		level := idx.level(parent) + 1
		if level > LevelLink {
			return core.Invalid(MsgMenuTooDeep)
		}
		if err := f.check(level); err != nil {
			return err
		}
		if err := pathFree(tx, f.Path, 0); err != nil {
			return err
		}
		now := s.now.Stamp()
		m := &admindb.Menu{ParentID: parent, CreatedAt: now, UpdatedAt: now}
		f.apply(m)
		if f.Sort != nil {
			m.Sort = *f.Sort
		} else if m.Sort, err = admindb.MaxMenuSort(tx, parent); err != nil {
			return err
		} else {
			m.Sort = min(m.Sort+10, menuSortMax)
		}
		if err := admindb.CreateMenu(tx, m); err != nil {
			return err
		}
		node = &MenuNode{Menu: *m, Level: level, Permissions: []admindb.MenuPermission{}, Children: []MenuNode{}}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.DropAllMenuCaches()
	return node, nil
}

// UpdateMenu changes an entry, and moves it when the form names another parent of the same level (an entry
// keeps its level: a heading's links would otherwise become headings). A built-in link keeps its path, which
// the product's pages are checked by.
func (s *Service) UpdateMenu(ctx context.Context, p core.Principal, id string, f MenuForm) (*MenuNode, error) {
	if err := s.requirePlatformAdmin(ctx, p); err != nil {
		return nil, err
	}
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatMenu)
	}
	var node *MenuNode
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		m, err := admindb.MenuByID(tx.ForUpdate(), n)
		if err != nil {
			return core.NotFoundAs(err, whatMenu)
		}
		idx, _, err := loadMenuIndex(tx)
		if err != nil {
			return err
		}
		parent := m.ParentID
		if strings.TrimSpace(f.ParentID) != "" {
			if parent, err = parentOf(f.ParentID, idx); err != nil {
				return err
			}
		}
		level := idx.level(m.ID)
		if parent != m.ParentID {
			switch {
			case parent != 0 && idx.within(parent, m.ID):
				return core.Invalid(MsgMenuMoveIntoSelf)
			case idx.level(parent)+1 != level:
				return core.Invalid(MsgMenuLevelChange)
			}
		}
		if err := f.check(level); err != nil {
			return err
		}
		if m.Code != nil && level == LevelLink && f.Path != m.Path {
			return core.Refused(MsgMenuBuiltinPath)
		}
		if err := pathFree(tx, f.Path, m.ID); err != nil {
			return err
		}
		switch {
		case f.Sort != nil:
			m.Sort = *f.Sort
		case parent != m.ParentID:
			if m.Sort, err = admindb.MaxMenuSort(tx, parent); err != nil {
				return err
			}
			m.Sort = min(m.Sort+10, menuSortMax)
		}
		m.ParentID, m.UpdatedAt = parent, s.now.Stamp()
		f.apply(m)
		if err := admindb.UpdateMenu(tx, m); err != nil {
			return core.NotFoundAs(err, whatMenu)
		}
		node = &MenuNode{Menu: *m, Level: level}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.DropAllMenuCaches()
	return node, nil
}

// SortMenus puts the entries under a parent in the order given, which must name each of them once: an order
// made from a stale tree would drop or misplace the entries added since.
func (s *Service) SortMenus(ctx context.Context, p core.Principal, f MenuOrderForm) error {
	if err := s.requirePlatformAdmin(ctx, p); err != nil {
		return err
	}
	ids, err := parseIDs(f.IDs, MsgMenuOrderStale)
	if err != nil {
		return err
	}
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		idx, _, err := loadMenuIndex(tx)
		if err != nil {
			return err
		}
		parent, err := parentOf(f.ParentID, idx)
		if err != nil {
			return err
		}
		current, err := admindb.MenuChildIDs(tx, parent)
		if err != nil {
			return err
		}
		if len(ids) != len(f.IDs) || len(ids) != len(current) {
			return core.Invalid(MsgMenuOrderStale)
		}
		for _, id := range current {
			if !slices.Contains(ids, id) {
				return core.Invalid(MsgMenuOrderStale)
			}
		}
		return admindb.SetMenuSorts(tx, parent, ids, s.now.Stamp())
	})
	if err != nil {
		return err
	}
	s.DropAllMenuCaches()
	return nil
}

// DeleteMenu deletes an entry without children, with its button permissions and every role's grants of both,
// in one transaction. The product's own entries stay (the seed would bring them back): they can be hidden.
func (s *Service) DeleteMenu(ctx context.Context, p core.Principal, id string) error {
	if err := s.requirePlatformAdmin(ctx, p); err != nil {
		return err
	}
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatMenu)
	}
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		m, err := admindb.MenuByID(tx.ForUpdate(), n)
		if err != nil {
			return core.NotFoundAs(err, whatMenu)
		}
		children, err := admindb.CountMenuChildren(tx, m.ID)
		switch {
		case err != nil:
			return err
		case children > 0:
			return core.Refused(MsgMenuHasChildren)
		case m.Code != nil:
			return core.Refused(MsgMenuBuiltinKept)
		}
		return core.NotFoundAs(admindb.DeleteMenu(tx, m.ID), whatMenu)
	})
	if err != nil {
		return err
	}
	s.DropAllMenuCaches()
	return nil
}

func (f *PermissionForm) check() error {
	if err := core.CheckFields(core.Required(&f.Code, "权限标识", 100), core.Required(&f.Name, "权限名称", 50)); err != nil {
		return err
	}
	if !permissionCodePattern.MatchString(f.Code) {
		return core.Invalid(MsgPermCodeBad)
	}
	return nil
}

// CreatePermission adds a button permission to a link; its code must be new in the product.
func (s *Service) CreatePermission(ctx context.Context, p core.Principal, f PermissionForm) (*admindb.MenuPermission, error) {
	if err := s.requirePlatformAdmin(ctx, p); err != nil {
		return nil, err
	}
	menuID, ok := core.ParseID(f.MenuID)
	if !ok {
		return nil, core.Invalid(MsgGrantMenuMissing)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	var pm *admindb.MenuPermission
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		idx, _, err := loadMenuIndex(tx)
		if err != nil {
			return err
		}
		if _, known := idx[menuID]; !known {
			return core.Invalid(MsgGrantMenuMissing)
		}
		if idx.level(menuID) != LevelLink {
			return core.Invalid(MsgPermOnLinksOnly)
		}
		if err := core.NameFree(func() (int64, error) { return admindb.PermissionIDByCode(tx, f.Code) }, 0, MsgPermCodeTaken); err != nil {
			return err
		}
		pm = &admindb.MenuPermission{MenuID: menuID, Code: f.Code, Name: f.Name, CreatedAt: s.now.Stamp()}
		return core.DuplicateAs(admindb.CreatePermission(tx, pm), MsgPermCodeTaken)
	})
	if err != nil {
		return nil, err
	}
	s.DropAllMenuCaches()
	return pm, nil
}

// UpdatePermission renames a button permission or changes its code; a built-in permission keeps its code, which
// the product checks.
func (s *Service) UpdatePermission(ctx context.Context, p core.Principal, id string, f PermissionForm) (*admindb.MenuPermission, error) {
	if err := s.requirePlatformAdmin(ctx, p); err != nil {
		return nil, err
	}
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatPermission)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	var pm *admindb.MenuPermission
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if pm, err = admindb.PermissionByID(tx.ForUpdate(), n); err != nil {
			return core.NotFoundAs(err, whatPermission)
		}
		if pm.Builtin && f.Code != pm.Code {
			return core.Refused(MsgPermBuiltinCodeFix)
		}
		if err := core.NameFree(func() (int64, error) { return admindb.PermissionIDByCode(tx, f.Code) }, pm.ID, MsgPermCodeTaken); err != nil {
			return err
		}
		pm.Code, pm.Name = f.Code, f.Name
		return core.DuplicateAs(admindb.UpdatePermission(tx, pm), MsgPermCodeTaken)
	})
	if err != nil {
		return nil, err
	}
	s.DropAllMenuCaches()
	return pm, nil
}

// DeletePermission deletes a button permission with every role's grant of it, in one transaction. Built-in
// permissions stay.
func (s *Service) DeletePermission(ctx context.Context, p core.Principal, id string) error {
	if err := s.requirePlatformAdmin(ctx, p); err != nil {
		return err
	}
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatPermission)
	}
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		pm, err := admindb.PermissionByID(tx.ForUpdate(), n)
		if err != nil {
			return core.NotFoundAs(err, whatPermission)
		}
		if pm.Builtin {
			return core.Refused(MsgPermBuiltinKept)
		}
		return core.NotFoundAs(admindb.DeletePermission(tx, pm.ID), whatPermission)
	})
	if err != nil {
		return err
	}
	s.DropAllMenuCaches()
	return nil
}
