package views

// StocktakePrintPage is the printed 盘点表 of a stocktake: its lines in bin order with an empty column for the
// count. Handlers format every value; the template only places them.
type StocktakePrintPage struct {
	Page
	Number, Warehouse, Scope, Status, Created, Started, Remark string
	// Bins are the bins a stocktake of bins counts, joined ("" for the other scopes).
	Bins string
	Rows []StocktakePrintRow
	// Waiting says the book quantities come at the start (a whole warehouse's or some bins' lines are made then).
	Waiting bool
}

// StocktakePrintRow is one line: where to count, the product, its book quantity ("" before the start).
type StocktakePrintRow struct {
	Bins, Image, Name, SKU, Book string
}
