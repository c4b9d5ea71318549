package reference

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"sellerhub/app/core"
	"sellerhub/models"
	referencedb "sellerhub/models/reference"
)

// Messages of the dictionary calls.
const (
	MsgDictNameEmpty        = "字典名称不能为空"
	MsgDictNameTooLong      = "字典名称不能超过50个字符"
	MsgDictCodeEmpty        = "字典编码不能为空"
	MsgDictCodeTooLong      = "字典编码不能超过50个字符"
	MsgDictCodeBad          = "字典编码只能包含字母、数字和下划线"
	MsgDictStatusBad        = "状态不正确"
	MsgDictRemarkTooLong    = "备注不能超过200个字符"
	MsgDictItemNameEmpty    = "字典项名称不能为空"
	MsgDictItemNameTooLong  = "字典项名称不能超过50个字符"
	MsgDictItemValueEmpty   = "字典项值不能为空"
	MsgDictItemValueTooLong = "字典项值不能超过100个字符"
	MsgDictItemSortBad      = "排序必须是0到999999之间的整数"
	MsgDictMissing          = "字典不存在"
	MsgDictHasItems         = "删除字典失败，请先删除关联字典数据"
	MsgDictCodeTaken        = "字典编码已存在"
	MsgDictItemValueTaken   = "该字典下字典项值已存在"
)

// Button permissions of the dictionary screen (系统 > 基础设置 > 数据字典). Reading needs none: drop-downs all over
// the product read dictionaries.
const (
	PermissionDictAdd    = "sys:dict:add"
	PermissionDictEdit   = "sys:dict:edit"
	PermissionDictDelete = "sys:dict:delete"
)

// Limits of the dictionary fields, the columns' sizes.
const (
	dictNameMaxRunes      = 50
	dictCodeMaxLen        = 50
	dictRemarkMaxRunes    = 200
	dictItemNameMaxRunes  = 50
	dictItemValueMaxRunes = 100
	dictItemSortMax       = 999999
	// dictOptionsLimit bounds a drop-down's list: nobody picks from more, and a dictionary grown to a hundred
	// thousand items must not answer them all at every page load.
	dictOptionsLimit = 1000
)

var dictCodePattern = regexp.MustCompile(`^[A-Za-z0-9_]+$`)

// Names of what the dictionary calls look up, for NotFound.
const (
	whatDict     = "字典"
	whatDictItem = "字典项"
)

// DictQuery is a page request of the dictionary lists: page (from 1) and limit as the clients send them, the
// name filter (a part of the name), and for items the dictionary's code.
type DictQuery struct {
	Page  int `query:"page"`
	Limit int `query:"limit"`
	// After and Before name the row the page is asked next to, as core.PageRequest's do.
	After    core.AnchorID `query:"after"`
	Before   core.AnchorID `query:"before"`
	Name     string        `query:"name"`
	DictCode string        `query:"dictCode"`
	// Sort is a column of the list by its API name, Order asc or desc; the models take known columns only.
	Sort  string `query:"sort"`
	Order string `query:"order"`
	// whole asks for the whole query (an export); unexported, so no request sets it.
	whole bool
}

// WholeQuery asks for the whole query in one page, as core.PageRequest's does.
func (q *DictQuery) WholeQuery() { q.whole = true }

func (q DictQuery) listSort() models.ListSort {
	return models.ListSort{Field: q.Sort, Desc: strings.EqualFold(q.Order, "desc")}
}

// page is the page actually served: the first unless asked, 10 rows unless asked, never more than 100 (but for an
// export, the whole query).
func (q DictQuery) page() core.PageRequest {
	r := core.PageRequest{Current: q.Page, Size: q.Limit, After: q.After, Before: q.Before}
	if q.whole {
		r.WholeQuery()
	}
	return r.Normalized()
}

// DictForm is a dictionary as the add and edit forms send it. Status nil means enabled for a new dictionary and
// unchanged for an edited one.
type DictForm struct {
	Name   string `json:"name" form:"name"`
	Code   string `json:"code" form:"code"`
	Status *int   `json:"status" form:"status"`
	Remark string `json:"remark" form:"remark"`
}

// DictItemForm is an item as the add and edit forms send it. Sort and Status nil mean 0 and enabled for a new
// item, unchanged for an edited one.
type DictItemForm struct {
	DictCode string `json:"dictCode" form:"dictCode"`
	Name     string `json:"name" form:"name"`
	Value    string `json:"value" form:"value"`
	Sort     *int   `json:"sort" form:"sort"`
	Status   *int   `json:"status" form:"status"`
	Remark   string `json:"remark" form:"remark"`
}

func validStatus(status *int) bool {
	return status == nil || *status == referencedb.DictEnabled || *status == referencedb.DictDisabled
}

// check trims the form and tells what is wrong with it first.
func (f *DictForm) check() error {
	f.Name, f.Code, f.Remark = strings.TrimSpace(f.Name), strings.TrimSpace(f.Code), strings.TrimSpace(f.Remark)
	switch {
	case f.Name == "":
		return core.Invalid(MsgDictNameEmpty)
	case utf8.RuneCountInString(f.Name) > dictNameMaxRunes:
		return core.Invalid(MsgDictNameTooLong)
	case f.Code == "":
		return core.Invalid(MsgDictCodeEmpty)
	case !dictCodePattern.MatchString(f.Code):
		return core.Invalid(MsgDictCodeBad)
	case len(f.Code) > dictCodeMaxLen:
		return core.Invalid(MsgDictCodeTooLong)
	case !validStatus(f.Status):
		return core.Invalid(MsgDictStatusBad)
	case utf8.RuneCountInString(f.Remark) > dictRemarkMaxRunes:
		return core.Invalid(MsgDictRemarkTooLong)
	}
	return nil
}

// check trims the form and tells what is wrong with it first. Whether its dictionary exists is looked up later.
func (f *DictItemForm) check() error {
	f.DictCode, f.Name = strings.TrimSpace(f.DictCode), strings.TrimSpace(f.Name)
	f.Value, f.Remark = strings.TrimSpace(f.Value), strings.TrimSpace(f.Remark)
	switch {
	case f.DictCode == "":
		return core.Invalid(MsgDictCodeEmpty)
	case f.Name == "":
		return core.Invalid(MsgDictItemNameEmpty)
	case utf8.RuneCountInString(f.Name) > dictItemNameMaxRunes:
		return core.Invalid(MsgDictItemNameTooLong)
	case f.Value == "":
		return core.Invalid(MsgDictItemValueEmpty)
	case utf8.RuneCountInString(f.Value) > dictItemValueMaxRunes:
		return core.Invalid(MsgDictItemValueTooLong)
	case f.Sort != nil && (*f.Sort < 0 || *f.Sort > dictItemSortMax):
		return core.Invalid(MsgDictItemSortBad)
	case !validStatus(f.Status):
		return core.Invalid(MsgDictStatusBad)
	case utf8.RuneCountInString(f.Remark) > dictRemarkMaxRunes:
		return core.Invalid(MsgDictRemarkTooLong)
	}
	return nil
}

// DictPage lists a page of the company's dictionaries by code, with the total.
func (s *Service) DictPage(ctx context.Context, p core.Principal, q DictQuery) ([]referencedb.Dict, int64, error) {
	r, name := q.page(), strings.TrimSpace(q.Name)
	db := s.db.With(ctx)
	total, err := referencedb.CountDicts(db, p.CompanyID, name)
	if err != nil || total == 0 {
		return []referencedb.Dict{}, total, err
	}
	ds, err := referencedb.Dicts(db, p.CompanyID, name, q.listSort(), r.Offset(), r.Size)
	return ds, models.PageTotal(total, r.Offset(), len(ds), r.Size), err
}

// Dict loads one of the company's dictionaries by the id in the path.
func (s *Service) Dict(ctx context.Context, p core.Principal, id string) (*referencedb.Dict, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatDict)
	}
	d, err := referencedb.DictByID(s.db.With(ctx), p.CompanyID, n)
	return d, core.NotFoundAs(err, whatDict)
}

// CreateDict adds a dictionary to the company; its code must be new in the company.
func (s *Service) CreateDict(ctx context.Context, p core.Principal, f DictForm) (*referencedb.Dict, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	d := &referencedb.Dict{CompanyID: p.CompanyID, Name: f.Name, Code: f.Code, Status: referencedb.DictEnabled,
		Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
	if f.Status != nil {
		d.Status = *f.Status
	}
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if err := codeFree(tx, p.CompanyID, f.Code); err != nil {
			return err
		}
		return core.DuplicateAs(referencedb.CreateDict(tx, d), MsgDictCodeTaken)
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// UpdateDict changes one of the company's dictionaries. A new code must be new in the company, and the
// dictionary's items move to it in the same transaction: they name their dictionary by code.
func (s *Service) UpdateDict(ctx context.Context, p core.Principal, id string, f DictForm) (*referencedb.Dict, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatDict)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	var d *referencedb.Dict
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		// Locked, so that no item is added under the old code while its items move.
		var err error
		if d, err = referencedb.DictByID(tx.ForUpdate(), p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, whatDict)
		}
		oldCode := d.Code
		if f.Code != oldCode {
			if err := codeFree(tx, p.CompanyID, f.Code); err != nil {
				return err
			}
		}
		d.Name, d.Code, d.Remark, d.UpdatedAt = f.Name, f.Code, f.Remark, s.now.Stamp()
		if f.Status != nil {
			d.Status = *f.Status
		}
		if err := referencedb.UpdateDict(tx, d); err != nil {
			return core.DuplicateAs(err, MsgDictCodeTaken)
		}
		if f.Code == oldCode {
			return nil
		}
		return core.DuplicateAs(referencedb.MoveDictItems(tx, p.CompanyID, oldCode, f.Code, d.UpdatedAt), MsgDictItemValueTaken)
	})
	if err != nil {
		return nil, err
	}
	s.counts.Drop(dictCountKey(p.CompanyID))
	return d, nil
}

// DeleteDict deletes one of the company's dictionaries, refused while it still has items.
func (s *Service) DeleteDict(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatDict)
	}
	defer s.counts.Drop(dictCountKey(p.CompanyID))
	return s.db.Tx(ctx, func(tx *models.DB) error {
		// Locked, so that no item is added between the count and the delete.
		d, err := referencedb.DictByID(tx.ForUpdate(), p.CompanyID, n)
		if err != nil {
			return core.NotFoundAs(err, whatDict)
		}
		items, err := referencedb.CountDictItems(tx, p.CompanyID, referencedb.DictItemFilter{DictCode: d.Code})
		if err != nil {
			return err
		}
		if items != 0 {
			return core.Refused(MsgDictHasItems)
		}
		return core.NotFoundAs(referencedb.DeleteDict(tx, p.CompanyID, n), whatDict)
	})
}

// DictItemPage lists a page of the company's items, of one dictionary when the query names its code, with the
// total.
func (s *Service) DictItemPage(ctx context.Context, p core.Principal, q DictQuery) ([]referencedb.DictItem, int64, error) {
	r := q.page()
	f := referencedb.DictItemFilter{DictCode: strings.TrimSpace(q.DictCode), Name: strings.TrimSpace(q.Name)}
	db := s.db.With(ctx)
	// The total does not depend on the order: count without it, and sort only the page.
	total, err := s.counts.Count(dictCountKey(p.CompanyID)+f.DictCode+"\x00"+f.Name, func() (int64, error) {
		return referencedb.CountDictItems(db, p.CompanyID, f)
	})
	if err != nil || total == 0 {
		return []referencedb.DictItem{}, total, err
	}
	sorted, ls := f, q.listSort()
	sorted.Sort, sorted.Desc, sorted.Anchor = ls.Field, ls.Desc, r.Anchor()
	items, err := referencedb.DictItems(db, p.CompanyID, sorted, r.Offset(), r.Size)
	return items, models.PageTotal(total, r.Offset(), len(items), r.Size), err
}

// dictCountKey prefixes the cached item totals of a company's dictionaries; any change to its items drops them.
func dictCountKey(companyID int64) string { return "dict:" + strconv.FormatInt(companyID, 10) + ":" }

// DictItemsForExport lists every item the query matches, not one page of them, for the .xlsx export.
func (s *Service) DictItemsForExport(ctx context.Context, p core.Principal, q DictQuery) ([]referencedb.DictItem, error) {
	ls := q.listSort()
	f := referencedb.DictItemFilter{DictCode: strings.TrimSpace(q.DictCode), Name: strings.TrimSpace(q.Name), Sort: ls.Field, Desc: ls.Desc}
	return referencedb.DictItems(s.db.With(ctx), p.CompanyID, f, 0, core.MaxExportRows)
}

// DictSelectList lists the enabled items of an enabled dictionary for a drop-down, by sort. A dictionary that
// is missing or disabled offers nothing.
func (s *Service) DictSelectList(ctx context.Context, p core.Principal, code string) ([]referencedb.DictOption, error) {
	db := s.db.With(ctx)
	d, err := referencedb.DictByCode(db, p.CompanyID, strings.TrimSpace(code))
	if models.IsNotFound(err) || (err == nil && d.Status != referencedb.DictEnabled) {
		return []referencedb.DictOption{}, nil
	} else if err != nil {
		return nil, err
	}
	return referencedb.DictOptions(db, p.CompanyID, d.Code, "", true, dictOptionsLimit)
}

// DictOptions lists the names and values of a dictionary's items whose name contains name, by sort, disabled
// ones included: records made before an item was disabled still need its name.
func (s *Service) DictOptions(ctx context.Context, p core.Principal, dictCode, name string) ([]referencedb.DictOption, error) {
	dictCode = strings.TrimSpace(dictCode)
	if dictCode == "" {
		return nil, core.Invalid(MsgDictCodeEmpty)
	}
	return referencedb.DictOptions(s.db.With(ctx), p.CompanyID, dictCode, strings.TrimSpace(name), false, dictOptionsLimit)
}

// DictItem loads one of the company's items by the id in the path.
func (s *Service) DictItem(ctx context.Context, p core.Principal, id string) (*referencedb.DictItem, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatDictItem)
	}
	it, err := referencedb.DictItemByID(s.db.With(ctx), p.CompanyID, n)
	return it, core.NotFoundAs(err, whatDictItem)
}

// lockItemDict locks the company's dictionary an item is saved under, so that the dictionary can neither be
// deleted nor change its code before the item is written. A code that is not the company's is bad input.
func lockItemDict(tx *models.DB, companyID int64, code string) error {
	_, err := referencedb.DictByCode(tx.ForUpdate(), companyID, code)
	if models.IsNotFound(err) {
		return core.Invalid(MsgDictMissing)
	}
	return err
}

// valueFree refuses a value the company's dictionary already has on an item other than self (0 for a new item).
func valueFree(tx *models.DB, companyID int64, dictCode, value string, self int64) error {
	it, err := referencedb.DictItemByValue(tx, companyID, dictCode, value)
	switch {
	case models.IsNotFound(err):
		return nil
	case err != nil:
		return err
	case it.ID != self:
		return core.Refused(MsgDictItemValueTaken)
	}
	return nil
}

// codeFree refuses a dictionary code the company already uses.
func codeFree(db *models.DB, companyID int64, code string) error {
	_, err := referencedb.DictByCode(db, companyID, code)
	switch {
	case models.IsNotFound(err):
		return nil
	case err != nil:
		return err
	}
	return core.Refused(MsgDictCodeTaken)
}

// CreateDictItem adds an item to one of the company's dictionaries; its value must be new in the dictionary.
func (s *Service) CreateDictItem(ctx context.Context, p core.Principal, f DictItemForm) (*referencedb.DictItem, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	it := &referencedb.DictItem{CompanyID: p.CompanyID, DictCode: f.DictCode, Name: f.Name, Value: f.Value,
		Status: referencedb.DictEnabled, Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
	if f.Sort != nil {
		it.Sort = *f.Sort
	}
	if f.Status != nil {
		it.Status = *f.Status
	}
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if err := lockItemDict(tx, p.CompanyID, f.DictCode); err != nil {
			return err
		}
		if err := valueFree(tx, p.CompanyID, f.DictCode, f.Value, 0); err != nil {
			return err
		}
		return core.DuplicateAs(referencedb.CreateDictItem(tx, it), MsgDictItemValueTaken)
	})
	if err != nil {
		return nil, err
	}
	s.counts.Drop(dictCountKey(p.CompanyID))
	return it, nil
}

// UpdateDictItem changes one of the company's items, possibly moving it to another of the company's
// dictionaries; its value must stay unique in the dictionary it ends in.
func (s *Service) UpdateDictItem(ctx context.Context, p core.Principal, id string, f DictItemForm) (*referencedb.DictItem, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatDictItem)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	var it *referencedb.DictItem
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		var err error
		if it, err = referencedb.DictItemByID(tx, p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, whatDictItem)
		}
		if err := lockItemDict(tx, p.CompanyID, f.DictCode); err != nil {
			return err
		}
		if err := valueFree(tx, p.CompanyID, f.DictCode, f.Value, it.ID); err != nil {
			return err
		}
		it.DictCode, it.Name, it.Value, it.Remark, it.UpdatedAt = f.DictCode, f.Name, f.Value, f.Remark, s.now.Stamp()
		if f.Sort != nil {
			it.Sort = *f.Sort
		}
		if f.Status != nil {
			it.Status = *f.Status
		}
		return core.DuplicateAs(referencedb.UpdateDictItem(tx, it), MsgDictItemValueTaken)
	})
	if err != nil {
		return nil, err
	}
	s.counts.Drop(dictCountKey(p.CompanyID))
	return it, nil
}

// DeleteDictItem deletes one of the company's items.
func (s *Service) DeleteDictItem(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatDictItem)
	}
	defer s.counts.Drop(dictCountKey(p.CompanyID))
	return core.NotFoundAs(referencedb.DeleteDictItem(s.db.With(ctx), p.CompanyID, n), whatDictItem)
}
