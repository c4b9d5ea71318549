package datasync

import (
	"github.com/shopspring/decimal"

	"sellerhub/app/amazon"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
	datasyncdb "sellerhub/models/datasync"
	storesdb "sellerhub/models/stores"
)

// entities lists every profile's campaigns, ad groups, keywords, negatives (the campaigns' own too) and product
// ads and writes each profile's in one transaction: its rows are upserted by Amazon's ids, so a sync that changed nothing at Amazon writes nothing.
// The progress counts profiles as reports and entities as lines.
func (ad *adSyncing) entities() error {
	sy := ad.syncing
	if err := datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID,
		map[string]any{"reports_total": len(ad.api.Profiles), "report_state": amazon.AdReportProcessing}); err != nil {
		return err
	}
	c, ep, token := ad.api.Client, ad.api.Endpoint, ad.api.RefreshToken
	var lines, written int64
	for i, p := range ad.api.Profiles {
		campaigns, err := c.SPCampaigns(sy.ctx, ep, token, p.ProfileID)
		if err != nil {
			return err
		}
		groups, err := c.SPAdGroups(sy.ctx, ep, token, p.ProfileID)
		if err != nil {
			return err
		}
		keywords, err := c.SPKeywords(sy.ctx, ep, token, p.ProfileID)
		if err != nil {
			return err
		}
		ads, err := c.SPProductAds(sy.ctx, ep, token, p.ProfileID)
		if err != nil {
			return err
		}
		negatives, err := c.SPNegativeKeywords(sy.ctx, ep, token, p.ProfileID)
		if err != nil {
			return err
		}
		// A campaign's own negatives sit beside the ad groups' with no ad group.
		campaignNegatives, err := c.SPCampaignNegativeKeywords(sy.ctx, ep, token, p.ProfileID)
		if err != nil {
			return err
		}
		for i := range campaignNegatives {
			campaignNegatives[i].AdGroupID = ""
		}
		negatives = append(negatives, campaignNegatives...)
		targets, err := c.SPTargets(sy.ctx, ep, token, p.ProfileID)
		if err != nil {
			return err
		}
		portfolios, err := c.SPPortfolios(sy.ctx, ep, token, p.ProfileID)
		if err != nil {
			return err
		}
		negativeTargets, err := c.SPNegativeTargets(sy.ctx, ep, token, p.ProfileID)
		if err != nil {
			return err
		}
		sponsored, err := ad.sponsored(p.ProfileID)
		if err != nil {
			return err
		}
		campaignRows, groupRows := append(campaignRows(campaigns), sponsored.campaigns...), append(adGroupRows(groups), sponsored.adGroups...)
		keywordRows, targetRows := append(keywordRows(keywords), sponsored.keywords...), append(targetRows(targets), sponsored.targets...)
		productAdRows := append(productAdRows(ads), sponsored.productAds...)
		scope := adProfile(ad.api.Auth, p)
		now := sy.s.now.Stamp()
		var n int64
		err = sy.s.db.Tx(sy.ctx, func(tx *models.DB) error {
			steps := []func() (int64, error){
				func() (int64, error) { return advertisingdb.SaveCampaigns(tx, scope, campaignRows, now) },
				func() (int64, error) { return advertisingdb.SaveAdGroups(tx, scope, groupRows, now) },
				func() (int64, error) { return advertisingdb.SaveKeywords(tx, scope, keywordRows, now) },
				func() (int64, error) { return advertisingdb.SaveProductAds(tx, scope, productAdRows, now) },
				func() (int64, error) { return advertisingdb.SaveBrandAds(tx, scope, sponsored.brandAds, now) },
				func() (int64, error) {
					return advertisingdb.SaveNegativeKeywords(tx, scope, negativeKeywordRows(negatives), now)
				},
				func() (int64, error) { return advertisingdb.SaveTargets(tx, scope, targetRows, now) },
				func() (int64, error) { return advertisingdb.SavePortfolios(tx, scope, portfolioRows(portfolios), now) },
				func() (int64, error) {
					return advertisingdb.SaveNegativeTargets(tx, scope, negativeTargetRows(negativeTargets), now)
				},
			}
			for _, step := range steps {
				m, err := step()
				if err != nil {
					return err
				}
				n += m
			}
			return nil
		})
		if err != nil {
			return &importError{err}
		}
		lines += int64(len(campaignRows) + len(groupRows) + len(keywordRows) + len(productAdRows) + len(negatives) +
			len(targetRows) + len(portfolios) + len(sponsored.brandAds) + len(negativeTargets))
		written += n
		sy.run.Lines, sy.run.Written = lines, written
		if err := datasyncdb.UpdateSyncRun(sy.db, sy.run.CompanyID, sy.run.ID, map[string]any{"lines": lines, "written": written}); err != nil {
			return err
		}
		if err := datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID, map[string]any{"reports_done": i + 1,
			"lines": lines, "updated_at": sy.s.now.Stamp()}); err != nil {
			return err
		}
	}
	return nil
}

// adProfile is the scope a profile's rows are written in.
func adProfile(auth *storesdb.AdvAuth, p storesdb.AdvProfile) advertisingdb.Profile {
	return advertisingdb.Profile{CompanyID: p.CompanyID, GroupID: auth.GroupID, ProfileID: p.ID,
		MarketplaceID: p.MarketplaceID, Currency: p.CurrencyCode}
}

// money keeps an amount of Amazon's at the product's four decimals.
func money(d decimal.Decimal) models.Money { return models.Money{Decimal: d.Round(4)} }

func campaignRows(in []amazon.SPCampaign) []advertisingdb.Campaign {
	out := make([]advertisingdb.Campaign, len(in))
	for i, c := range in {
		out[i] = advertisingdb.Campaign{CampaignID: c.CampaignID, Name: c.Name, State: c.State, TargetingType: c.TargetingType,
			Budget: money(c.Budget.Budget), BudgetType: c.Budget.BudgetType, BiddingStrategy: c.DynamicBidding.Strategy,
			StartDate: c.StartDate, EndDate: c.EndDate, PortfolioID: c.PortfolioID}
	}
	return out
}

func adGroupRows(in []amazon.SPAdGroup) []advertisingdb.AdGroup {
	out := make([]advertisingdb.AdGroup, len(in))
	for i, g := range in {
		out[i] = advertisingdb.AdGroup{AdGroupID: g.AdGroupID, CampaignID: g.CampaignID, Name: g.Name, State: g.State,
			DefaultBid: money(g.DefaultBid)}
	}
	return out
}

func keywordRows(in []amazon.SPKeyword) []advertisingdb.Keyword {
	out := make([]advertisingdb.Keyword, len(in))
	for i, k := range in {
		out[i] = advertisingdb.Keyword{KeywordID: k.KeywordID, AdGroupID: k.AdGroupID, CampaignID: k.CampaignID,
			KeywordText: k.KeywordText, MatchType: k.MatchType, State: k.State, Bid: money(k.Bid)}
	}
	return out
}

func negativeKeywordRows(in []amazon.SPNegativeKeyword) []advertisingdb.NegativeKeyword {
	out := make([]advertisingdb.NegativeKeyword, len(in))
	for i, k := range in {
		out[i] = advertisingdb.NegativeKeyword{KeywordID: k.KeywordID, AdGroupID: k.AdGroupID, CampaignID: k.CampaignID,
			KeywordText: k.KeywordText, MatchType: k.MatchType, State: k.State}
	}
	return out
}

func portfolioRows(in []amazon.SPPortfolio) []advertisingdb.Portfolio {
	out := make([]advertisingdb.Portfolio, len(in))
	for i, p := range in {
		out[i] = advertisingdb.Portfolio{PortfolioID: p.PortfolioID, Name: p.Name, State: p.State}
	}
	return out
}

func targetRows(in []amazon.SPTarget) []advertisingdb.Target {
	out := make([]advertisingdb.Target, len(in))
	for i, t := range in {
		out[i] = advertisingdb.Target{TargetID: t.TargetID, AdGroupID: t.AdGroupID, CampaignID: t.CampaignID,
			ExpressionType: t.ExpressionType, Expression: truncate(t.Text(), 500), State: t.State, Bid: money(t.Bid)}
	}
	return out
}

func productAdRows(in []amazon.SPProductAd) []advertisingdb.ProductAd {
	out := make([]advertisingdb.ProductAd, len(in))
	for i, a := range in {
		out[i] = advertisingdb.ProductAd{AdID: a.AdID, AdGroupID: a.AdGroupID, CampaignID: a.CampaignID, SKU: a.SKU,
			ASIN: a.ASIN, State: a.State}
	}
	return out
}

func negativeTargetRows(in []amazon.SPNegativeTarget) []advertisingdb.NegativeTarget {
	out := make([]advertisingdb.NegativeTarget, len(in))
	for i, t := range in {
		kind, value := t.Kind()
		out[i] = advertisingdb.NegativeTarget{TargetID: t.TargetID, AdGroupID: t.AdGroupID, CampaignID: t.CampaignID,
			ExpressionType: kind, Value: cut(value, 100), State: t.State}
	}
	return out
}
