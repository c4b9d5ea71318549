package advertising

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"sellerhub/app/core"
	advertisingdb "sellerhub/models/advertising"
)

// MsgReportBad refuses a 报告下载 call without one of its reports.
const MsgReportBad = "请选择报告：广告活动、推广商品、投放、搜索词、品牌广告组或品牌广告报告"

// DownloadQuery is 报告下载's query: the report, a store group, a profile (a store's 站点) and the days
// (yyyy-MM-dd, both included; the last 30 days when none).
type DownloadQuery struct {
	Report    string `json:"report" query:"report"`
	GroupID   string `json:"groupId" query:"groupId"`
	ProfileID string `json:"profileId" query:"profileId"`
	StartDate string `json:"startDate" query:"startDate"`
	EndDate   string `json:"endDate" query:"endDate"`
}

// ReportCoverage is what a synced report holds in the user's stores: its rows and days.
type ReportCoverage struct {
	advertisingdb.DownloadReport
	advertisingdb.Coverage
}

// filter reads the store group and profile of a query; false when one names nothing (the answer is empty).
func downloadFilter(p core.Principal, groupID, profileID string) (advertisingdb.DownloadFilter, bool) {
	f := advertisingdb.DownloadFilter{UserID: p.UserID}
	var ok bool
	if f.GroupID, _, ok = core.StoreFilter(groupID, ""); !ok {
		return f, false
	}
	if raw := strings.TrimSpace(profileID); raw != "" {
		if f.ProfileID, ok = core.ParseID(raw); !ok {
			return f, false
		}
	}
	return f, true
}

// DownloadCoverage answers 报告下载's table of what each report holds for the store group and profile.
func (s *Service) DownloadCoverage(ctx context.Context, p core.Principal, q DownloadQuery) ([]ReportCoverage, error) {
	out := make([]ReportCoverage, len(advertisingdb.DownloadReports))
	for i, r := range advertisingdb.DownloadReports {
		out[i].DownloadReport = r
	}
	f, ok := downloadFilter(p, q.GroupID, q.ProfileID)
	if !ok {
		return out, nil
	}
	got, err := advertisingdb.DownloadCoverage(s.db.With(ctx), p.CompanyID, f)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Coverage = got[i]
	}
	return out, nil
}

// Download is a report's synced rows of a period.
type Download struct {
	Report     advertisingdb.DownloadReport
	Start, End string
	Rows       []advertisingdb.DownloadRow
}

// Download reads a report's synced rows for the query, refusing more than limit of them (tooMany is the message,
// with the count and the limit).
func (s *Service) Download(ctx context.Context, p core.Principal, q DownloadQuery, limit int64, tooMany string) (Download, error) {
	var d Download
	i := slices.IndexFunc(advertisingdb.DownloadReports, func(r advertisingdb.DownloadReport) bool { return r.Key == strings.TrimSpace(q.Report) })
	if i < 0 {
		return d, core.Invalid(MsgReportBad)
	}
	d.Report, d.Rows = advertisingdb.DownloadReports[i], []advertisingdb.DownloadRow{}
	var err error
	if d.Start, d.End, err = s.days(q.StartDate, q.EndDate); err != nil {
		return d, err
	}
	f, ok := downloadFilter(p, q.GroupID, q.ProfileID)
	if !ok {
		return d, nil
	}
	f.Start, f.End = d.Start, d.End
	db := s.db.With(ctx)
	n, err := advertisingdb.DownloadCount(db, p.CompanyID, d.Report, f)
	if err != nil {
		return d, err
	}
	if n > limit {
		return d, core.Invalid(fmt.Sprintf(tooMany, n, limit))
	}
	d.Rows, err = advertisingdb.DownloadRows(db, p.CompanyID, d.Report, f)
	return d, err
}
