// Unit tests of renaming a tab in the shell's tab model (islands/shell/tabs.js): a page that became another.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { renameTab } from "../shell/tabs.js";

const home = { title: "首页", url: "/home" };
const state = (titles, active) => ({ tabs: [home, ...titles.map((t) => ({ title: t, url: `/${t}` }))], active });

describe("renameTab", () => {
  it("retitles the tab in its place, with its new address, and keeps it selected", () => {
    const s = renameTab(state(["发货计划", "发货计划提交", "库存"], "发货计划提交"), "发货计划提交", { title: "发货计划详情 SP-1", url: "/e/s/p?id=1" });
    assert.deepEqual(s.tabs.map((t) => t.title), ["首页", "发货计划", "发货计划详情 SP-1", "库存"]);
    assert.equal(s.tabs[2].url, "/e/s/p?id=1");
    assert.equal(s.active, "发货计划详情 SP-1");
  });
  it("keeps another tab selected, and the old address when none is given", () => {
    const s = renameTab(state(["a", "b"], "a"), "b", { title: "c" });
    assert.deepEqual(s, { tabs: [home, { title: "a", url: "/a" }, { title: "c", url: "/b" }], active: "a" });
  });
  it("drops a tab already open under the new title", () => {
    const s = renameTab(state(["x", "a", "b"], "x"), "b", { title: "a" });
    assert.deepEqual(s.tabs.map((t) => t.title), ["首页", "x", "a"]);
    assert.equal(s.tabs[2].url, "/b");
    assert.equal(s.active, "x");
  });
  it("leaves 首页 and an unknown tab alone", () => {
    const s = state(["a"], "a");
    assert.equal(renameTab(s, "首页", { title: "z" }), s);
    assert.equal(renameTab(s, "nope", { title: "z" }), s);
    assert.equal(renameTab(s, "a", { title: "首页" }), s);
  });
});
