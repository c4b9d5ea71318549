package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/models/seed"
)

// importDemoData gives the demo company its seller's last 90 days on Amazon at the first start: the reports of the
// stand-in's simulated North American seller (the same world tests sync from), read through the product's own
// import, as a seller's uploads are. Later starts find the data in and import nothing. A failure is logged, not
// fatal: the product works without the demo's Amazon data.
//
// The world stands at now (the moment of the start), not at the start of the UTC day, so 今日订单 has today's orders
// in every time zone a seller looks from (Beijing's day starts at 16:00 UTC).
func importDemoData(ctx context.Context, data *amazondata.Service, demo seed.DemoSeller, now time.Time, log *slog.Logger) {
	world := sellerdata.At(now)
	src := amazondata.DemoReports{Content: world.Content, Today: world.Now, Parents: world.Parents}
	// The demo seller's reports are those of the stand-in's North American seller.
	seller := amazontest.DefaultSeller
	for _, s := range world.Scheduled(seller) {
		for _, m := range s.MarketplaceIDs {
			src.Settlements = append(src.Settlements, amazondata.DemoSettlement{ReportID: s.ReportID, MarketplaceID: m,
				Start: s.DataStartTime, End: s.DataEndTime})
		}
	}
	store := amazondata.Store{CompanyID: demo.CompanyID, SellerID: demo.SellerID, GroupID: demo.GroupID, Region: demo.Region}
	started := time.Now()
	res, err := data.ImportDemo(ctx, store, seller, world.Marketplaces(seller), src)
	switch {
	case err != nil:
		log.Error("demo Amazon data not imported", "err", err)
	case res.Lines > 0:
		fmt.Printf("演示数据: 已导入亚马逊报告 %d 行 (%.1f 秒)\n", res.Lines, time.Since(started).Seconds())
	}
}
