package profit

import (
	"context"
	"strings"

	"sellerhub/app/core"
	profitdb "sellerhub/models/profit"
)

// MsgBasisBad refuses a freight basis other than weight or volume.
const MsgBasisBad = "头程分摊方式不正确，应为按重量或按体积"

// BasisNames are the freight bases as 利润配置 names them.
var BasisNames = map[string]string{profitdb.FreightByWeight: "按重量", profitdb.FreightByVolume: "按体积"}

// measureNames are what each basis reads of a product.
var measureNames = map[string]string{profitdb.FreightByWeight: "重量", profitdb.FreightByVolume: "尺寸"}

// Config is a company's 利润配置: how a shipment's freight is spread over its units.
type Config struct {
	FreightBasis string
}

// ConfigForm is the body of 保存 on 利润配置.
type ConfigForm struct {
	FreightBasis string `json:"freightBasis"`
}

// Config answers the company's 利润配置 (by weight until it chooses).
func (s *Service) Config(ctx context.Context, p core.Principal) (*Config, error) {
	st, err := profitdb.ProfitSettingOf(s.db.With(ctx), p.CompanyID)
	if err != nil {
		return nil, err
	}
	return &Config{FreightBasis: st.FreightBasis}, nil
}

// SaveConfig sets the company's 利润配置; the report spreads freight the new way from its next call.
func (s *Service) SaveConfig(ctx context.Context, p core.Principal, f ConfigForm) (*Config, error) {
	basis := strings.TrimSpace(f.FreightBasis)
	if _, ok := BasisNames[basis]; !ok {
		return nil, core.Invalid(MsgBasisBad)
	}
	err := profitdb.SaveProfitSetting(s.db.With(ctx), profitdb.ProfitSetting{CompanyID: p.CompanyID, FreightBasis: basis, UpdatedAt: s.now.Stamp()})
	if err != nil {
		return nil, err
	}
	return &Config{FreightBasis: basis}, nil
}
