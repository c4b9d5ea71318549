package stores

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"sellerhub/app/core"
	"sellerhub/models"
	storesdb "sellerhub/models/stores"
)

// Messages of the store group (店铺) calls.
const (
	MsgStoreGroupNameTaken  = "店铺名称已存在"
	MsgStoreGroupHasSellers = "店铺下还有已授权的卖家账号，不能删除"
	MsgStoreGroupHasUsers   = "还有子账号限定在该店铺，不能删除"
	MsgStoreGroupInUse      = "店铺已有产品或货件数据，不能删除"
)

// Button permissions of the 店铺管理 screen: adding store groups and authorising them, and disabling an
// authorisation (also deleting a group, which is the stronger act).
const (
	PermissionStoreAdd     = "amz:auth:store:add"
	PermissionStoreDisable = "amz:auth:store:disable"
)

const whatStoreGroup = "店铺"

// StoreGroupForm is a store group as the add and rename forms send it.
type StoreGroupForm struct {
	Name   string `json:"name" form:"name"`
	Remark string `json:"remark" form:"remark"`
}

func (f *StoreGroupForm) check() error {
	return core.CheckFields(core.Required(&f.Name, "店铺名称", 50), core.Optional(&f.Remark, "备注", 200))
}

// StoreGroups lists the store groups the user may see, by name: all of the company's, or those the user is
// limited to.
func (s *Service) StoreGroups(ctx context.Context, p core.Principal) ([]storesdb.StoreGroup, error) {
	return storesdb.VisibleStoreGroups(s.db.With(ctx), p.CompanyID, p.UserID, "")
}

// StoreGroupOptions lists the store groups the user may see by name: the choices the 子账号 screen limits users to
// (nobody grants a group they cannot see).
func (s *Service) StoreGroupOptions(ctx context.Context, p core.Principal) ([]storesdb.StoreGroup, error) {
	return storesdb.VisibleStoreGroups(s.db.With(ctx), p.CompanyID, p.UserID, "")
}

// visibleGroup loads a store group by the id a call names, if the user may see it; else 店铺不存在.
func (s *Service) visibleGroup(db *models.DB, p core.Principal, raw string) (*storesdb.StoreGroup, error) {
	id, ok := core.ParseID(raw)
	if !ok {
		return nil, core.NotFound(whatStoreGroup)
	}
	g, err := storesdb.VisibleStoreGroup(db, p.CompanyID, p.UserID, id)
	if err != nil {
		return nil, core.NotFoundAs(err, whatStoreGroup)
	}
	return g, nil
}

// CreateStoreGroup adds a store group to the company; a name is unique in the company.
func (s *Service) CreateStoreGroup(ctx context.Context, p core.Principal, f StoreGroupForm) (*storesdb.StoreGroup, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	g := &storesdb.StoreGroup{CompanyID: p.CompanyID, Name: f.Name, Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if err := storeGroupNameFree(tx, p.CompanyID, f.Name, 0); err != nil {
			return err
		}
		return core.DuplicateAs(tx.Create(g).Error, MsgStoreGroupNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// storeGroupNameFree refuses a name the company already uses on a group other than self (0 for a new group),
// one the user may not see included: the name is unique in the company.
func storeGroupNameFree(db *models.DB, companyID int64, name string, self int64) error {
	return core.NameFree(func() (int64, error) { return storesdb.StoreGroupIDByName(db, companyID, name) }, self, MsgStoreGroupNameTaken)
}

// UpdateStoreGroup renames a store group the user may see.
func (s *Service) UpdateStoreGroup(ctx context.Context, p core.Principal, id string, f StoreGroupForm) (*storesdb.StoreGroup, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	var g *storesdb.StoreGroup
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if g, err = s.visibleGroup(tx, p, id); err != nil {
			return err
		}
		if err := storeGroupNameFree(tx, p.CompanyID, f.Name, g.ID); err != nil {
			return err
		}
		g.Name, g.Remark, g.UpdatedAt = f.Name, f.Remark, s.now.Stamp()
		return core.DuplicateAs(core.NotFoundAs(storesdb.UpdateStoreGroup(tx, g), whatStoreGroup), MsgStoreGroupNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// StoreGroup is one store group the user may see.
func (s *Service) StoreGroup(ctx context.Context, p core.Principal, id string) (*storesdb.StoreGroup, error) {
	return s.visibleGroup(s.db.With(ctx), p, id)
}

// DeleteStoreGroup removes a store group the user may see that nothing refers to any more: no seller account
// (disabled ones included: their history belongs to the group), no user limited to it, no listing or shipment.
func (s *Service) DeleteStoreGroup(ctx context.Context, p core.Principal, id string) error {
	return s.db.Tx(ctx, func(tx *models.DB) error {
		g, err := s.visibleGroup(tx, p, id)
		if err != nil {
			return err
		}
		sellers, users, err := storesdb.StoreGroupUsage(tx, g.ID)
		switch {
		case err != nil:
			return err
		case sellers > 0:
			return core.Refused(MsgStoreGroupHasSellers)
		case users > 0:
			return core.Refused(MsgStoreGroupHasUsers)
		}
		if adverts, err := storesdb.AdvAuthCountOfGroup(tx, p.CompanyID, g.ID); err != nil {
			return err
		} else if adverts > 0 {
			return core.Refused(MsgStoreGroupHasAdverts)
		}
		err = storesdb.DeleteStoreGroup(tx, p.CompanyID, g.ID)
		if errors.Is(err, gorm.ErrForeignKeyViolated) {
			return core.Refused(MsgStoreGroupInUse)
		}
		return core.NotFoundAs(err, whatStoreGroup)
	})
}
