// Package models is the base of sellerhub's storage layer: what every domain package (models/<domain>, named like
// app/<domain>) calls, and the only code besides them that touches gorm. It imports no domain. Tenant data is only
// reachable through helpers that take the company id.
//
//	handle        db.go: Open, DB.Tx (one transaction across domains), DB.With (a request's context), DB.On,
//	              DB.ForUpdate; queue_conn.go, job_queue.go (River's connection), session_store.go,
//	              statement_timeout.go, planner_statistics.go, kept_statements.go, limit_postgres.go
//	errors        errors.go: ErrNotFound, IsNotFound, IsDuplicate
//	values        ids.go (NewID), money.go (Money, Rate), numbers.go (document numbers), dates.go (periods, DateSQL)
//	lists         list.go: ReadPage / ReadPageOfIDs over a PageQuery, NamedList and NamedPage, DB.PageIDs, totals
//	              (MoreThan, SplitTotal, DB.CountLimit); list_order.go: PageOrder (ByKeys, ByUniqueKey, Ordered,
//	              ListOrder), Anchor; list_jump.go and list_total.go: a list's generation (ListGeneration) and what
//	              is kept for it; kept.go (Kept, kept answers); scan_page.go (FindPage)
//	search        keyword.go: DB.ContainsKeyword, every list's keyword search; sqltext.go: ContainsPattern,
//	              LikeEscape, DB.Caseless, OrderBy
//	writes        upsert.go: UpsertTable, DB.Upsert, DB.InsertNew, UpsertChanged; copy_postgres.go (DB.CopyTx)
//	scopes        scopes.go: InCompany, InGrantedGroups, DB.VisibleGroups, DB.VisibleWarehouses,
//	              DB.HiddenWarehouses, Outside: the one rule of which store groups and warehouses a user sees
//	generations   generations.go: what kept answers are good for; DB.RaiseSalesGenerations
//	domain state  DB.Shared: the caches a domain keeps for the database (the orders' search marks)
//
// Beside it: migrations/ (one goose set), seed/ (the first administrator and the demo company), fixtures/ (data
// built through the domains' own writes) and dbtest/ (databases for tests, and the tests' shared builders).
//
// The domains, in app/'s one-way order (a domain imports only the base and those before it, app/layout_test.go):
// accounts, admin, messages, reference, stores, catalog, stock, shipping, amazondata, datasync, finance, purchase,
// orders, sales, advertising, profit, onboarding, claims. Their queries are functions taking the handle first (stock.MoveStock(tx, companyID, ...)).
package models
