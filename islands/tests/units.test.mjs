// Unit tests of the islands' pure rules (no browser): the tab model and the tables' paging.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { closeLeft, closeOthers, closeRight, closeTab, openTab } from "../shell/tabs.js";
import { anchorFor, move, nextSort, pageCount, pager, pagerItems, requestBody, visibleColumns } from "../table/paging.js";
import { can } from "../lib/permissions.js";

const home = { title: "首页", url: "/home" };
const state = (titles, active) => ({ tabs: [home, ...titles.map((t) => ({ title: t, url: `/${t}` }))], active });

describe("tabs", () => {
  it("identifies a tab by its title: opening an open title activates it", () => {
    const s = openTab(state(["a", "b"], "b"), { title: "a", url: "/other" });
    assert.deepEqual(s.tabs.map((t) => t.title), ["首页", "a", "b"]);
    assert.equal(s.active, "a");
  });
  it("closing the active tab activates its right neighbour, else its left", () => {
    assert.equal(closeTab(state(["a", "b", "c"], "b"), "b").active, "c");
    assert.equal(closeTab(state(["a", "b", "c"], "c"), "c").active, "b");
    assert.equal(closeTab(state(["a", "b", "c"], "a"), "c").active, "a");
  });
  it("never closes 首页", () => {
    assert.equal(closeTab(state(["a"], "首页"), "首页").tabs.length, 2);
    assert.deepEqual(closeOthers(state(["a", "b", "c"], "c"), "b").tabs.map((t) => t.title), ["首页", "b"]);
    assert.equal(closeOthers(state(["a", "b", "c"], "c"), "b").active, "b");
  });
  it("closes to the right and to the left of a tab", () => {
    assert.deepEqual(closeRight(state(["a", "b", "c"], "a"), "b").tabs.map((t) => t.title), ["首页", "a", "b"]);
    assert.deepEqual(closeLeft(state(["a", "b", "c"], "c"), "b").tabs.map((t) => t.title), ["首页", "b", "c"]);
  });
});

describe("table paging", () => {
  it("counts pages, at least one", () => {
    assert.equal(pageCount(0, 10), 1);
    assert.equal(pageCount(101, 20), 6);
  });
  it("cycles sort none -> asc -> desc -> none, and a new column starts asc", () => {
    let s = { field: "", order: "" };
    s = nextSort(s, "name");
    assert.deepEqual(s, { field: "name", order: "asc" });
    s = nextSort(s, "name");
    assert.deepEqual(s, { field: "name", order: "desc" });
    assert.deepEqual(nextSort(s, "name"), { field: "", order: "" });
    assert.deepEqual(nextSort(s, "code"), { field: "code", order: "asc" });
  });
  it("shows page buttons around the current page with gaps", () => {
    assert.deepEqual(pagerItems(1, 5), [1, 2, 3, 4, 5]);
    assert.deepEqual(pagerItems(10, 20), [1, "…", 8, 9, 10, 11, 12, "…", 20]);
  });
  it("shows an exact total as it is and stops at its last page", () => {
    assert.deepEqual(pager({ total: 25, capped: false, size: 10, page: 3, read: 5 }), { label: "共 25 条", pages: 3, hasNext: false, lastJump: 3 });
    assert.equal(pager({ total: 25, capped: false, size: 10, page: 2, read: 10 }).hasNext, true);
  });
  it("shows a capped total with + and pages on while pages come back full", () => {
    const first = pager({ total: 1000, capped: true, size: 20, page: 1, read: 20 });
    assert.deepEqual(first, { label: "共 1,000+ 条", pages: 50, hasNext: true, lastJump: Infinity });
    const beyond = pager({ total: 12000, capped: true, size: 20, page: 600, read: 20 });
    assert.equal(beyond.pages, 600);
    assert.equal(beyond.hasNext, true);
    assert.deepEqual(pagerItems(600, beyond.pages), [1, "…", 598, 599, 600]);
    const pastTheEnd = pager({ total: 1000, capped: true, size: 20, page: 900, read: 0 });
    assert.equal(pastTheEnd.hasNext, false);
    assert.equal(pastTheEnd.pages, 900);
  });
  it("shows all columns when none is marked shown", () => {
    const cols = [{ ffield: "a", isShow: false }, { ffield: "b", isShow: false }];
    assert.equal(visibleColumns(cols).length, 2);
    assert.deepEqual(visibleColumns([{ ffield: "a", isShow: true }, { ffield: "b", isShow: false }]).map((c) => c.ffield), ["a"]);
  });
  it("moves a column and renumbers findex", () => {
    const cols = [{ ffield: "a" }, { ffield: "b" }, { ffield: "c" }];
    assert.deepEqual(move(cols, 2, -1).map((c) => [c.ffield, c.findex]), [["a", 0], ["c", 1], ["b", 2]]);
    assert.equal(move(cols, 0, -1), cols);
  });
  it("sends the spec's load fields", () => {
    assert.deepEqual(requestBody({ page: 2, size: 20, sort: { field: "name", order: "desc" }, filters: { name: "x" }, loadType: "refreshTable" }), {
      name: "x", currentpage: 2, pagesize: 20, sort: "name", order: "desc", loadType: "refreshTable",
    });
  });
});

describe("permissions", () => {
  it("hides what needs a permission the user lacks, shows all when no set is loaded", () => {
    assert.equal(can(["sys:dict:add"], "sys:dict:add"), true);
    assert.equal(can(["sys:dict:add"], "sys:dict:delete"), false);
    assert.equal(can(undefined, "sys:dict:delete"), true);
  });
});

describe("paging next to a row", () => {
  const rows = [{ id: "11" }, { id: "12" }, { id: "13" }];
  it("asks the next page after the last row shown and the page before before the first", () => {
    assert.deepEqual(anchorFor(4, 5, rows, "id"), { after: "13" });
    assert.deepEqual(anchorFor(4, 3, rows, "id"), { before: "11" });
    assert.deepEqual(anchorFor(2, 1, rows, "id"), { before: "11" });
  });
  it("asks a jump, the same page or a page of no rows by its number alone", () => {
    assert.deepEqual(anchorFor(4, 6, rows, "id"), {});
    assert.deepEqual(anchorFor(4, 1, rows, "id"), {});
    assert.deepEqual(anchorFor(4, 4, rows, "id"), {});
    assert.deepEqual(anchorFor(4, 5, [], "id"), {});
  });
  it("names a row only by a key it has, as text", () => {
    assert.deepEqual(anchorFor(1, 2, [{ code: "a" }], "id"), {});
    assert.deepEqual(anchorFor(1, 2, [{ id: 7 }], "id"), { after: "7" });
    assert.deepEqual(anchorFor(1, 2, [{ sku: "X-1" }], "sku"), { after: "X-1" });
  });
  it("sends the anchor beside the page number", () => {
    const body = requestBody({ page: 5, size: 20, sort: { field: "", order: "" }, filters: { name: "a" }, loadType: "loadTable", anchor: { after: "13" } });
    assert.deepEqual(body, { name: "a", currentpage: 5, pagesize: 20, sort: "", order: "", loadType: "loadTable", after: "13" });
    assert.equal("after" in requestBody({ page: 1, size: 10, sort: { field: "", order: "" }, filters: {} }), false);
  });
});
