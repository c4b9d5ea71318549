package reference

import (
	"context"
	"regexp"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	referencedb "sellerhub/models/reference"
)

// Messages of the tag and tag group calls.
const (
	MsgTagGroupHasTags   = "标签分组下还有标签，不能删除"
	MsgTagGroupNameTaken = "标签分组名称已存在"
	MsgTagNameTaken      = "标签名称已存在"
	MsgTagGroupEmpty     = "请选择标签分组"
	MsgTagGroupMissing   = "标签分组不存在"
	MsgTagColorBad       = "颜色格式不正确，应为#RRGGBB"
)

// Button permissions of the 标签 and 标签分组 screens. Reading needs none: product screens show tags.
const (
	PermissionTagAdd         = "sys:tag:add"
	PermissionTagEdit        = "sys:tag:edit"
	PermissionTagDelete      = "sys:tag:delete"
	PermissionTagGroupAdd    = "sys:taggroup:add"
	PermissionTagGroupEdit   = "sys:taggroup:edit"
	PermissionTagGroupDelete = "sys:taggroup:delete"
)

const (
	whatTag      = "标签"
	whatTagGroup = "标签分组"
	// tagGroupOptionsLimit bounds the group drop-down: nobody picks from more groups than this.
	tagGroupOptionsLimit = 500
)

var tagColorPattern = regexp.MustCompile(`^#[0-9A-Fa-f]{6}$`)

// tagSorts and tagGroupSorts are the columns the lists may be sorted by.
var (
	tagGroupSorts = map[string]string{"name": "name", "createdAt": "created_at"}
	tagSorts      = map[string]string{"name": "name", "color": "color", "createdAt": "created_at"}
)

// TagGroupForm is a tag group as the add and edit forms send it.
type TagGroupForm struct {
	Name   string `json:"name" form:"name"`
	Remark string `json:"remark" form:"remark"`
}

func (f *TagGroupForm) check() error {
	return core.CheckFields(core.Required(&f.Name, "标签分组名称", 50), core.Optional(&f.Remark, "备注", 200))
}

// TagForm is a tag as the add and edit forms send it; GroupID is the group's id as a string.
type TagForm struct {
	Name    string `json:"name" form:"name"`
	Color   string `json:"color" form:"color"`
	GroupID string `json:"groupId" form:"groupId"`
	Remark  string `json:"remark" form:"remark"`
}

func (f *TagForm) check() error {
	if err := core.CheckFields(core.Required(&f.Name, "标签名称", 50), core.Optional(&f.Remark, "备注", 200)); err != nil {
		return err
	}
	f.Color, f.GroupID = strings.TrimSpace(f.Color), strings.TrimSpace(f.GroupID)
	switch {
	case f.Color != "" && !tagColorPattern.MatchString(f.Color):
		return core.Invalid(MsgTagColorBad)
	case f.GroupID == "":
		return core.Invalid(MsgTagGroupEmpty)
	}
	return nil
}

// TagGroupPage lists a page of the company's tag groups, with the total and the page served.
func (s *Service) TagGroupPage(ctx context.Context, p core.Principal, q core.ListQuery) ([]referencedb.TagGroup, int64, core.PageRequest, error) {
	l, r := q.NamedList(tagGroupSorts)
	rows, total, err := referencedb.TagGroupPage(s.db.With(ctx), p.CompanyID, l)
	return rows, total, r, err
}

// TagGroupOptions lists the company's tag groups by name, for the group drop-downs.
func (s *Service) TagGroupOptions(ctx context.Context, p core.Principal) ([]referencedb.TagGroup, error) {
	return referencedb.TagGroups(s.db.With(ctx), p.CompanyID, tagGroupOptionsLimit)
}

// TagGroup loads one of the company's tag groups by the id in the path.
func (s *Service) TagGroup(ctx context.Context, p core.Principal, id string) (*referencedb.TagGroup, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatTagGroup)
	}
	g, err := referencedb.TagGroupByID(s.db.With(ctx), p.CompanyID, n)
	return g, core.NotFoundAs(err, whatTagGroup)
}

func tagGroupNameFree(db *models.DB, companyID int64, name string, self int64) error {
	return core.NameFree(func() (int64, error) {
		g, err := referencedb.TagGroupByName(db, companyID, name)
		if err != nil {
			return 0, err
		}
		return g.ID, nil
	}, self, MsgTagGroupNameTaken)
}

// CreateTagGroup adds a tag group to the company; its name must be new in the company.
func (s *Service) CreateTagGroup(ctx context.Context, p core.Principal, f TagGroupForm) (*referencedb.TagGroup, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	g := &referencedb.TagGroup{CompanyID: p.CompanyID, Name: f.Name, Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if err := tagGroupNameFree(tx, p.CompanyID, f.Name, 0); err != nil {
			return err
		}
		return core.DuplicateAs(referencedb.CreateTagGroup(tx, g), MsgTagGroupNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// UpdateTagGroup changes one of the company's tag groups; its name must stay unique in the company.
func (s *Service) UpdateTagGroup(ctx context.Context, p core.Principal, id string, f TagGroupForm) (*referencedb.TagGroup, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatTagGroup)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	var g *referencedb.TagGroup
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if g, err = referencedb.TagGroupByID(tx, p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, whatTagGroup)
		}
		if err := tagGroupNameFree(tx, p.CompanyID, f.Name, g.ID); err != nil {
			return err
		}
		g.Name, g.Remark, g.UpdatedAt = f.Name, f.Remark, s.now.Stamp()
		return core.DuplicateAs(referencedb.UpdateTagGroup(tx, g), MsgTagGroupNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// DeleteTagGroup deletes one of the company's tag groups, refused while it still has tags.
func (s *Service) DeleteTagGroup(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatTagGroup)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		// Locked, so that no tag is added to the group between the count and the delete.
		if _, err := referencedb.TagGroupByID(tx.ForUpdate(), p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, whatTagGroup)
		}
		tags, err := referencedb.CountTagsInGroup(tx, p.CompanyID, n)
		if err != nil {
			return err
		}
		if tags > 0 {
			return core.Refused(MsgTagGroupHasTags)
		}
		return core.NotFoundAs(referencedb.DeleteTagGroup(tx, p.CompanyID, n), whatTagGroup)
	})
}

// TagPage lists a page of the company's tags, of one group when the query names it, with the total and the page
// served.
func (s *Service) TagPage(ctx context.Context, p core.Principal, q core.ListQuery) ([]referencedb.Tag, int64, core.PageRequest, error) {
	l, r := q.NamedList(tagSorts)
	var group int64
	if q.GroupID != "" {
		n, ok := core.ParseID(q.GroupID)
		if !ok {
			return []referencedb.Tag{}, 0, r, nil
		}
		group = n
	}
	rows, total, err := referencedb.TagPage(s.db.With(ctx), p.CompanyID, group, l)
	return rows, total, r, err
}

// Tag loads one of the company's tags by the id in the path.
func (s *Service) Tag(ctx context.Context, p core.Principal, id string) (*referencedb.Tag, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatTag)
	}
	t, err := referencedb.TagByID(s.db.With(ctx), p.CompanyID, n)
	return t, core.NotFoundAs(err, whatTag)
}

// lockTagGroup locks the company's group a tag is saved in, so that it cannot be deleted before the tag is
// written, and answers its name. A group that is not the company's is bad input.
func lockTagGroup(tx *models.DB, companyID int64, id string) (string, int64, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return "", 0, core.Invalid(MsgTagGroupMissing)
	}
	g, err := referencedb.TagGroupByID(tx.ForUpdate(), companyID, n)
	if models.IsNotFound(err) {
		return "", 0, core.Invalid(MsgTagGroupMissing)
	} else if err != nil {
		return "", 0, err
	}
	return g.Name, g.ID, nil
}

func tagNameFree(db *models.DB, companyID int64, name string, self int64) error {
	return core.NameFree(func() (int64, error) {
		t, err := referencedb.TagByName(db, companyID, name)
		if err != nil {
			return 0, err
		}
		return t.ID, nil
	}, self, MsgTagNameTaken)
}

// CreateTag adds a tag to one of the company's groups; its name must be new in the company.
func (s *Service) CreateTag(ctx context.Context, p core.Principal, f TagForm) (*referencedb.Tag, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	t := &referencedb.Tag{CompanyID: p.CompanyID, Name: f.Name, Color: f.Color, Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if t.GroupName, t.GroupID, err = lockTagGroup(tx, p.CompanyID, f.GroupID); err != nil {
			return err
		}
		if err := tagNameFree(tx, p.CompanyID, f.Name, 0); err != nil {
			return err
		}
		return core.DuplicateAs(referencedb.CreateTag(tx, t), MsgTagNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// UpdateTag changes one of the company's tags, possibly moving it to another of the company's groups; its name
// must stay unique in the company.
func (s *Service) UpdateTag(ctx context.Context, p core.Principal, id string, f TagForm) (*referencedb.Tag, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatTag)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	var t *referencedb.Tag
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if t, err = referencedb.TagByID(tx, p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, whatTag)
		}
		if t.GroupName, t.GroupID, err = lockTagGroup(tx, p.CompanyID, f.GroupID); err != nil {
			return err
		}
		if err := tagNameFree(tx, p.CompanyID, f.Name, t.ID); err != nil {
			return err
		}
		t.Name, t.Color, t.Remark, t.UpdatedAt = f.Name, f.Color, f.Remark, s.now.Stamp()
		return core.DuplicateAs(referencedb.UpdateTag(tx, t), MsgTagNameTaken)
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// DeleteTag deletes one of the company's tags.
func (s *Service) DeleteTag(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatTag)
	}
	return core.NotFoundAs(referencedb.DeleteTag(s.db.With(ctx), p.CompanyID, n), whatTag)
}
