package datasync

import (
	"time"

	"github.com/riverqueue/river"

	"sellerhub/app/amazon"
	"sellerhub/models"
	advertisingdb "sellerhub/models/advertising"
	datasyncdb "sellerhub/models/datasync"
	storesdb "sellerhub/models/stores"
)

// Attribution keeps moving for weeks after a click, so every sync reads the last adRefreshDays again (older days
// stay as last read); a store's first reads adFirstDays, within the 95 days Amazon keeps Sponsored Products
// reports. A report covers at most 31 days: the range goes in windows of adWindowDays.
const (
	adRefreshDays = 60
	adFirstDays   = 90
	adWindowDays  = 30
)

// adReportTypes are the reports read per profile and window.
var adReportTypes = []string{amazon.ReportSPCampaigns, amazon.ReportSPAdvertisedProduct, amazon.ReportSPTargeting,
	amazon.ReportSPSearchTerm}

// reports plans the run's reports once (per profile, report type and window), then brings each in: asks Amazon
// for it, snoozes while Amazon makes it, downloads it and replaces the window's days.
func (ad *adSyncing) reports() error {
	sy := ad.syncing
	reports, err := datasyncdb.SyncReportsOfRun(sy.db, sy.run.CompanyID, sy.run.ID)
	if err != nil {
		return err
	}
	if len(reports) == 0 {
		if reports, err = ad.planReports(); err != nil {
			return err
		}
		if err := datasyncdb.CreateSyncReports(sy.db, reports); err != nil {
			return err
		}
		if err := datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID, map[string]any{"reports_total": len(reports)}); err != nil {
			return err
		}
	}
	for i := range reports {
		if reports[i].State == datasyncdb.SyncReportImported {
			continue
		}
		if err := ad.bringIn(reports, i); err != nil {
			return err
		}
	}
	return nil
}

// planReports lists the reports of the windows up to each profile's today: Sponsored Products' of every profile,
// Sponsored Display's and Brands' of the profiles Amazon lists campaigns of theirs for.
func (ad *adSyncing) planReports() ([]datasyncdb.SyncReport, error) {
	sy := ad.syncing
	types, err := ad.sponsoredAdTypes()
	if err != nil {
		return nil, err
	}
	days := adRefreshDays
	if sy.task.LastSuccessAt == nil {
		days = adFirstDays
	}
	now := sy.s.now.Stamp()
	var out []datasyncdb.SyncReport
	for _, p := range ad.api.Profiles {
		today := profileDay(now, p.Timezone)
		add := func(types []string, days int) {
			for from := days - 1; from >= 0; from -= adWindowDays {
				start := today.AddDate(0, 0, -from)
				end := today.AddDate(0, 0, -max(from-adWindowDays+1, 0))
				for _, t := range types {
					profileID := p.ProfileID
					out = append(out, datasyncdb.SyncReport{CompanyID: sy.task.CompanyID, SellerID: sy.task.SellerID,
						RunID: sy.run.ID, Seq: len(out), Kind: sy.task.Kind, MarketplaceID: p.MarketplaceID,
						DataStart: &start, DataEnd: &end, ReportType: t, ProfileID: &profileID, CreatedAt: now, UpdatedAt: now})
				}
			}
		}
		add(adReportTypes, days)
		// Sponsored Display and Brands keep fewer days than Sponsored Products: a first read goes back as far as
		// their retention lets it.
		for _, adType := range types[p.ProfileID] {
			for _, t := range sponsoredReportTypes[adType] {
				add([]string{t}, min(days, amazon.AdReportRetention(t)))
			}
		}
	}
	return out, nil
}

// bringIn takes one report from wherever it stands to imported.
func (ad *adSyncing) bringIn(reports []datasyncdb.SyncReport, i int) error {
	sy := ad.syncing
	r := &reports[i]
	p, ok := ad.profile(r)
	if !ok {
		// The profile went since the plan (Amazon stopped listing it): nothing to read for it.
		r.State = datasyncdb.SyncReportImported
		if err := sy.saveReport(r, map[string]any{"state": r.State}); err != nil {
			return err
		}
		return sy.reportFinished(reports, i)
	}
	c, ep, token := ad.api.Client, ad.api.Endpoint, ad.api.RefreshToken
	start, end := r.DataStart.Format(time.DateOnly), r.DataEnd.Format(time.DateOnly)
	if r.ReportID == "" {
		rep, err := c.CreateAdReport(sy.ctx, ep, token, p.ProfileID, r.ReportType, start, end)
		if err != nil {
			return err
		}
		r.ReportID, r.State = rep.ReportID, rep.Status
		if err := sy.saveReport(r, map[string]any{"report_id": r.ReportID, "state": r.State}); err != nil {
			return err
		}
	}
	// The file's address lasts minutes: it is asked for again each time rather than kept.
	rep, err := c.GetAdReport(sy.ctx, ep, token, p.ProfileID, r.ReportID)
	if err != nil {
		return err
	}
	switch rep.Status {
	case amazon.AdReportPending, amazon.AdReportProcessing:
		r.State = rep.Status
		if err := sy.saveReport(r, map[string]any{"state": r.State}); err != nil {
			return err
		}
		return river.JobSnooze(sy.s.poll)
	case amazon.AdReportFailed:
		r.State = rep.Status
		if err := sy.saveReport(r, map[string]any{"state": r.State}); err != nil {
			return err
		}
		return errReportFatal
	}
	r.State = amazon.AdReportCompleted
	if err := sy.saveReport(r, map[string]any{"state": r.State}); err != nil {
		return err
	}
	rows, err := c.DownloadAdReport(sy.ctx, rep.URL)
	if err != nil {
		return err
	}
	written, err := ad.replaceDays(adProfile(ad.api.Auth, p), r.ReportType, start, end, rows)
	if err != nil {
		return &importError{err}
	}
	r.State, r.Lines, r.Written = datasyncdb.SyncReportImported, int64(len(rows)), written
	sy.run.Lines += r.Lines
	sy.run.Written += r.Written
	if err := datasyncdb.UpdateSyncRun(sy.db, sy.run.CompanyID, sy.run.ID, map[string]any{"lines": sy.run.Lines, "written": sy.run.Written}); err != nil {
		return err
	}
	if err := datasyncdb.UpdateSyncTask(sy.db, sy.task.CompanyID, sy.task.ID, map[string]any{"lines": sy.run.Lines}); err != nil {
		return err
	}
	if err := sy.saveReport(r, map[string]any{"state": r.State, "lines": r.Lines, "written": r.Written}); err != nil {
		return err
	}
	return sy.reportFinished(reports, i)
}

// profile is the report's profile among those the authorisation reaches now.
func (ad *adSyncing) profile(r *datasyncdb.SyncReport) (storesdb.AdvProfile, bool) {
	for _, p := range ad.api.Profiles {
		if r.ProfileID != nil && p.ProfileID == *r.ProfileID {
			return p, true
		}
	}
	return storesdb.AdvProfile{}, false
}

// replaceDays writes a report's rows over its window's days, in one transaction.
func (ad *adSyncing) replaceDays(p advertisingdb.Profile, reportType, start, end string, rows []amazon.AdReportRow) (int64, error) {
	now := ad.s.now.Stamp()
	var written int64
	// CopyTx: a first read of a window inserts its rows with COPY on PostgreSQL.
	err := ad.s.db.CopyTx(ad.ctx, func(tx *models.DB) error {
		var err error
		if adType, ok := searchTermReports[reportType]; ok {
			days := make([]advertisingdb.SearchTermDay, len(rows))
			for i, r := range rows {
				days[i] = advertisingdb.SearchTermDay{TargetID: r.TargetID, SearchTerm: cut(r.SearchTerm, 500), Day: r.Date,
					CampaignID: r.CampaignID, AdGroupID: r.AdGroupID, Keyword: cut(r.Keyword, 500), MatchType: cut(r.MatchType, 40), Figures: figures(r)}
			}
			written, err = advertisingdb.ReplaceSearchTermDays(tx, p, adType, start, end, days, now)
			return err
		}
		if adType, ok := targetingReports[reportType]; ok {
			days := make([]advertisingdb.TargetDay, len(rows))
			for i, r := range rows {
				days[i] = advertisingdb.TargetDay{TargetID: r.TargetID, Day: r.Date, CampaignID: r.CampaignID,
					AdGroupID: r.AdGroupID, Figures: figures(r)}
			}
			written, err = advertisingdb.ReplaceTargetDays(tx, p, adType, start, end, days, now)
			return err
		}
		switch reportType {
		case amazon.ReportSBAdGroup:
			days := make([]advertisingdb.AdGroupDay, len(rows))
			for i, r := range rows {
				days[i] = advertisingdb.AdGroupDay{AdGroupID: r.AdGroupID, Day: r.Date, CampaignID: r.CampaignID, Figures: figures(r)}
			}
			written, err = advertisingdb.ReplaceAdGroupDays(tx, p, advertisingdb.AdTypeSB, start, end, days, now)
			return err
		case amazon.ReportSBAds:
			days := make([]advertisingdb.BrandAdDay, len(rows))
			for i, r := range rows {
				days[i] = advertisingdb.BrandAdDay{AdID: r.AdID, Day: r.Date, CampaignID: r.CampaignID, AdGroupID: r.AdGroupID,
					Figures: figures(r)}
			}
			written, err = advertisingdb.ReplaceBrandAdDays(tx, p, start, end, days, now)
			return err
		}
		if adType, ok := campaignReports[reportType]; ok {
			days := make([]advertisingdb.CampaignDay, len(rows))
			for i, r := range rows {
				days[i] = advertisingdb.CampaignDay{CampaignID: r.CampaignID, Day: r.Date, Figures: figures(r)}
			}
			if written, err = advertisingdb.ReplaceCampaignDays(tx, p, adType, start, end, days, now); err != nil ||
				written == 0 || adType != advertisingdb.AdTypeSB {
				return err
			}
			// 利润报告 spreads a Sponsored Brands campaign's spend over its SKUs.
			return tx.RaiseSalesGeneration(p.CompanyID, ad.seller.ID)
		}
		days := make([]advertisingdb.ProductDay, len(rows))
		for i, r := range rows {
			days[i] = advertisingdb.ProductDay{AdID: r.AdID, Day: r.Date, CampaignID: r.CampaignID, AdGroupID: r.AdGroupID,
				SKU: r.SKU, ASIN: r.ASIN, Figures: figures(r)}
		}
		adType := advertisingdb.AdTypeSP
		if reportType == amazon.ReportSDAdvertisedProduct {
			adType = advertisingdb.AdTypeSD
		}
		if written, err = advertisingdb.ReplaceProductDays(tx, p, adType, start, end, days, now); err != nil || written == 0 {
			return err
		}
		// 利润报告 keeps its answers until the company's sales generation moves: its 广告费 comes from these days.
		return tx.RaiseSalesGeneration(p.CompanyID, ad.seller.ID)
	})
	return written, err
}

// targetingReports and searchTermReports are the keyword and target reports, and the search term reports, by the
// ad type whose days they replace (adv_target_days, adv_search_term_days).
var (
	targetingReports = map[string]string{amazon.ReportSPTargeting: advertisingdb.AdTypeSP,
		amazon.ReportSBTargeting: advertisingdb.AdTypeSB, amazon.ReportSDTargeting: advertisingdb.AdTypeSD}
	searchTermReports = map[string]string{amazon.ReportSPSearchTerm: advertisingdb.AdTypeSP,
		amazon.ReportSBSearchTerm: advertisingdb.AdTypeSB}
)

// campaignReports are the campaign reports by the ad type whose days they replace.
var campaignReports = map[string]string{amazon.ReportSPCampaigns: advertisingdb.AdTypeSP,
	amazon.ReportSDCampaigns: advertisingdb.AdTypeSD, amazon.ReportSBCampaigns: advertisingdb.AdTypeSB}

func figures(r amazon.AdReportRow) advertisingdb.Figures {
	return advertisingdb.Figures{Impressions: r.Impressions, Clicks: r.Clicks, Cost: money(r.Cost), Orders: r.Orders,
		Sales: money(r.Sales), Units: r.Units}
}

// cut keeps the first n characters of a text Amazon sends without a documented bound.
func cut(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}
