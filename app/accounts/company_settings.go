package accounts

import (
	"context"
	"strings"

	"sellerhub/app/core"
	accountsdb "sellerhub/models/accounts"
)

// PermissionCompanyEdit is 公司设置's button permission: who may change the company's settings (its owner and the
// 管理员 role hold every permission).
const PermissionCompanyEdit = "sys:company:edit"

// MsgDayZoneBad refuses a day other than the marketplaces' or Beijing's.
const MsgDayZoneBad = "统计日期只能是站点当地日期或北京时间"

// DayZoneNames are the choices of 统计日期 as 公司设置 names them.
var DayZoneNames = map[string]string{
	accountsdb.DayZoneMarketplace: "按各站点当地日期",
	accountsdb.DayZoneBeijing:     "按北京时间",
}

// CompanySettingsForm is the body of 保存 on 公司设置.
type CompanySettingsForm struct {
	DayZone string `json:"dayZone"`
}

// DayZone is which day a "day" means for the company's figures (accountsdb.DayZoneMarketplace or DayZoneBeijing).
func (s *Service) DayZone(ctx context.Context, companyID int64) (string, error) {
	st, err := accountsdb.CompanySettingOf(s.db.With(ctx), companyID)
	return st.DayZone, err
}

// SaveCompanySettings sets the company's settings; 首页, the order lists and the sales report count by the new day
// from their next call.
func (s *Service) SaveCompanySettings(ctx context.Context, p core.Principal, f CompanySettingsForm) (string, error) {
	zone := strings.TrimSpace(f.DayZone)
	if _, ok := DayZoneNames[zone]; !ok {
		return "", core.Invalid(MsgDayZoneBad)
	}
	err := accountsdb.SaveCompanySetting(s.db.With(ctx), accountsdb.CompanySetting{CompanyID: p.CompanyID, DayZone: zone,
		UpdatedAt: s.now.Stamp()})
	return zone, err
}
