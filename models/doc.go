// Package models holds sellerhub's gorm entities and every query the product makes. Nothing outside this package
// touches gorm; tenant data is only reachable through helpers that take the company id.
//
// The queries are methods of DB, and Go lets only this package add methods to it, so models stays one package
// and follows the domains of app/ by file (one file per aggregate):
//
//	infrastructure  db.go, ids.go, list.go, session_store.go, migrations/, seed/, dbtest/
//	accounts        company.go, user.go, verification_code.go, account_binding.go, sso_handover.go
//	admin           menu.go, menu_admin.go, role.go, role_admin.go, department.go, subuser.go,
//	                operation_log.go, query_field.go
//	messages        notification.go
//	reference       dictionary.go, tag.go, contact.go
//	stores          marketplace.go, store_group.go, seller.go, oauth_state.go, advertising.go
//	catalog         product.go, local_product.go, catalog.go, listing.go
//	stock           warehouse.go, stock.go, stock_list.go, stock_document.go (MoveStock: the one way stock changes)
//	shipping        shipment.go, shipment_handling.go, picklist.go
package models
