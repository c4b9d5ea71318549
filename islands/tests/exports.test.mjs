// 导出 on the lists, as the seeded admin of the demo company (its warehouses, opening stock, listings and FBA
// shipments): each list, filtered as a person filters it, downloads <list>_<date>.xlsx whose header is the
// columns the table shows and whose rows are the rows the filtered list shows (issue 16: only 本地产品 and 数据字典
// exported before). The files are read back with islands/tests/xlsx.mjs.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

// The date in the file names: the server's zone, Asia/Shanghai.
const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());

describe("列表导出", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  /** What the table in scope shows once loaded: the total, the header (without the actions) and each row's texts. */
  async function shown(scope) {
    await tableLoaded(scope);
    const total = Number((await scope.getByRole("navigation", { name: "分页" }).locator("span", { hasText: /^共/ }).textContent()).match(/\d+/)[0]);
    const header = (await scope.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    if (header.at(-1) === "操作") header.pop(); // the row actions' column, not data (操作日志 has a data column 操作)
    // The checkboxes' column of a list with bulk actions, not data either.
    const from = (await scope.locator("thead th").first().getByRole("checkbox").count()) > 0 ? 1 : 0;
    header.splice(0, from);
    const rows = await scope.locator("tbody tr").evaluateAll((trs, [from, n]) => trs.map((tr) => [...tr.cells].slice(from, from + n).map((td) => td.innerText.trim())), [from, header.length]);
    return { total, header, rows };
  }

  /** Clicks 导出 in scope and answers the downloaded file's name and rows. */
  async function exported(scope) {
    const download = page.waitForEvent("download");
    await scope.getByRole("button", { name: "导出", exact: true }).click();
    const file = await download;
    return { name: file.suggestedFilename(), sheet: readSheet(await file.path()) };
  }

  /**
   * Exports what scope shows and checks the file against it: the name, the header, one row per listed row (all of
   * them on the page), and the cells of the columns compared (their headings), in the list's order.
   */
  async function exportMatches(scope, name, compared) {
    const list = await shown(scope);
    assert.ok(list.total <= list.rows.length, `the filtered list fits one page: ${list.total}`);
    const file = await exported(scope);
    assert.equal(file.name, `${name}_${TODAY}.xlsx`);
    assert.deepEqual(file.sheet[0], list.header, "the file's columns are the table's");
    assert.equal(file.sheet.length - 1, list.total, "one row per listed row");
    for (const heading of compared) {
      const i = list.header.indexOf(heading);
      assert.ok(i >= 0, `${heading} among ${list.header}`);
      const cell = (v) => (v === undefined || v === "" ? "—" : v);
      assert.deepEqual(file.sheet.slice(1).map((r) => cell(r[i])), list.rows.map((r) => r[i]), `the ${heading} column`);
    }
    return { list, file };
  }

  /** Fills the list's filter form field (by its label) and searches, waiting for the new rows. */
  async function filter(scope, label, value, call) {
    const field = scope.getByLabel(label, { exact: true });
    if ((await field.evaluate((el) => el.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
    const loaded = page.waitForResponse((r) => r.url().endsWith(call));
    await scope.getByRole("button", { name: "查询", exact: true }).click();
    await loaded;
  }

  it("库存流水: the rows of one SKU, as filtered", async () => {
    await openFromRail(page, "仓库", "库存流水");
    const panel = await tabFrame(page, "库存流水");
    const all = await shown(panel);
    assert.ok(all.total > 1, "the demo ledger has several lines");
    const sku = all.rows[0][all.header.indexOf("SKU")];
    await filter(panel, "产品SKU或名称", sku, "/stock/ledger");
    const { list } = await exportMatches(panel, "库存流水", ["SKU", "单据号", "可用(后)"]);
    assert.ok(list.total < all.total && list.rows.every((r) => r[list.header.indexOf("SKU")] === sku), "only that SKU's lines");
  });

  it("库存数量: the stock by warehouse and product, filtered by warehouse and by SKU", async () => {
    await openFromRail(page, "仓库", "库存数量");
    const frame = await tabFrame(page, "库存数量");
    const all = await shown(frame);
    for (const heading of ["仓库", "SKU", "产品名称", "可用", "待出库", "待入库", "更新时间"]) assert.ok(all.header.includes(heading), `${heading} among ${all.header}`);
    assert.ok(all.total > 1, "the demo stock has several rows");
    const warehouse = all.rows[0][all.header.indexOf("仓库")];
    await filter(frame, "仓库", warehouse, "/stock/page");
    const byWarehouse = await exportMatches(frame, "库存", ["仓库", "SKU", "可用", "待出库"]);
    assert.ok(byWarehouse.list.total > 0 && byWarehouse.list.rows.every((r) => r[all.header.indexOf("仓库")] === warehouse), `only ${warehouse}'s stock`);
    const sku = byWarehouse.list.rows[0][all.header.indexOf("SKU")];
    await filter(frame, "SKU或名称", sku, "/stock/page");
    const { list } = await exportMatches(frame, "库存", ["仓库", "SKU", "可用"]);
    assert.ok(list.total >= 1 && list.rows.every((r) => r[list.header.indexOf("SKU")].includes(sku)), `only ${sku}`);
  });

  it("货件处理: one shipment by its id, and all of them", async () => {
    await openFromRail(page, "物流", "货件处理");
    const frame = await tabFrame(page, "货件处理");
    const all = await shown(frame);
    assert.ok(all.total >= 2, "the demo shipments");
    await exportMatches(frame, "货件", all.header.filter((h) => h === "货件ID"));
    await filter(frame, "货件ID", "FBA15DEMO002", "/shipment/page");
    const { file } = await exportMatches(frame, "货件", ["货件ID"]);
    assert.deepEqual(file.sheet.slice(1).map((r) => r[file.sheet[0].indexOf("货件ID")]), ["FBA15DEMO002"]);
  });

  it("SKU配对, 仓库, 发货计划, 入库单 and 出库单", async () => {
    await openFromRail(page, "产品", "SKU配对");
    const listings = await tabFrame(page, "SKU配对");
    const all = await shown(listings);
    assert.ok(all.total >= 2, "the demo listings");
    const sku = all.rows[0][all.header.indexOf("平台SKU")];
    await filter(listings, "平台SKU、ASIN或FNSKU", sku, "/listing/page");
    const { list } = await exportMatches(listings, "SKU配对", ["平台SKU", "ASIN"]);
    assert.equal(list.total, 1);

    await openFromRail(page, "仓库", "仓库");
    await exportMatches(await tabFrame(page, "仓库"), "仓库", ["仓库名称", "地址"]);
    await openFromRail(page, "物流", "发货计划");
    await exportMatches(await tabFrame(page, "发货计划"), "发货计划", []);
    for (const kind of ["入库单", "出库单"]) {
      await openFromRail(page, "仓库", kind);
      await exportMatches(await tabFrame(page, kind), kind, []);
    }
  });
  it("子账号 with its 状态 and 店铺 in the words the list shows, 操作日志, 数据字典 and 品牌", async () => {
    await openFromRail(page, "系统", "子账号");
    await exportMatches(await tabFrame(page, "子账号"), "子账号", ["账号", "状态", "店铺"]);
    await openFromRail(page, "系统", "操作日志");
    await exportMatches(await tabFrame(page, "操作日志"), "操作日志", ["操作人", "操作"]);
    await openFromRail(page, "系统", "数据字典");
    const dicts = (await tabFrame(page, "数据字典")).getByRole("region", { name: "字典", exact: true });
    await exportMatches(dicts, "字典", ["字典名称", "字典编码", "状态"]);
    await openFromRail(page, "产品", "品牌");
    await exportMatches(await tabFrame(page, "品牌"), "品牌", ["品牌名称"]);
  });
});
