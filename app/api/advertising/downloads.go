package advertising

import (
	"github.com/labstack/echo/v5"

	"sellerhub/app/advertising"
	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	advertisingdb "sellerhub/models/advertising"
)

// ReportCoverage is a synced report's line in 报告下载: its rows and first and last day in the user's stores.
type ReportCoverage struct {
	Report   string `json:"report"`
	Name     string `json:"name"`
	Rows     int64  `json:"rows"`
	FirstDay string `json:"firstDay"`
	LastDay  string `json:"lastDay"`
}

// DownloadCoverage answers POST sp/download/coverage {groupId, profileId}: what each report holds.
func (h *Handler) DownloadCoverage(c *echo.Context) error {
	var q advertising.DownloadQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	got, err := h.Ads.DownloadCoverage(c.Request().Context(), p, q)
	if err != nil {
		return err
	}
	out := make([]ReportCoverage, len(got))
	for i, r := range got {
		out[i] = ReportCoverage{Report: r.Key, Name: r.Name, Rows: r.Rows, FirstDay: r.FirstDay, LastDay: r.LastDay}
	}
	return api.OK(c, out)
}

// Download answers GET sp/download?report=&groupId=&profileId=&startDate=&endDate= with the report's synced rows
// as <报告>_<start>_<end>.xlsx, a row per day as Amazon reported it, its ad type named (商品推广, 展示型推广, 品牌推广),
// amounts in the 站点's currency.
func (h *Handler) Download(c *echo.Context) error {
	var q advertising.DownloadQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	p, _ := middleware.Principal(c)
	d, err := h.Ads.Download(c.Request().Context(), p, q, core.MaxExportRows, api.MsgExportTooMany)
	if err != nil {
		return err
	}
	type row = advertisingdb.DownloadRow
	text := func(title string, v func(r row) string) api.ExportColumn[row] {
		return api.ExportColumn[row]{Title: title, Value: func(r row) any { return v(r) }}
	}
	count := func(title string, v func(r row) int64) api.ExportColumn[row] {
		return api.ExportColumn[row]{Title: title, Value: func(r row) any { return v(r) }}
	}
	cols := []api.ExportColumn[row]{
		text("日期", func(r row) string { return r.Day }), text("店铺", func(r row) string { return r.GroupName }),
		text("站点", func(r row) string { return r.Country }), text("广告类型", func(r row) string { return adTypeNames[r.AdType] }),
		text("币种", func(r row) string { return r.Currency }),
		text("广告活动", func(r row) string { return r.CampaignName }),
	}
	switch d.Report.Key {
	case "products":
		cols = append(cols, text("广告组", func(r row) string { return r.AdGroupName }),
			text("SKU", func(r row) string { return r.SKU }), text("ASIN", func(r row) string { return r.ASIN }))
	case "targets":
		cols = append(cols, text("广告组", func(r row) string { return r.AdGroupName }),
			text("投放", func(r row) string { return r.Target }), text("匹配类型", func(r row) string { return r.MatchType }))
	case "searchterms":
		cols = append(cols, text("广告组", func(r row) string { return r.AdGroupName }),
			text("搜索词", func(r row) string { return r.SearchTerm }), text("投放", func(r row) string { return r.Target }),
			text("匹配类型", func(r row) string { return r.MatchType }))
	case "adgroups":
		cols = append(cols, text("广告组", func(r row) string { return r.AdGroupName }))
	case "brandads":
		cols = append(cols, text("广告组", func(r row) string { return r.AdGroupName }),
			text("广告", func(r row) string { return r.Target }), text("ASIN", func(r row) string { return r.ASIN }))
	}
	cols = append(cols, count("曝光量", func(r row) int64 { return r.Impressions }), count("点击量", func(r row) int64 { return r.Clicks }),
		text("花费", func(r row) string { return r.Cost.StringFixed(2) }), count("订单量", func(r row) int64 { return r.Orders }),
		count("销量", func(r row) int64 { return r.Units }), text("销售额", func(r row) string { return r.Sales.StringFixed(2) }))
	return api.XLSX(c, d.Report.Name+"_"+d.Start+"_"+d.End, cols, d.Rows)
}
