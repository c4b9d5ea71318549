package profit

import (
	"context"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	profitdb "sellerhub/models/profit"
)

// 成本核算: a product's landed unit cost of a month, built from its purchase cost (the weighted average purchasing
// keeps, dated), 辅料, 包材, 加工费, 头程 and 关税. The parts purchasing does not keep are entered here from a month on;
// where they are, 利润报告 takes the landed cost (less 头程, its own column) as the unit's 商品成本 for the month.
// 存货价值 keeps the purchase cost: the books value stock at what it cost to buy.

// PermissionJobEdit is 成本核算's button: changing a product's parts.
const PermissionJobEdit = "amz:payment:jobcosting:edit"

// Messages of 成本核算.
const (
	MsgJobPartBad    = "%s不正确，应为不小于0、最多四位小数的数字"
	MsgJobDutyBad    = "关税税率不正确，应为0到100之间的百分数"
	MsgJobProductBad = "产品不存在"
)

// JobCosting is 成本核算.
type JobCosting struct {
	profit *Service
}

// NewJobCosting is 成本核算 over the profit domain.
func NewJobCosting(p *Service) *JobCosting { return &JobCosting{profit: p} }

// JobQuery is the list's body: a page, the month (yyyy-MM, this month when none) and a part of the product's SKU
// or name.
type JobQuery struct {
	core.PageRequest
	Month  string `json:"month"`
	Search string `json:"search"`
}

// JobLine is a product's landed cost of a month.
type JobLine struct {
	ProductID int64
	SKU, Name string
	Month     string
	Landed    Landed
}

func (jc *JobCosting) month(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return jc.profit.now().In(jc.profit.timeZone).Format("2006-01"), nil
	}
	t, err := parseMonth(s, jc.profit.timeZone)
	if err != nil {
		return "", err
	}
	return t.Format("2006-01"), nil
}

// Page is a page of the company's products with their landed cost of the month, by SKU.
func (jc *JobCosting) Page(ctx context.Context, p core.Principal, q JobQuery) ([]JobLine, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	month, err := jc.month(q.Month)
	if err != nil {
		return nil, 0, r, err
	}
	db := jc.profit.db.With(ctx)
	g := db.Model(&catalogdb.LocalProduct{}).Scopes(models.InCompany("local_products", p.CompanyID))
	if s := strings.TrimSpace(q.Search); s != "" {
		g = g.Where("(local_products.sku "+db.Caseless()+" OR local_products.name "+db.Caseless()+")",
			models.ContainsPattern(s), models.ContainsPattern(s))
	}
	var total int64
	if err := g.Count(&total).Error; err != nil {
		return nil, 0, r, err
	}
	var products []catalogdb.LocalProduct
	if err := g.Order("local_products.sku, local_products.id").Offset(r.Offset()).Limit(r.Size).Find(&products).Error; err != nil {
		return nil, 0, r, err
	}
	out, err := jc.lines(db, p.CompanyID, products, month)
	return out, total, r, err
}

func (jc *JobCosting) lines(db *models.DB, companyID int64, products []catalogdb.LocalProduct, month string) ([]JobLine, error) {
	ids := make([]int64, len(products))
	for i, pr := range products {
		ids[i] = pr.ID
	}
	histories, err := catalogdb.CostHistories(db, companyID, ids)
	if err != nil {
		return nil, err
	}
	landed, err := profitdb.LandedCosts(db, companyID, ids)
	if err != nil {
		return nil, err
	}
	packing, err := loadPacking(db, companyID, ids)
	if err != nil {
		return nil, err
	}
	out := make([]JobLine, len(products))
	for i, pr := range products {
		h := histories[pr.ID]
		if len(h) == 0 && (pr.Price.Valid || pr.FirstLeg.Valid) {
			h = []catalogdb.ProductCost{{EffectiveFrom: catalogdb.CostsBeginning, UnitCost: pr.Price, FirstLeg: pr.FirstLeg}}
		}
		out[i] = JobLine{ProductID: pr.ID, SKU: pr.SKU, Name: pr.Name, Month: month, Landed: landedOf(h, landed[pr.ID],
			packing.of(pr.ID, month, jc.profit.timeZone), month, jc.profit.timeZone)}
	}
	return out, nil
}

// Line is one product's landed cost of a month (the edit tab's).
func (jc *JobCosting) Line(ctx context.Context, p core.Principal, productID, month string) (JobLine, error) {
	m, err := jc.month(month)
	if err != nil {
		return JobLine{}, err
	}
	db := jc.profit.db.With(ctx)
	pr, err := jc.product(db, p.CompanyID, productID)
	if err != nil {
		return JobLine{}, err
	}
	out, err := jc.lines(db, p.CompanyID, []catalogdb.LocalProduct{*pr}, m)
	if err != nil {
		return JobLine{}, err
	}
	return out[0], nil
}

func (jc *JobCosting) product(db *models.DB, companyID int64, id string) (*catalogdb.LocalProduct, error) {
	pid, err := strconv.ParseInt(strings.TrimSpace(id), 10, 64)
	if err != nil {
		return nil, core.NotFound("产品")
	}
	var rows []catalogdb.LocalProduct
	if err := db.Scopes(models.InCompany("local_products", companyID)).Where("local_products.id = ?", pid).Limit(1).Find(&rows).Error; err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, core.NotFound("产品")
	}
	return &rows[0], nil
}

// JobForm is a product's parts from a month on: 辅料, 包材, 加工费 (CNY per unit, "" 0), 头程 ("" the product's
// own) and the duty rate (percent of the purchase cost, "" 0).
type JobForm struct {
	ProductID  string `json:"productId"`
	Month      string `json:"month"`
	Materials  string `json:"materials"`
	Packing    string `json:"packing"`
	Processing string `json:"processing"`
	FirstLeg   string `json:"firstLeg"`
	DutyRate   string `json:"dutyRate"`
}

func part(name, s string) (models.Money, error) {
	m, err := models.NewMoney(strings.TrimSpace(s))
	if err != nil || m.IsNegative() {
		return models.Money{}, core.Invalid(strings.Replace(MsgJobPartBad, "%s", name, 1))
	}
	return m, nil
}

// Save keeps a product's parts from the month on (until a later month's), and answers its landed cost.
func (jc *JobCosting) Save(ctx context.Context, p core.Principal, f JobForm) (JobLine, error) {
	month, err := jc.month(f.Month)
	if err != nil {
		return JobLine{}, err
	}
	db := jc.profit.db.With(ctx)
	pr, err := jc.product(db, p.CompanyID, f.ProductID)
	if err != nil {
		return JobLine{}, err
	}
	c := profitdb.LandedCost{CompanyID: p.CompanyID, ProductID: pr.ID, Month: month, UpdatedBy: p.UserID, UpdatedAt: jc.profit.now()}
	if c.Materials, err = part("辅料", f.Materials); err != nil {
		return JobLine{}, err
	}
	if c.Packing, err = part("包材", f.Packing); err != nil {
		return JobLine{}, err
	}
	if c.Processing, err = part("加工费", f.Processing); err != nil {
		return JobLine{}, err
	}
	if strings.TrimSpace(f.FirstLeg) != "" {
		fl, err := part("头程", f.FirstLeg)
		if err != nil {
			return JobLine{}, err
		}
		c.FirstLeg = &fl
	}
	rate, err := models.NewMoney(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(f.DutyRate), "%")))
	if err != nil || rate.IsNegative() || rate.GreaterThan(decimal.NewFromInt(100)) {
		return JobLine{}, core.Invalid(MsgJobDutyBad)
	}
	c.DutyRate = rate
	err = jc.profit.db.Tx(ctx, func(tx *models.DB) error {
		if err := profitdb.SaveLandedCost(tx, c); err != nil {
			return err
		}
		return tx.RaiseReportGeneration(p.CompanyID, models.GenerationProfit)
	})
	if err != nil {
		return JobLine{}, err
	}
	out, err := jc.lines(db, p.CompanyID, []catalogdb.LocalProduct{*pr}, month)
	if err != nil {
		return JobLine{}, err
	}
	return out[0], nil
}
