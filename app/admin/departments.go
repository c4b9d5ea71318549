package admin

import (
	"context"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	admindb "sellerhub/models/admin"
)

// Messages of the department (部门) calls.
const (
	MsgDeptNameTaken     = "同级部门名称已存在"
	MsgDeptParentMissing = "上级部门不存在"
	MsgDeptLeaderMissing = "负责人不存在"
	MsgDeptMoveUnderSelf = "不能移动到自己或下级部门"
	MsgDeptHasChildren   = "请先删除下级部门"
	MsgDeptHasMembers    = "部门下还有成员，不能删除"
	MsgDeptSortBad       = "排序必须是0到999999之间的整数"
	MsgDeptMissing       = "部门不存在"
)

// Button permissions of the 部门 screen. Reading the tree needs the screen's menu grant.
const (
	PermissionDeptAdd    = "sys:dept:add"
	PermissionDeptEdit   = "sys:dept:edit"
	PermissionDeptDelete = "sys:dept:delete"
)

const (
	whatDept    = "部门"
	deptSortMax = 999999
)

// DeptForm is a department as the add and edit forms send it. ParentID is the parent's id as a string, "" or "0"
// for the top level; LeaderID a user of the company, "" for none. Sort nil means 0.
type DeptForm struct {
	ParentID string `json:"parentId"`
	Name     string `json:"name"`
	Sort     *int   `json:"sort"`
	LeaderID string `json:"leaderId"`
	Remark   string `json:"remark"`
}

func (f *DeptForm) check() error {
	if err := core.CheckFields(core.Required(&f.Name, "部门名称", 50), core.Optional(&f.Remark, "备注", 200)); err != nil {
		return err
	}
	if f.Sort != nil && (*f.Sort < 0 || *f.Sort > deptSortMax) {
		return core.Invalid(MsgDeptSortBad)
	}
	f.ParentID, f.LeaderID = strings.TrimSpace(f.ParentID), strings.TrimSpace(f.LeaderID)
	return nil
}

func (f *DeptForm) sort() int {
	if f.Sort == nil {
		return 0
	}
	return *f.Sort
}

// DeptNode is a department with its children, in the tree's order.
type DeptNode struct {
	admindb.Department
	Children []*DeptNode
}

// DeptTree answers the company's whole department tree: the top level and every department's children by sort,
// then name.
func (s *Service) DeptTree(ctx context.Context, p core.Principal) ([]*DeptNode, error) {
	rows, err := admindb.Departments(s.db.With(ctx), p.CompanyID)
	if err != nil {
		return nil, err
	}
	nodes := make(map[int64]*DeptNode, len(rows))
	for _, d := range rows {
		nodes[d.ID] = &DeptNode{Department: d, Children: []*DeptNode{}}
	}
	// rows come in sibling order, so appending keeps each child list in it.
	top := []*DeptNode{}
	for _, d := range rows {
		n := nodes[d.ID]
		if parent, ok := nodes[d.ParentID]; ok {
			parent.Children = append(parent.Children, n)
		} else {
			top = append(top, n)
		}
	}
	return top, nil
}

// deptParent reads the form's parent: 0 for the top level, else one of the company's departments.
func deptParent(tx *models.DB, companyID int64, raw string) (int64, error) {
	if raw == "" || raw == "0" {
		return 0, nil
	}
	n, ok := core.ParseID(raw)
	if !ok {
		return 0, core.Invalid(MsgDeptParentMissing)
	}
	if _, err := admindb.DepartmentByID(tx, companyID, n); models.IsNotFound(err) {
		return 0, core.Invalid(MsgDeptParentMissing)
	} else if err != nil {
		return 0, err
	}
	return n, nil
}

// deptLeader reads the form's leader: nil for none, else one of the company's users.
func deptLeader(tx *models.DB, companyID int64, raw string) (*int64, error) {
	if raw == "" {
		return nil, nil
	}
	n, ok := core.ParseID(raw)
	if !ok {
		return nil, core.Invalid(MsgDeptLeaderMissing)
	}
	u, err := accountsdb.UserInCompany(tx, companyID, n)
	if models.IsNotFound(err) {
		return nil, core.Invalid(MsgDeptLeaderMissing)
	} else if err != nil {
		return nil, err
	}
	return &u.ID, nil
}

func deptNameFree(db *models.DB, companyID, parentID int64, name string, self int64) error {
	return core.NameFree(func() (int64, error) {
		d, err := admindb.DepartmentByName(db, companyID, parentID, name)
		if err != nil {
			return 0, err
		}
		return d.ID, nil
	}, self, MsgDeptNameTaken)
}

// CreateDept adds a department to the company, at the top level or under one of its departments; its name must
// be new among its siblings.
func (s *Service) CreateDept(ctx context.Context, p core.Principal, f DeptForm) (*admindb.Department, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	var out *admindb.Department
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if err := admindb.LockDepartments(tx, p.CompanyID); err != nil {
			return err
		}
		parent, err := deptParent(tx, p.CompanyID, f.ParentID)
		if err != nil {
			return err
		}
		leader, err := deptLeader(tx, p.CompanyID, f.LeaderID)
		if err != nil {
			return err
		}
		if err := deptNameFree(tx, p.CompanyID, parent, f.Name, 0); err != nil {
			return err
		}
		now := s.now.Stamp()
		d := &admindb.Department{CompanyID: p.CompanyID, ParentID: parent, Name: f.Name, Sort: f.sort(),
			LeaderID: leader, Remark: f.Remark, CreatedAt: now, UpdatedAt: now}
		if err := admindb.CreateDepartment(tx, d); err != nil {
			return core.DuplicateAs(err, MsgDeptNameTaken)
		}
		out, err = admindb.DepartmentByID(tx, p.CompanyID, d.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// UpdateDept renames, re-sorts or moves one of the company's departments. It may not move under itself or one of
// its descendants, and its name must stay unique among its (new) siblings.
func (s *Service) UpdateDept(ctx context.Context, p core.Principal, id string, f DeptForm) (*admindb.Department, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound(whatDept)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	var out *admindb.Department
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		if err := admindb.LockDepartments(tx, p.CompanyID); err != nil {
			return err
		}
		d, err := admindb.DepartmentByID(tx, p.CompanyID, n)
		if err != nil {
			return core.NotFoundAs(err, whatDept)
		}
		parent, err := deptParent(tx, p.CompanyID, f.ParentID)
		if err != nil {
			return err
		}
		if parent != 0 {
			if within, err := admindb.DepartmentWithin(tx, p.CompanyID, parent, d.ID); err != nil {
				return err
			} else if within {
				return core.Refused(MsgDeptMoveUnderSelf)
			}
		}
		leader, err := deptLeader(tx, p.CompanyID, f.LeaderID)
		if err != nil {
			return err
		}
		if err := deptNameFree(tx, p.CompanyID, parent, f.Name, d.ID); err != nil {
			return err
		}
		d.ParentID, d.Name, d.Sort, d.LeaderID, d.Remark, d.UpdatedAt = parent, f.Name, f.sort(), leader, f.Remark, s.now.Stamp()
		if err := core.DuplicateAs(admindb.UpdateDepartment(tx, d), MsgDeptNameTaken); err != nil {
			return err
		}
		out, err = admindb.DepartmentByID(tx, p.CompanyID, d.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DeleteDept deletes one of the company's departments, refused while it has child departments or members.
func (s *Service) DeleteDept(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound(whatDept)
	}
	return s.db.Tx(ctx, func(tx *models.DB) error {
		// Every department locked: no child is added, and no member assigned, between the counts and the delete.
		if err := admindb.LockDepartments(tx, p.CompanyID); err != nil {
			return err
		}
		if _, err := admindb.DepartmentByID(tx, p.CompanyID, n); err != nil {
			return core.NotFoundAs(err, whatDept)
		}
		if children, err := admindb.CountChildDepartments(tx, p.CompanyID, n); err != nil {
			return err
		} else if children > 0 {
			return core.Refused(MsgDeptHasChildren)
		}
		if members, err := admindb.CountDepartmentMembers(tx, p.CompanyID, n); err != nil {
			return err
		} else if members > 0 {
			return core.Refused(MsgDeptHasMembers)
		}
		return core.NotFoundAs(admindb.DeleteDepartment(tx, p.CompanyID, n), whatDept)
	})
}
