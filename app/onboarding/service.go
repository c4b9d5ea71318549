// Package onboarding is 首页's getting started (新手引导): the steps from an empty company to stock and profit a
// seller can trust, each done or to do with its screen, until the company is set up.
package onboarding

import (
	"context"
	"fmt"

	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	onboardingdb "sellerhub/models/onboarding"
)

// MsgAdminsOnly refuses showing or hiding the guide to a user who is not the company's admin.
const MsgAdminsOnly = "只有管理员可以显示或隐藏新手引导"

// Step is one step of the guide: done or to do, what it is at now, and the screen that does it.
type Step struct {
	Key    string `json:"key"`
	Title  string `json:"title"`
	Detail string `json:"detail"`
	Done   bool   `json:"done"`
	// Path and Screen are the menu's address and tab title of the step's screen.
	Path   string `json:"path"`
	Screen string `json:"screen"`
}

// Guide is the company's guide as 首页 shows it.
type Guide struct {
	Steps []Step `json:"steps"`
	// Done counts the steps done; Complete: all are.
	Done     int  `json:"done"`
	Complete bool `json:"complete"`
	// Visible: 首页 shows the guide (not set up yet, or an admin keeps it); Syncing: the first sync is under way,
	// so the page follows it.
	Visible bool `json:"visible"`
	Syncing bool `json:"syncing"`
	// Admin may show or hide it; Mode is what an admin chose ("", shown, hidden).
	Admin bool   `json:"admin"`
	Mode  string `json:"mode"`
}

// Service reads the company's progress.
type Service struct {
	db *models.DB
}

// New builds the service.
func New(db *models.DB) *Service { return &Service{db: db} }

// The screens the steps open.
const (
	storeAuthPath = "/amazon/storeAuth"
	dataSyncPath  = "/amazon/datasync"
	productsPath  = "/erp/material/localproduct"
	pairingPath   = "/amazon/listing/relation"
)

// GuideOf is the signed-in user's company's guide.
func (s *Service) GuideOf(ctx context.Context, p core.Principal) (*Guide, error) {
	db := s.db.With(ctx)
	c, err := onboardingdb.CountsOf(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	mode, err := onboardingdb.ModeOf(db, p.CompanyID)
	if err != nil {
		return nil, err
	}
	admin, err := s.isAdmin(ctx, p)
	if err != nil {
		return nil, err
	}
	g := &Guide{Steps: steps(c), Mode: mode, Admin: admin}
	for _, st := range g.Steps {
		if st.Done {
			g.Done++
		}
	}
	g.Complete = g.Done == len(g.Steps)
	g.Visible = mode == onboardingdb.ModeShown || (!g.Complete && mode != onboardingdb.ModeHidden)
	g.Syncing = c.Sellers > 0 && c.Synced == 0 && c.SyncRunning > 0
	return g, nil
}

// steps judges each step by the company's figures, in the order a seller takes them.
func steps(c onboardingdb.Counts) []Step {
	store := Step{Key: "store", Title: "添加店铺", Path: storeAuthPath, Screen: "店铺管理", Done: c.StoreGroups > 0,
		Detail: "在店铺管理中点“添加店铺”，给店铺起个名字"}
	if store.Done {
		store.Detail = fmt.Sprintf("已添加 %d 个店铺", c.StoreGroups)
	}
	auth := Step{Key: "authorize", Title: "授权", Path: storeAuthPath, Screen: "店铺管理", Done: c.Sellers > 0,
		Detail: "在店铺管理中，在店铺所在区域点“授权”，登录亚马逊卖家平台同意授权"}
	if auth.Done {
		auth.Detail = fmt.Sprintf("已授权 %d 个亚马逊卖家账号", c.Sellers)
	}
	sync := Step{Key: "sync", Title: "首次同步", Path: dataSyncPath, Screen: "数据同步", Done: c.Synced > 0,
		Detail: "授权后自动开始，同步最近90天的订单、结算、费用、FBA库存和Listing，约需几分钟"}
	switch {
	case sync.Done:
		sync.Detail = fmt.Sprintf("已完成：%d 项数据已同步", c.SyncedTasks)
	case c.Sellers > 0:
		sync.Detail = fmt.Sprintf("同步中：已完成 %d/%d 项数据", c.SyncedTasks, c.SyncTasks)
		if c.SyncRunning == 0 {
			sync.Detail = fmt.Sprintf("已完成 %d/%d 项数据，其余等待下次同步；可在数据同步中查看原因", c.SyncedTasks, c.SyncTasks)
		}
	}
	products := Step{Key: "products", Title: "生成本地产品", Path: pairingPath, Screen: "SKU配对", Done: c.Products > 0,
		Detail: "在SKU配对中选中同步来的Listing，点“生成本地产品”"}
	if products.Done {
		products.Detail = fmt.Sprintf("已有 %d 个本地产品", c.Products)
	}
	costs := Step{Key: "costs", Title: "填写成本", Path: productsPath, Screen: "本地产品",
		Done:   c.Products > 0 && c.ProductsWithCost == c.Products,
		Detail: "在本地产品中填写每个产品的采购成本，利润才算得准"}
	if c.Products > 0 {
		costs.Detail = fmt.Sprintf("%d/%d 个产品已填写采购成本", c.ProductsWithCost, c.Products)
	}
	pairing := Step{Key: "pairing", Title: "配对", Path: pairingPath, Screen: "SKU配对",
		Done:   c.Listings > 0 && c.ListingsPaired == c.Listings,
		Detail: "在SKU配对中把每个Listing配对到本地产品，库存和利润按产品汇总"}
	if c.Listings > 0 {
		pairing.Detail = fmt.Sprintf("%d/%d 个Listing已配对", c.ListingsPaired, c.Listings)
	}
	return []Step{store, auth, sync, products, costs, pairing}
}

// SetShown keeps the guide on 首页 (shown) or puts it away (hidden); only the company's admins may.
func (s *Service) SetShown(ctx context.Context, p core.Principal, shown bool) (*Guide, error) {
	admin, err := s.isAdmin(ctx, p)
	if err != nil {
		return nil, err
	}
	if !admin {
		return nil, core.Refused(MsgAdminsOnly)
	}
	mode := onboardingdb.ModeHidden
	if shown {
		mode = onboardingdb.ModeShown
	}
	if err := onboardingdb.SetMode(s.db.With(ctx), p.CompanyID, mode); err != nil {
		return nil, err
	}
	return s.GuideOf(ctx, p)
}

// isAdmin tells the company's owner and the holders of its 管理员 role.
func (s *Service) isAdmin(ctx context.Context, p core.Principal) (bool, error) {
	admins, err := accountsdb.CompanyAdmins(s.db.With(ctx), p.CompanyID)
	if err != nil {
		return false, err
	}
	for _, id := range admins {
		if id == p.UserID {
			return true, nil
		}
	}
	return false, nil
}
