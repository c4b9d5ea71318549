package shipping

import (
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"

	"sellerhub/models"
)

// First-leg channel modes (FreightChannel.Mode) and price bases (FreightChannel.Basis).
const (
	ModeSea     = "sea"
	ModeAir     = "air"
	ModeExpress = "express"
	BasisKg     = "kg"
	BasisCbm    = "cbm"
)

// Where a shipment's freight came from (Shipment.FreightSource).
const (
	FreightFromChannel = "channel"
	FreightTyped       = "typed"
)

// FreightCarrier is a first-leg carrier (承运商) of the company.
type FreightCarrier struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	Name      string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new carrier its id.
func (c *FreightCarrier) BeforeCreate(*gorm.DB) error {
	if c.ID == 0 {
		c.ID = models.NewID()
	}
	return nil
}

// FreightChannel is one of a carrier's channels (物流渠道): its mode, the days it takes and its price (CNY) per kg or
// per cubic metre.
type FreightChannel struct {
	ID        int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID int64
	CarrierID int64
	Name      string
	Mode      string
	Days      int
	Basis     string
	UnitPrice decimal.Decimal
	Remark    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BeforeCreate gives a new channel its id.
func (c *FreightChannel) BeforeCreate(*gorm.DB) error {
	if c.ID == 0 {
		c.ID = models.NewID()
	}
	return nil
}

// ChannelRow is a channel with its carrier's name and how many shipments use it.
type ChannelRow struct {
	FreightChannel
	CarrierName string
	Shipments   int
}

// ChannelPage lists a page of the company's channels by carrier and name, those whose carrier or name holds
// keyword (all for ""), with the total.
func ChannelPage(db *models.DB, companyID int64, keyword string, offset, limit int) ([]ChannelRow, int64, error) {
	q := db.Table("freight_channels").Scopes(models.InCompany("freight_channels", companyID)).
		Joins("JOIN freight_carriers ON freight_carriers.id = freight_channels.carrier_id")
	if keyword != "" {
		like := models.ContainsPattern(keyword)
		q = q.Where("(freight_channels.name LIKE ? ESCAPE '"+models.LikeEscape+"' OR freight_carriers.name LIKE ? ESCAPE '"+models.LikeEscape+"')", like, like)
	}
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, err
	}
	rows := []ChannelRow{}
	err := q.Select("freight_channels.*, freight_carriers.name AS carrier_name, " +
		"(SELECT COUNT(*) FROM shipments s WHERE s.channel_id = freight_channels.id) AS shipments").
		Order("freight_carriers.name, freight_channels.name").Offset(offset).Limit(limit).Scan(&rows).Error
	return rows, total, err
}

// ChannelByID loads one of the company's channels with its carrier's name, or ErrNotFound.
func ChannelByID(db *models.DB, companyID, id int64) (*ChannelRow, error) {
	var rows []ChannelRow
	err := db.Table("freight_channels").Scopes(models.InCompany("freight_channels", companyID)).
		Select("freight_channels.*, freight_carriers.name AS carrier_name, 0 AS shipments").
		Joins("JOIN freight_carriers ON freight_carriers.id = freight_channels.carrier_id").
		Where("freight_channels.id = ?", id).Limit(1).Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, gorm.ErrRecordNotFound
	}
	return &rows[0], nil
}

// CarrierNamed answers the company's carrier of that name, made when it has none.
func CarrierNamed(db *models.DB, companyID int64, name string, now time.Time) (*FreightCarrier, error) {
	var c FreightCarrier
	err := db.Scopes(models.InCompany("freight_carriers", companyID)).Where("freight_carriers.name = ?", name).Take(&c).Error
	if models.IsNotFound(err) {
		c = FreightCarrier{CompanyID: companyID, Name: name, CreatedAt: now, UpdatedAt: now}
		err = db.Create(&c).Error
	}
	return &c, err
}

// ChannelUsed says whether a shipment, or a 海外仓入库 (a first leg to an overseas warehouse), uses the channel.
func ChannelUsed(db *models.DB, companyID, id int64) (bool, error) {
	var n int64
	err := db.Table("shipments").Where("company_id = ? AND channel_id = ?", companyID, id).Count(&n).Error
	if err != nil || n > 0 {
		return n > 0, err
	}
	err = db.Table("stock_documents").Where("company_id = ? AND channel_id = ?", companyID, id).Count(&n).Error
	return n > 0, err
}

// ShipmentMilestone is a step of a shipment's first leg (提货, 开船, 到港, 清关, 派送, 签收...) at a time and place.
type ShipmentMilestone struct {
	ID          int64 `gorm:"primaryKey;autoIncrement:false"`
	CompanyID   int64
	ShipmentRef int64
	HappenedAt  time.Time
	Location    string
	Description string
	OperatorID  *int64
	CreatedAt   time.Time
}

// BeforeCreate gives a new milestone its id.
func (m *ShipmentMilestone) BeforeCreate(*gorm.DB) error {
	if m.ID == 0 {
		m.ID = models.NewID()
	}
	return nil
}

// MilestonesOf lists a shipment's milestones, latest first.
func MilestonesOf(db *models.DB, companyID, shipmentRef int64) ([]ShipmentMilestone, error) {
	rows := []ShipmentMilestone{}
	err := db.Scopes(models.InCompany("shipment_milestones", companyID)).Where("shipment_milestones.shipment_ref = ?", shipmentRef).
		Order("happened_at DESC, id DESC").Find(&rows).Error
	return rows, err
}

// UpdateMilestone rewrites a milestone of the shipment; false when it has none of that id.
func UpdateMilestone(db *models.DB, companyID, shipmentRef, id int64, at time.Time, location, description string) (bool, error) {
	res := db.Model(&ShipmentMilestone{}).Where("company_id = ? AND shipment_ref = ? AND id = ?", companyID, shipmentRef, id).
		Updates(map[string]any{"happened_at": at, "location": location, "description": description})
	return res.RowsAffected == 1, res.Error
}

// DeleteMilestone removes a milestone of the shipment; false when it has none of that id.
func DeleteMilestone(db *models.DB, companyID, shipmentRef, id int64) (bool, error) {
	res := db.Where("company_id = ? AND shipment_ref = ? AND id = ?", companyID, shipmentRef, id).Delete(&ShipmentMilestone{})
	return res.RowsAffected == 1, res.Error
}

// TrackingRow is a shipment as 物流跟踪 lists it: its names, units, channel and the latest milestone.
type TrackingRow struct {
	ShipmentRow
	ChannelName     string
	ChannelMode     string
	LastMilestone   string
	LastMilestoneAt *time.Time
}

// TrackingFilter narrows 物流跟踪's list: a part of the shipment id or tracking number, a channel (0 all), and
// whether the shipment has a tracking number (nil all).
type TrackingFilter struct {
	UserID        int64
	Search        string
	ChannelID     int64
	Tracked       *bool
	Offset, Limit int
}

// TrackingPage lists a page of the company's shipments (not cancelled or rejected) of the store groups the user
// is granted, newest first, with the total.
func TrackingPage(db *models.DB, companyID int64, f TrackingFilter) ([]TrackingRow, int64, error) {
	q := db.Table("shipments").Scopes(models.InCompany("shipments", companyID), models.InGrantedGroups("shipments.group_id", f.UserID)).
		Where("shipments.status > ?", ShipmentCancelled)
	if f.Search != "" {
		like := models.ContainsPattern(f.Search)
		q = q.Where("(shipments.shipment_id LIKE ? ESCAPE '"+models.LikeEscape+"' OR shipments.tracking LIKE ? ESCAPE '"+models.LikeEscape+"')", like, like)
	}
	if f.ChannelID != 0 {
		q = q.Where("shipments.channel_id = ?", f.ChannelID)
	}
	if f.Tracked != nil {
		if *f.Tracked {
			q = q.Where("shipments.tracking <> ''")
		} else {
			q = q.Where("shipments.tracking = ''")
		}
	}
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, err
	}
	rows := []TrackingRow{}
	err := q.Select(shipmentRowColumns + ", COALESCE(fc.name, '') AS channel_name, COALESCE(fc.mode, '') AS channel_mode, " +
		"COALESCE((SELECT m.description FROM shipment_milestones m WHERE m.shipment_ref = shipments.id ORDER BY m.happened_at DESC, m.id DESC LIMIT 1), '') AS last_milestone").
		Joins("JOIN store_groups ON store_groups.id = shipments.group_id").
		Joins("JOIN warehouses ON warehouses.id = shipments.warehouse_id").
		Joins("LEFT JOIN freight_channels fc ON fc.id = shipments.channel_id").
		Order("shipments.created_at DESC, shipments.id DESC").Offset(f.Offset).Limit(f.Limit).Scan(&rows).Error
	return rows, total, err
}

// SaveTracking writes a shipment's first-leg details.
func SaveTracking(db *models.DB, sh *Shipment) error {
	return db.Model(sh).Scopes(models.InCompany("shipments", sh.CompanyID)).Select("carrier", "channel", "tracking", "freight",
		"channel_id", "gross_weight", "volume", "estimated_arrival", "freight_source", "updated_at").Updates(sh).Error
}
