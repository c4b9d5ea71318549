package core

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
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
	// encoded is the menu as menus/route answers it, kept as long as the menu is: the same bytes until the user's
	// grants change, which drops the menu and with it these bytes.
	encoded atomic.Pointer[[]byte]
}

// Encoded answers the menu's bytes as encode writes them, encoding them on the first call only: for a user with
// 300 entries and 500 permissions the encoding was half of menus/route's CPU, on every page the shell opens.
func (m *UserMenu) Encoded(encode func() ([]byte, error)) ([]byte, error) {
	if b := m.encoded.Load(); b != nil {
		return *b, nil
	}
	b, err := encode()
	if err != nil {
		return nil, err
	}
	m.encoded.Store(&b)
	return b, nil
}

// Allows tells whether the user was granted the menu entry at path.
func (m *UserMenu) Allows(path string) bool { return m.paths[path] }

// Can tells whether the user holds a button permission.
func (m *UserMenu) Can(code string) bool { return m.perms[code] }

// MenuCache keeps each user's compiled menu: building one reads roles, grants and the whole menu, and the shell
// asks for it on every page. Changing grants drops the affected users' entries, on every instance (Invalidations).
type MenuCache struct {
	mu    sync.RWMutex
	users map[int64]*UserMenu
	inv   *Invalidations
}

// menusTopic is the topic of dropped menus: a comma-separated list of user ids, or KeyAll.
const menusTopic = "menus"

// menusPerMessage bounds the user ids one broadcast names (PostgreSQL's notifications take under 8,000 bytes);
// a longer list drops every menu instead, as rare as changing a large company's roles.
const menusPerMessage = 300

// Get answers a user's cached menu, nil when none is cached.
func (c *MenuCache) Get(userID int64) *UserMenu {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.users[userID]
}

// Put caches a user's compiled menu.
func (c *MenuCache) Put(userID int64, m *UserMenu) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.users[userID] = m
}

// NewMenuCache is an empty cache whose drops reach every instance through inv (nil: this process only).
func NewMenuCache(inv *Invalidations) *MenuCache {
	if inv == nil {
		inv = NewInvalidations(nil)
	}
	c := &MenuCache{users: map[int64]*UserMenu{}, inv: inv}
	inv.Subscribe(menusTopic, c.dropped)
	return c
}

// Drop forgets the cached menus of the given users here and on every instance; their next call rebuilds them.
func (c *MenuCache) Drop(userIDs ...int64) {
	if len(userIDs) == 0 {
		return
	}
	if len(userIDs) > menusPerMessage {
		c.DropAll()
		return
	}
	ids := make([]string, len(userIDs))
	for i, id := range userIDs {
		ids[i] = strconv.FormatInt(id, 10)
	}
	c.inv.Publish(menusTopic, strings.Join(ids, ","))
}

// DropAll forgets every cached menu on every instance, after the product menu itself changed.
func (c *MenuCache) DropAll() { c.inv.Publish(menusTopic, KeyAll) }

// dropped forgets the menus a broadcast names.
func (c *MenuCache) dropped(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if key == KeyAll {
		clear(c.users)
		return
	}
	for s := range strings.SplitSeq(key, ",") {
		if id, err := strconv.ParseInt(s, 10, 64); err == nil {
			delete(c.users, id)
		}
	}
}

// NewUserMenu is a user's compiled menu: the visible tree, the menu paths granted (visible or not) and the button
// permissions held.
func NewUserMenu(routes []MenuRoute, paths []string, permissions []string) *UserMenu {
	m := &UserMenu{Routes: routes, Permissions: permissions, paths: map[string]bool{}, perms: map[string]bool{}}
	for _, p := range paths {
		m.paths[p] = true
	}
	for _, c := range permissions {
		m.perms[c] = true
	}
	return m
}

// Building tells whether a menu entry leads only to 建设中 pages: a link whose address has no screen yet (built
// says which addresses have one; outside links are never building), or a group or heading all of whose entries
// are building.
func (r MenuRoute) Building(built func(path string) bool) bool {
	if len(r.Children) == 0 {
		return r.Path != "" && !strings.HasPrefix(r.Path, "http://") && !strings.HasPrefix(r.Path, "https://") && !built(r.Path)
	}
	for _, c := range r.Children {
		if !c.Building(built) {
			return false
		}
	}
	return true
}
