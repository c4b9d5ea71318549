// Unit tests of the tables' column sizing (islands/table/widths.js): the format a column's shown values have.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { KINDS, cellClass, columnKinds, headClass, kindOf, textStyle } from "../table/widths.js";

describe("column kinds", () => {
  it("tells dates, date-times, amounts, quantities, codes, short labels and text apart", () => {
    assert.equal(kindOf(["2026-12-06 10:30:00", "—", "", null]), KINDS.datetime);
    assert.equal(kindOf(["2026-12-06", "2026-11-30"]), KINDS.date);
    assert.equal(kindOf(["2026-11"]), KINDS.date);
    assert.equal(kindOf(["12", "1,478", "-3", "146.4"]), KINDS.number);
    assert.equal(kindOf(["$81.95", "¥878,040.14", "Mex$12.00", "-$3.50", "12.5%", "9.90 zł"]), KINDS.number);
    assert.equal(kindOf(["DEMO-MUG-01", "A1DEMOSELLER", "FBA15DEMO002"]), KINDS.code);
    assert.equal(kindOf(["已授权", "未授权", "演示店铺"]), KINDS.label);
    assert.equal(kindOf(["单箱48个, 重15.2kg, 50*35*28cm"]), KINDS.text);
    assert.equal(kindOf(["—", ""]), KINDS.label, "an empty column is as wide as its header");
    assert.equal(kindOf(["12", "DEMO-MUG-01"]), KINDS.code, "one format for every value or the next broader one");
  });
  it("reads the shown value, and leaves a column the page draws to the page", () => {
    const columns = [{ ffield: "status" }, { ffield: "image" }, { ffield: "createdAt" }];
    const rows = [{ status: 1, image: "x.png", createdAt: "2026-12-06 10:30:00" }];
    const shown = (r, c) => (c.ffield === "status" ? "启用" : r[c.ffield]);
    assert.deepEqual(columnKinds(columns, rows, { image: () => null }, shown), { status: KINDS.label, image: KINDS.custom, createdAt: KINDS.datetime });
  });
  it("keeps headers, dates and numbers on one line, numbers to the right, text wrapping within its width", () => {
    for (const kind of Object.values(KINDS)) assert.match(headClass(kind), /whitespace-nowrap/);
    assert.match(headClass(KINDS.number), /text-right/);
    assert.match(cellClass(KINDS.number), /whitespace-nowrap.*text-right/);
    assert.match(cellClass(KINDS.datetime), /whitespace-nowrap/);
    assert.match(cellClass(KINDS.text), /whitespace-normal/);
    assert.deepEqual(textStyle(KINDS.text, 240), { maxWidth: "240px", minWidth: "72px" });
    assert.equal(textStyle(KINDS.date, 170), undefined);
  });
});
