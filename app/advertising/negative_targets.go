package advertising

import (
	"context"
	"strings"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
)

// Messages of adding negative product targets to an ad group from 广告管理.
const (
	MsgNegativeTargetsNone = "请添加要否定的ASIN或品牌"
	MsgNegativeTargetsSP   = "只有商品推广（SP）的广告组可以添加否定商品投放"
)

// NegativeTargetsForm adds negative product targets to an ad group (our id): ASINs or brands' ids excluded.
type NegativeTargetsForm struct {
	AdGroupID string                 `json:"adGroupId"`
	Targets   []SPNegativeTargetPick `json:"targets"`
}

// AddNegativeTargets sends an ad group's new negative product targets to Amazon, writes what Amazon created here
// and records every row in 操作记录 with Amazon's answer: a row Amazon refuses says why and creates nothing.
func (s *Service) AddNegativeTargets(ctx context.Context, p core.Principal, f NegativeTargetsForm) ([]ChangeResult, error) {
	id, ok := core.ParseID(strings.TrimSpace(f.AdGroupID))
	if !ok {
		return nil, core.Invalid(MsgAddAdGroup)
	}
	if len(f.Targets) == 0 {
		return nil, core.Invalid(MsgNegativeTargetsNone)
	}
	if len(f.Targets) > createItemLimit {
		return nil, core.Invalid(MsgCreateTooMany)
	}
	targets, err := checkNegativeTargets(f.Targets)
	if err != nil {
		return nil, err
	}
	db := s.db.With(ctx)
	group, err := advertisingdb.AdGroupForAdding(db, p.CompanyID, p.UserID, id)
	if models.IsNotFound(err) {
		return nil, core.Invalid(MsgAddAdGroupGone)
	}
	if err != nil {
		return nil, err
	}
	if group.TargetingType != "AUTO" && group.TargetingType != "MANUAL" {
		return nil, core.Invalid(MsgNegativeTargetsSP)
	}
	profile, err := advertisingdb.ProfileForCreate(db, p.CompanyID, p.UserID, group.GroupID, group.ProfileID)
	if models.IsNotFound(err) {
		return nil, core.Invalid(MsgAddAdGroupGone)
	}
	if err != nil {
		return nil, err
	}
	cr, err := s.startCreation(ctx, p, profile)
	if err != nil {
		return nil, err
	}
	items := make([]map[string]any, len(targets))
	for i, n := range targets {
		items[i] = negativeTargetBody(group.CampaignID, group.AdGroupID, n)
		cr.row(advertisingdb.LevelNegativeTarget, advertisingdb.NegativeExpression(n.Type, n.Value),
			negativeTargetNames[n.Type]+" · 广告组 "+group.Name, saveNegativeTarget(group.CampaignID, group.AdGroupID, n))
	}
	if err := cr.call(0, func() ([]amazon.SPResult, error) {
		return cr.api.Client.CreateSPEntities(ctx, cr.api.Endpoint, cr.api.RefreshToken, profile.AmazonProfile, amazon.SPKindNegativeTarget, items)
	}); err != nil {
		return nil, err
	}
	return s.recordCreation(cr, p)
}
