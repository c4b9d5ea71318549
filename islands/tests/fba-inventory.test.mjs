// FBA库存明细 and 库存数量 as the seller (the demo company's admin, whose simulated seller's listings were made into
// products of their own SKUs before its FBA stock was synced): open FBA库存明细 from the menu, see every state of the
// report and the days of cover worked out from the row's own figures, filter by pairing (every SKU paired with the
// product of its own SKU, pictured; none unpaired) and stock, sort by 可售, export the query; then find a SKU's
// 可售 in 库存数量 as its product's stock in its FBA warehouse. (A new seller's unpaired SKUs in both screens are
// onboarding-day.test.mjs's.) Screenshots at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
const STATES = ["可售", "预留", "入库处理中", "入库在途", "入库接收中", "不可售"];

describe("FBA库存明细", () => {
  let server;
  let page;
  let stocked;

  before(async () => {
    server = await startServer({ env: { SELLERHUB_DEMO_DATA: "true" } });
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  /** The table's header and rows as shown, once loaded, and the list's total. */
  async function shown(frame) {
    await tableLoaded(frame);
    const header = (await frame.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await frame.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    const total = Number((await frame.getByRole("navigation", { name: "分页" }).locator("span", { hasText: /^共/ }).textContent()).match(/\d+/)[0]);
    return { header, rows, total };
  }

  /** Submits the filter form and waits for the list's answer. */
  async function query(frame, path) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path);
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    return shown(frame);
  }

  const num = (s) => Number(s.replace(/,/g, ""));

  it("shows each SKU's states and days of cover, filters, sorts and exports", async () => {
    await openFromRail(page, "仓库", "FBA库存明细");
    const frame = await tabFrame(page, "FBA库存明细");
    let list = await shown(frame);
    for (const title of [...STATES, "平台SKU", "配对状态", "近30天销量", "可售天数"]) assert.ok(list.header.includes(title), `column ${title} in ${list.header}`);
    assert.ok(list.total > 10, `the demo's synced SKUs are listed: ${list.total}`);
    const col = (title) => list.header.indexOf(title);

    // Days of cover = 可售 ÷ (近30天销量 ÷ 30), to one decimal; — without sales.
    let covered = 0;
    for (const r of list.rows) {
      const units = num(r[col("近30天销量")]);
      if (units === 0) assert.equal(r[col("可售天数")], "—", `no sales: ${r}`);
      else {
        assert.equal(r[col("可售天数")], ((num(r[col("可售")]) * 30) / units).toFixed(1), `days of cover of ${r[col("平台SKU")]}`);
        covered++;
      }
    }
    assert.ok(covered > 0, "some SKUs sold in the last 30 days");

    // The demo made a product of each listing, by its seller SKU: nothing is unpaired, and every SKU is paired with
    // the product of its own SKU (no mug's listing on a brush), pictured.
    const all = list.total;
    await frame.getByLabel("配对状态", { exact: true }).selectOption("no");
    list = await query(frame, "/erp/api/v1/fbaInventory/page");
    assert.equal(list.total, 0, "the demo has no unpaired SKU");
    await frame.locator("[data-empty]").waitFor();
    await frame.getByLabel("配对状态", { exact: true }).selectOption("yes");
    list = await query(frame, "/erp/api/v1/fbaInventory/page");
    assert.equal(list.total, all, "every synced SKU is paired");
    for (const r of list.rows) {
      assert.equal(r[col("配对状态")], "已配对");
      assert.equal(r[col("本地SKU")], r[col("平台SKU")], `the product of the listing's own SKU: ${r}`);
    }
    assert.equal(await frame.locator("tbody img").count(), list.rows.length, "paired SKUs show their product's picture");

    // 有库存, sorted by 可售 from the most: a descending column of positive stock.
    await frame.getByLabel("配对状态", { exact: true }).selectOption("");
    await frame.getByLabel("库存", { exact: true }).selectOption("yes");
    await query(frame, "/erp/api/v1/fbaInventory/page");
    const sortBy = frame.locator("thead").getByRole("button", { name: /^可售$/ });
    for (const order of ["asc", "desc"]) {
      const sorted = page.waitForResponse((r) => r.url().endsWith("/fbaInventory/page") && JSON.parse(r.request().postData()).order === order);
      await sortBy.click();
      await sorted;
    }
    list = await shown(frame);
    const fulfillable = list.rows.map((r) => num(r[col("可售")]));
    assert.deepEqual(fulfillable, [...fulfillable].sort((a, b) => b - a), "sorted by 可售, most first");
    for (const r of list.rows) {
      const held = STATES.reduce((n, s) => n + num(r[col(s)]), 0);
      assert.ok(held > 0, `有库存 rows hold stock: ${r}`);
    }
    const us = list.rows.find((r) => r[col("站点")] === "美国" && num(r[col("可售")]) > 0);
    assert.ok(us, `a US SKU with stock: ${list.rows.map((r) => r[col("站点")])}`);
    stocked = { sku: us[col("平台SKU")], name: us[col("产品名称")], fulfillable: us[col("可售")] };

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), `FBA库存明细_${TODAY}.xlsx`);
    const sheet = readSheet(await file.path());
    assert.deepEqual(sheet[0], list.header, "the file's columns are the table's");
    assert.equal(sheet.length - 1, list.total, "the whole query, every page");
    assert.deepEqual(sheet.slice(1, 1 + list.rows.length).map((r) => [r[col("平台SKU")], String(r[col("可售")])]),
      list.rows.map((r) => [r[col("平台SKU")], String(num(r[col("可售")]))]), "the file's first lines are the page's, in its order");

    for (const dark of [false, true]) {
      if (dark) await page.getByRole("button", { name: "切换深色模式" }).click();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await tableLoaded(frame);
        if (width === 390) await page.waitForFunction(() => document.getElementById("main-menu").getBoundingClientRect().right <= 0);
        await page.screenshot({ path: artifact(`fba-inventory-${width}-${dark ? "dark" : "light"}.png`) });
      }
    }
    await page.getByRole("button", { name: "切换深色模式" }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("库存数量 shows a SKU's 可售 as its product's stock in its FBA warehouse", async () => {
    await openFromRail(page, "仓库", "库存数量");
    const frame = await tabFrame(page, "库存数量");
    await frame.getByLabel("SKU或名称", { exact: true }).fill(stocked.sku);
    const list = await query(frame, "/erp/api/v1/stock/page");
    const h = (title) => list.header.indexOf(title);
    // 演示店铺's US FBA warehouse is the demo's FBA美国仓.
    const rows = list.rows.filter((r) => r[h("SKU")] === stocked.sku && r[h("仓库")] === "FBA美国仓");
    assert.equal(rows.length, 1, `${stocked.sku} is listed once in FBA美国仓: ${JSON.stringify(list.rows)}`);
    assert.equal(rows[0][h("产品名称")], stocked.name, "as its product, not 未配对");
    assert.equal(rows[0][h("可用")], stocked.fulfillable, "its stock is Amazon's 可售");
    for (const dark of [false, true]) {
      if (dark) await page.getByRole("button", { name: "切换深色模式" }).click();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await tableLoaded(frame);
        if (width === 390) await page.waitForFunction(() => document.getElementById("main-menu").getBoundingClientRect().right <= 0);
        await page.screenshot({ path: artifact(`fba-inventory-stock-${width}-${dark ? "dark" : "light"}.png`) });
      }
    }
    await page.getByRole("button", { name: "切换深色模式" }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
