package shipping

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	shippingdb "sellerhub/models/shipping"
)

// Messages of 物流跟踪's calls.
const (
	MsgChannelCarrierEmpty = "请填写承运商"
	MsgChannelNameEmpty    = "请填写渠道名称"
	MsgChannelModeBad      = "运输方式应为海运、空运或快递"
	MsgChannelDaysBad      = "时效(天)必须为1到365的整数"
	MsgChannelBasisBad     = "计价方式应为按重量(kg)或按体积(m³)"
	MsgChannelPriceBad     = "单价(元)必须是不小于0的金额，最多2位小数"
	MsgChannelTaken        = "该承运商已有同名渠道"
	MsgChannelMissing      = "物流渠道不存在"
	MsgChannelUsed         = "渠道已用于货件，不能删除"
	MsgWeightBad           = "毛重(kg)必须是不小于0的数字，最多3位小数"
	MsgVolumeBad           = "体积(m³)必须是不小于0的数字，最多4位小数"
	// MsgFreightNoMeasure: a channel priced by kg (or m³) computes no freight without the weight (or volume).
	MsgFreightNoMeasure = "按%s计价的渠道需要填写%s，或直接填写运费"
	MsgMilestoneEmpty   = "请填写节点描述"
	MsgMilestoneTimeBad = "节点时间格式应为 yyyy-MM-dd HH:mm"
	MsgMilestoneFuture  = "节点时间不能晚于现在"
	msgMilestoneRow     = "第%d行："
	MsgMilestoneNoShip  = "货件不存在：%s"
	MsgMilestoneGone    = "物流节点不存在或已删除"
)

// Button permissions of 物流跟踪.
const (
	PermissionChannelEdit  = "erp:ship:transport:channel"
	PermissionTrackingEdit = "erp:ship:transport:edit"
)

// ModeNames and BasisNames are the channels' modes and price bases as the screens name them.
var (
	ModeNames  = map[string]string{shippingdb.ModeSea: "海运", shippingdb.ModeAir: "空运", shippingdb.ModeExpress: "快递"}
	BasisNames = map[string]string{shippingdb.BasisKg: "按重量(kg)", shippingdb.BasisCbm: "按体积(m³)"}
)

// Tracking is 物流跟踪: first-leg carriers and channels, each shipment's channel, tracking number, milestones,
// estimated arrival and freight (the amount 利润报告's 头程 spreads).
type Tracking struct {
	db       *models.DB
	now      core.Clock
	timeZone *time.Location
}

// NewTracking builds the service.
func NewTracking(db *models.DB, now core.Clock, timeZone *time.Location) *Tracking {
	return &Tracking{db: db, now: now, timeZone: timeZone}
}

// ChannelForm is a channel: its carrier (by name: a new one is made), name, mode, days, price basis and price.
type ChannelForm struct {
	Carrier   string `json:"carrier"`
	Name      string `json:"name"`
	Mode      string `json:"mode"`
	Days      int    `json:"days"`
	Basis     string `json:"basis"`
	UnitPrice string `json:"unitPrice"`
	Remark    string `json:"remark"`
}

// ChannelQuery is the body of the channel list: the page and a part of the carrier's or channel's name.
type ChannelQuery struct {
	core.PageRequest
	Keyword string `json:"keyword"`
}

// amount reads a non-negative decimal of at most scale decimals below 10^12; ok is false when it is not one.
func amount(raw string, scale int32) (decimal.Decimal, bool) {
	d, err := decimal.NewFromString(strings.TrimSpace(raw))
	if err != nil || d.IsNegative() || d.Exponent() < -scale || d.GreaterThanOrEqual(decimal.New(1, 12)) {
		return decimal.Decimal{}, false
	}
	return d, true
}

func (f *ChannelForm) check() (decimal.Decimal, error) {
	if err := core.CheckFields(core.Optional(&f.Carrier, "承运商", 100), core.Optional(&f.Name, "渠道名称", 100),
		core.Optional(&f.Remark, "备注", 500)); err != nil {
		return decimal.Decimal{}, err
	}
	switch {
	case f.Carrier == "":
		return decimal.Decimal{}, core.Invalid(MsgChannelCarrierEmpty)
	case f.Name == "":
		return decimal.Decimal{}, core.Invalid(MsgChannelNameEmpty)
	case ModeNames[f.Mode] == "":
		return decimal.Decimal{}, core.Invalid(MsgChannelModeBad)
	case f.Days < 1 || f.Days > 365:
		return decimal.Decimal{}, core.Invalid(MsgChannelDaysBad)
	case BasisNames[f.Basis] == "":
		return decimal.Decimal{}, core.Invalid(MsgChannelBasisBad)
	}
	price, ok := amount(f.UnitPrice, 2)
	if !ok {
		return decimal.Decimal{}, core.Invalid(MsgChannelPriceBad)
	}
	return price, nil
}

// ChannelPage lists the company's channels.
func (s *Tracking) ChannelPage(ctx context.Context, p core.Principal, q ChannelQuery) ([]shippingdb.ChannelRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	rows, total, err := shippingdb.ChannelPage(s.db.With(ctx), p.CompanyID, strings.TrimSpace(q.Keyword), r.Offset(), r.Size)
	return rows, total, r, err
}

// SaveChannel adds a channel (id "") or changes one of the company's; a channel's name is unique for its carrier.
func (s *Tracking) SaveChannel(ctx context.Context, p core.Principal, id string, f ChannelForm) (*shippingdb.ChannelRow, error) {
	price, err := f.check()
	if err != nil {
		return nil, err
	}
	var saved int64
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		now := s.now.Stamp()
		carrier, err := shippingdb.CarrierNamed(tx, p.CompanyID, f.Carrier, now)
		if err != nil {
			return err
		}
		ch := shippingdb.FreightChannel{CompanyID: p.CompanyID, CarrierID: carrier.ID, Name: f.Name, Mode: f.Mode, Days: f.Days,
			Basis: f.Basis, UnitPrice: price, Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
		var taken int64
		q := tx.Table("freight_channels").Where("carrier_id = ? AND name = ?", carrier.ID, f.Name)
		if id != "" {
			n, ok := core.ParseID(id)
			if !ok {
				return core.NotFound("物流渠道")
			}
			if _, err := shippingdb.ChannelByID(tx, p.CompanyID, n); err != nil {
				return core.NotFoundAs(err, "物流渠道")
			}
			q = q.Where("id <> ?", n)
			ch.ID = n
		}
		if err := q.Count(&taken).Error; err != nil {
			return err
		}
		if taken > 0 {
			return core.Invalid(MsgChannelTaken)
		}
		if id == "" {
			saved = 0
			if err := tx.Create(&ch).Error; err != nil {
				return err
			}
			saved = ch.ID
			return nil
		}
		saved = ch.ID
		return tx.Model(&shippingdb.FreightChannel{}).Where("company_id = ? AND id = ?", p.CompanyID, ch.ID).
			Updates(map[string]any{"carrier_id": ch.CarrierID, "name": ch.Name, "mode": ch.Mode, "days": ch.Days, "basis": ch.Basis,
				"unit_price": ch.UnitPrice, "remark": ch.Remark, "updated_at": now}).Error
	})
	if err != nil {
		return nil, err
	}
	return shippingdb.ChannelByID(s.db.With(ctx), p.CompanyID, saved)
}

// DeleteChannel deletes one of the company's channels no shipment uses.
func (s *Tracking) DeleteChannel(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound("物流渠道")
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		if _, err := shippingdb.ChannelByID(tx, p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, "物流渠道")
		}
		used, err := shippingdb.ChannelUsed(tx, p.CompanyID, n)
		if err != nil {
			return err
		}
		if used {
			return core.Refused(MsgChannelUsed)
		}
		return tx.Where("company_id = ? AND id = ?", p.CompanyID, n).Delete(&shippingdb.FreightChannel{}).Error
	})
}

// Channel loads one of the company's channels.
func (s *Tracking) Channel(ctx context.Context, p core.Principal, id int64) (*shippingdb.ChannelRow, error) {
	return shippingdb.ChannelByID(s.db.With(ctx), p.CompanyID, id)
}

// TrackingQuery is the body of 物流跟踪's list: the page, a part of the shipment id or tracking number, a channel
// and "1" (tracked) or "0" (no tracking number yet).
type TrackingQuery struct {
	core.PageRequest
	Search    string `json:"search"`
	ChannelID string `json:"channelId"`
	Tracked   string `json:"tracked"`
}

// Page lists the shipments of the user's store groups with their first-leg details.
func (s *Tracking) Page(ctx context.Context, p core.Principal, q TrackingQuery) ([]shippingdb.TrackingRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := shippingdb.TrackingFilter{UserID: p.UserID, Search: strings.TrimSpace(q.Search), Offset: r.Offset(), Limit: r.Size}
	if c := strings.TrimSpace(q.ChannelID); c != "" {
		var ok bool
		if f.ChannelID, ok = core.ParseID(c); !ok {
			return []shippingdb.TrackingRow{}, 0, r, nil
		}
	}
	switch strings.TrimSpace(q.Tracked) {
	case "1":
		yes := true
		f.Tracked = &yes
	case "0":
		no := false
		f.Tracked = &no
	}
	rows, total, err := shippingdb.TrackingPage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// Shipment loads a shipment of the user's store groups with its milestones.
func (s *Tracking) Shipment(ctx context.Context, p core.Principal, shipmentID string) (*shippingdb.ShipmentRow, []shippingdb.ShipmentMilestone, error) {
	db := s.db.With(ctx)
	sh, err := shippingdb.ShipmentRowByShipmentID(db, p.CompanyID, p.UserID, strings.TrimSpace(shipmentID))
	if err != nil {
		return nil, nil, core.NotFoundAs(err, "货件")
	}
	ms, err := shippingdb.MilestonesOf(db, p.CompanyID, sh.ID)
	return sh, ms, err
}

// TrackingForm is 编辑物流: the channel ("" for none), the tracking number, the gross weight (kg) and volume (m³),
// and the freight (CNY): "" computes it from the channel (weight or volume × its price), a figure is kept as typed.
type TrackingForm struct {
	ChannelID   string `json:"channelId"`
	Tracking    string `json:"tracking"`
	GrossWeight string `json:"grossWeight"`
	Volume      string `json:"volume"`
	Freight     string `json:"freight"`
}

// nullAmount reads an optional amount: "" is none.
func nullAmount(raw string, scale int32, msg string) (decimal.NullDecimal, error) {
	if strings.TrimSpace(raw) == "" {
		return decimal.NullDecimal{}, nil
	}
	d, ok := amount(raw, scale)
	if !ok {
		return decimal.NullDecimal{}, core.Invalid(msg)
	}
	return decimal.NullDecimal{Decimal: d, Valid: true}, nil
}

// SaveTracking sets a shipment's first leg: its channel (the shipment's carrier and channel names follow it), its
// tracking number, weight and volume, its estimated arrival (the ship date, or today before 发货, plus the channel's
// days) and its freight (typed, else the channel's price × weight or volume, to the cent), which 利润报告 spreads.
func (s *Tracking) SaveTracking(ctx context.Context, p core.Principal, shipmentID string, f TrackingForm) error {
	if err := core.CheckFields(core.Optional(&f.Tracking, "跟踪单号", 100)); err != nil {
		return err
	}
	weight, err := nullAmount(f.GrossWeight, 3, MsgWeightBad)
	if err != nil {
		return err
	}
	volume, err := nullAmount(f.Volume, 4, MsgVolumeBad)
	if err != nil {
		return err
	}
	typed, err := nullAmount(f.Freight, 2, MsgFreightBad)
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		sh, err := shippingdb.LockShipment(tx, p.CompanyID, p.UserID, strings.TrimSpace(shipmentID))
		if err != nil {
			return core.NotFoundAs(err, "货件")
		}
		sh.Tracking, sh.GrossWeight, sh.Volume, sh.ChannelID = f.Tracking, weight, volume, nil
		sh.EstimatedArrival, sh.Freight, sh.FreightSource = "", typed, ""
		if typed.Valid {
			sh.FreightSource = shippingdb.FreightTyped
		}
		if raw := strings.TrimSpace(f.ChannelID); raw != "" {
			n, ok := core.ParseID(raw)
			if !ok {
				return core.Invalid(MsgChannelMissing)
			}
			ch, err := shippingdb.ChannelByID(tx, p.CompanyID, n)
			if err != nil {
				if models.IsNotFound(err) {
					return core.Invalid(MsgChannelMissing)
				}
				return err
			}
			sh.ChannelID, sh.Carrier, sh.Channel = &ch.ID, ch.CarrierName, ch.Name
			from := s.now.Stamp()
			if sh.ShippedAt != nil {
				from = *sh.ShippedAt
			}
			sh.EstimatedArrival = from.In(s.timeZone).AddDate(0, 0, ch.Days).Format(time.DateOnly)
			if !typed.Valid {
				measure, what := weight, "毛重(kg)"
				if ch.Basis == shippingdb.BasisCbm {
					measure, what = volume, "体积(m³)"
				}
				if !measure.Valid {
					return core.Invalid(fmt.Sprintf(MsgFreightNoMeasure, map[string]string{shippingdb.BasisKg: "重量", shippingdb.BasisCbm: "体积"}[ch.Basis], what))
				}
				sh.Freight = decimal.NullDecimal{Decimal: measure.Decimal.Mul(ch.UnitPrice).Round(2), Valid: true}
				sh.FreightSource = shippingdb.FreightFromChannel
			}
		}
		sh.UpdatedAt = s.now.Stamp()
		return shippingdb.SaveTracking(tx, sh)
	})
}

// MilestoneForm is a milestone typed: when (yyyy-MM-dd HH:mm, the company's zone), where and what.
type MilestoneForm struct {
	HappenedAt  string `json:"happenedAt"`
	Location    string `json:"location"`
	Description string `json:"description"`
}

func (s *Tracking) milestone(f MilestoneForm) (time.Time, error) {
	if err := core.CheckFields(core.Optional(&f.Location, "地点", 200), core.Optional(&f.Description, "节点描述", 500)); err != nil {
		return time.Time{}, err
	}
	if strings.TrimSpace(f.Description) == "" {
		return time.Time{}, core.Invalid(MsgMilestoneEmpty)
	}
	at, err := time.ParseInLocation("2006-01-02 15:04", strings.TrimSpace(f.HappenedAt), s.timeZone)
	if err != nil {
		return time.Time{}, core.Invalid(MsgMilestoneTimeBad)
	}
	if at.After(s.now().Add(time.Minute)) {
		return time.Time{}, core.Invalid(MsgMilestoneFuture)
	}
	return at.UTC(), nil
}

// AddMilestone adds a milestone to a shipment of the user's store groups.
func (s *Tracking) AddMilestone(ctx context.Context, p core.Principal, shipmentID string, f MilestoneForm) error {
	at, err := s.milestone(f)
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		sh, err := shippingdb.LockShipment(tx, p.CompanyID, p.UserID, strings.TrimSpace(shipmentID))
		if err != nil {
			return core.NotFoundAs(err, "货件")
		}
		return tx.Create(&shippingdb.ShipmentMilestone{CompanyID: p.CompanyID, ShipmentRef: sh.ID, HappenedAt: at,
			Location: strings.TrimSpace(f.Location), Description: strings.TrimSpace(f.Description), OperatorID: &p.UserID,
			CreatedAt: s.now.Stamp()}).Error
	})
}

// EditMilestone rewrites a milestone of a shipment of the user's store groups (a typo in its time or place).
func (s *Tracking) EditMilestone(ctx context.Context, p core.Principal, shipmentID, milestoneID string, f MilestoneForm) error {
	at, err := s.milestone(f)
	if err != nil {
		return err
	}
	return s.changeMilestone(ctx, p, shipmentID, milestoneID, func(tx *models.DB, ref, id int64) (bool, error) {
		return shippingdb.UpdateMilestone(tx, p.CompanyID, ref, id, at, strings.TrimSpace(f.Location), strings.TrimSpace(f.Description))
	})
}

// DeleteMilestone removes a milestone of a shipment of the user's store groups.
func (s *Tracking) DeleteMilestone(ctx context.Context, p core.Principal, shipmentID, milestoneID string) error {
	return s.changeMilestone(ctx, p, shipmentID, milestoneID, func(tx *models.DB, ref, id int64) (bool, error) {
		return shippingdb.DeleteMilestone(tx, p.CompanyID, ref, id)
	})
}

func (s *Tracking) changeMilestone(ctx context.Context, p core.Principal, shipmentID, milestoneID string,
	change func(tx *models.DB, ref, id int64) (bool, error)) error {
	id, ok := core.ParseID(milestoneID)
	if !ok {
		return core.Invalid(MsgMilestoneGone)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		sh, err := shippingdb.LockShipment(tx, p.CompanyID, p.UserID, strings.TrimSpace(shipmentID))
		if err != nil {
			return core.NotFoundAs(err, "货件")
		}
		changed, err := change(tx, sh.ID, id)
		if err == nil && !changed {
			err = core.Invalid(MsgMilestoneGone)
		}
		return err
	})
}

// ImportedMilestone is a row of the milestones' import: the shipment it belongs to and the milestone.
type ImportedMilestone struct {
	ShipmentID string
	MilestoneForm
}

// ImportMilestones adds milestones to shipments of the user's store groups, every row or none: a bad row or an
// unknown shipment is refused naming its row (the header is row 1).
func (s *Tracking) ImportMilestones(ctx context.Context, p core.Principal, rows []ImportedMilestone) (int, error) {
	if len(rows) == 0 {
		return 0, core.Invalid("文件中没有节点")
	}
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		refs := map[string]int64{}
		for i, r := range rows {
			prefix := fmt.Sprintf(msgMilestoneRow, i+2)
			at, err := s.milestone(r.MilestoneForm)
			if err != nil {
				return core.Invalid(prefix + err.Error())
			}
			id := strings.TrimSpace(r.ShipmentID)
			ref, ok := refs[id]
			if !ok {
				sh, err := shippingdb.LockShipment(tx, p.CompanyID, p.UserID, id)
				if models.IsNotFound(err) {
					return core.Invalid(prefix + fmt.Sprintf(MsgMilestoneNoShip, id))
				}
				if err != nil {
					return err
				}
				ref, refs[id] = sh.ID, sh.ID
			}
			if err := tx.Create(&shippingdb.ShipmentMilestone{CompanyID: p.CompanyID, ShipmentRef: ref, HappenedAt: at,
				Location: strings.TrimSpace(r.Location), Description: strings.TrimSpace(r.Description), OperatorID: &p.UserID,
				CreatedAt: s.now.Stamp()}).Error; err != nil {
				return err
			}
		}
		return nil
	})
	return len(rows), err
}

// MilestoneHeader is the milestones' import template's header row.
var MilestoneHeader = []string{"货件号", "节点时间", "地点", "节点描述"}

// ReadMilestoneSheet reads the milestones' import: after the header, each row's 货件号, 节点时间 (yyyy-MM-dd HH:mm),
// 地点 and 节点描述; up to 5,000 rows, blank rows skipped.
func ReadMilestoneSheet(r io.Reader) ([]ImportedMilestone, error) {
	rows, err := core.SheetRows(r, 5000, "请上传.xlsx格式的节点文件", "节点不能超过5000行")
	if err != nil {
		return nil, err
	}
	var out []ImportedMilestone
	for i, row := range rows {
		if i == 0 {
			continue
		}
		cell := func(n int) string {
			if n < len(row) {
				return strings.TrimSpace(row[n])
			}
			return ""
		}
		if strings.Join(row, "") == "" {
			continue
		}
		out = append(out, ImportedMilestone{ShipmentID: cell(0), MilestoneForm: MilestoneForm{HappenedAt: cell(1), Location: cell(2), Description: cell(3)}})
	}
	return out, nil
}
