// Package models is the base of sellerhub's storage layer: the only code besides its domain packages
// (models/<domain>) that touches gorm. Tenant data is only reachable through helpers that take the company id.
//
// The base holds what every domain shares, and imports no domain:
//
//	handle        db.go (Open, Tx, With, On, ForUpdate), queue_conn.go, job_queue.go, session_store.go,
//	              statement_timeout.go, planner_statistics.go, kept_statements.go, limit_postgres.go
//	values        ids.go (NewID), money.go (Money, Rate), numbers.go (document numbers), dates.go (periods, DateSQL)
//	lists         list.go (ReadPage, PageQuery), list_order.go (PageOrder, ByKeys), list_jump.go, list_total.go,
//	              kept.go (Kept), scan_page.go (findPage), keyword.go (the lists' keyword search)
//	writes        upsert.go (UpsertTable, Upsert, InsertNew, UpsertChanged), upsert_postgres.go, upsert_sqlite.go,
//	              copy_postgres.go (CopyTx)
//	scopes        scopes.go (InCompany, InGrantedGroups), sqltext.go (LIKE escaping, Caseless, ORDER BY)
//	generations   generations.go (what kept answers are good for; RaiseSalesGenerations)
//	domain state  DB.Shared: a domain's caches, kept for the database (orders' search marks)
//	support       migrations/ (one goose set), seed/, dbtest/, fixtures/
//
// The domains leave one at a time, from the end of app/'s order, to models/<domain> (named like app/<domain>):
// their entities and their queries as free functions taking the handle first (profit.ProfitSettingOf(db, ...)), so
// that a transaction of Tx spans domains. A domain package imports only the base and the domains before it
// (app/layout_test.go). Moved so far: models/amazondata, models/datasync, models/finance, models/orders,
// models/sales, models/profit. The domains still here are methods of DB, by file:
//
//	accounts     company.go, user.go, verification_code.go, account_binding.go, sso_handover.go
//	admin        menu.go, menu_admin.go, role.go, role_admin.go, department.go, subuser.go,
//	             operation_log.go, query_field.go
//	messages     notification.go
//	reference    dictionary.go, tag.go, contact.go
//	stores       marketplace.go, store_group.go, seller.go, oauth_state.go, advertising.go
//	catalog      product.go, local_product.go, catalog.go, listing.go
//	stock        warehouse.go, stock.go, stock_list.go, stock_document.go (MoveStock: the one way stock changes)
//	shipping     shipment.go, shipment_handling.go, picklist.go
//	amazondata   fba_warehouse.go (the FBA warehouses, which shipping reads; the rest is in models/amazondata)
package models
