// The table island's money columns: a column the server marks format "money" (app/admin query_fields) shows its
// amounts through the one money formatter, in the column's currency (CNY columns) or the row's.
import { money } from "../lib/money.js";

// columnCurrency is the currency a money column's cell of row is in.
export const columnCurrency = (column, row) => column.currency || row.currency;

// moneyRenders adds a cell renderer for each money column the list does not draw itself.
export function moneyRenders(columns, renders) {
  const out = { ...renders };
  for (const c of columns) {
    if (c.format === "money" && !out[c.ffield]) out[c.ffield] = (row) => money(row[c.ffield], columnCurrency(c, row)) || "—";
  }
  return out;
}
