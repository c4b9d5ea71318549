package stores

import (
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"sellerhub/app/api"
	"sellerhub/app/middleware"
	"sellerhub/app/stores"
)

// Row is one row of the 店铺管理 list: a store group in one region, with its seller authorisation (店铺授权) and
// its advertising authorisation (广告授权) columns.
type Row struct {
	ID             string   `json:"id"`
	GroupID        string   `json:"groupId"`
	GroupName      string   `json:"groupName"`
	Remark         string   `json:"remark"`
	Region         string   `json:"region"`
	RegionName     string   `json:"regionName"`
	SellerRowID    string   `json:"sellerRowId"`
	SellerID       string   `json:"sellerid"`
	Countries      []string `json:"countries"`
	AuthState      string   `json:"authState"`
	AuthStatus     string   `json:"authStatus"`
	AuthTime       string   `json:"authTime"`
	OwnApp         bool     `json:"ownApp"`
	AdvertID       string   `json:"advId"`
	AdvertState    string   `json:"advState"`
	AdvertStatus   string   `json:"advStatus"`
	AdvertAuthTime string   `json:"advTime"`
	FirstOfGroup   bool     `json:"firstOfGroup"`
	// SecretDue is the day the application's client secret ends (Amazon: 180 days after it was issued);
	// SecretState ok, soon (within 30 days), expired or refused (invalid_client); SecretStatus its words.
	SecretDue    string `json:"secretDue"`
	SecretState  string `json:"secretState"`
	SecretStatus string `json:"secretStatus"`
}

// secretText is the 应用密钥 column's words for a secret's state and the day it ends.
func secretText(state, due string) string {
	switch state {
	case stores.SecretSoon:
		return due + " 到期（即将）"
	case stores.SecretExpired:
		return "已过期（" + due + "）"
	case stores.SecretRefused:
		return "已失效，请更新应用密钥"
	}
	return due + " 到期"
}

// authStatus are the 店铺授权 column's words for each state.
var authStatus = map[string]string{stores.AuthNone: "未授权", stores.AuthActive: "已授权",
	stores.AuthDisabled: "已停用", stores.AuthInvalid: "授权失效"}

func (h *Handler) row(r *stores.StoreAuthRow) Row {
	rb := r.Region
	g := h.group(&r.Group)
	out := Row{ID: g.ID + "-" + rb.Region.Code, GroupID: g.ID, GroupName: g.Name, Remark: g.Remark,
		Region: rb.Region.Code, RegionName: rb.Region.Name, AuthState: rb.AuthState(), AuthStatus: authStatus[rb.AuthState()],
		Countries: []string{}, FirstOfGroup: rb.Region.Code == "NA",
		AdvertState: rb.AdvertState(), AdvertStatus: authStatus[rb.AdvertState()]}
	if a := rb.Advert; a != nil {
		out.AdvertID, out.AdvertAuthTime = strconv.FormatInt(a.ID, 10), api.FormatTime(&a.AuthorizedAt, h.TimeZone)
	}
	if s := h.region(rb).Seller; s != nil {
		out.SellerRowID, out.SellerID, out.AuthTime, out.OwnApp = s.ID, s.SellerID, s.AuthTime, s.OwnApp
		for _, m := range s.Marketplaces {
			out.Countries = append(out.Countries, m.Name)
		}
	}
	if sec := rb.Secret; sec != nil && rb.Seller != nil && !rb.Seller.Disabled {
		out.SecretDue = sec.Due.In(h.TimeZone).Format(time.DateOnly)
		out.SecretState, out.SecretStatus = sec.State, secretText(sec.State, out.SecretDue)
		// A secret that needs the seller says so in 店铺授权 itself, the column every layout shows.
		if sec.State != stores.SecretOK && out.AuthState == stores.AuthActive {
			out.AuthStatus += "（应用密钥" + map[string]string{stores.SecretSoon: out.SecretDue + " 到期", stores.SecretExpired: "已过期",
				stores.SecretRefused: "已失效"}[sec.State] + "）"
		}
	}
	return out
}

// Page answers POST amzauthority/page {currentpage, pagesize, name}: the 店铺管理 list, three rows (北美, 欧洲,
// 远东) per store group the user may see, by group name.
func (h *Handler) Page(c *echo.Context) error { return api.PageOf(h.Stores.StoreAuthPage, h.row)(c) }

// StoreGroups answers GET amzauthority/storeGroups: the store groups the user may see, [{id, name, remark}].
func (h *Handler) StoreGroups(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	groups, err := h.Stores.StoreGroups(c.Request().Context(), p)
	if err != nil {
		return err
	}
	out := make([]Group, len(groups))
	for i := range groups {
		out[i] = h.group(&groups[i])
	}
	return api.OK(c, out)
}

// GetAmazonGroup answers GET amzauthority/getAmazonGroup (the older clients' name for storeGroups): the store
// groups the user may see, [{id, name, remark, createdAt}].
func (h *Handler) GetAmazonGroup(c *echo.Context) error { return h.StoreGroups(c) }

// CreateStoreGroup answers POST amzauthority/storeGroups {name, remark} with the new store group.
func (h *Handler) CreateStoreGroup(c *echo.Context) error {
	return api.CreateOne(h.Stores.CreateStoreGroup, h.group)(c)
}

// UpdateStoreGroup answers PUT amzauthority/storeGroups/{id} {name, remark} with the renamed store group.
func (h *Handler) UpdateStoreGroup(c *echo.Context) error {
	return api.UpdateNoted(h.Stores.StoreGroup, h.Stores.UpdateStoreGroup, h.group)(c)
}

// DeleteStoreGroup answers DELETE amzauthority/storeGroups/{id}, refused while anything refers to the group.
func (h *Handler) DeleteStoreGroup(c *echo.Context) error {
	return api.DeleteNoted(h.Stores.StoreGroup, h.Stores.DeleteStoreGroup, h.group)(c)
}

// Export answers GET amzauthority/export?<Page's filters>: the whole query as 店铺管理_<date>.xlsx.
func (h *Handler) Export(x api.Exporter) echo.HandlerFunc {
	return api.ExportOf(x, "店铺管理", "storeAuthList", h.Stores.StoreAuthPage, h.row)
}
