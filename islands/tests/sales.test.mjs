// 销售报表 as the seller (the demo company's admin, with the demo's 90 days of Amazon orders): read a SKU's sales
// by week (a line a week from Monday and currency), and export it: the file has the table's columns and the
// query's every line, the page's first. The screen says which orders count. The file is read back with
// islands/tests/xlsx.mjs. By 父ASIN the lines are the demo catalogue's variation families (screenshots at 1280 and
// 390 px go to islands/tests/artifacts/).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());

describe("销售报表", () => {
  let server;
  let page;

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

  /** The table's header and rows as shown, once loaded. */
  async function shown(frame) {
    await tableLoaded(frame);
    const header = (await frame.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await frame.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    const total = Number((await frame.getByRole("navigation", { name: "分页" }).locator("span", { hasText: /^共/ }).textContent()).match(/\d+/)[0]);
    return { header, rows, total };
  }

  it("reads a SKU's sales by week and exports them", async () => {
    await openFromRail(page, "销售", "销售报表");
    const frame = await tabFrame(page, "销售报表");
    await frame.getByText("已取消的订单不计入销量、订单数和销售额").waitFor();
    let list = await shown(frame);
    const key = list.header.indexOf("统计项");
    const period = list.header.indexOf("日期");
    assert.ok(key >= 0 && period >= 0, `columns ${list.header}`);
    assert.ok(list.rows.length > 0 && list.rows[0][key], "the last 30 days by SKU have sales");
    const sku = list.rows[0][key];
    // Named by their source (issue 43, item 3), with a line saying where they come from.
    assert.ok(list.header.includes("订单销量") && list.header.includes("订单销售额") && !list.header.includes("销量"), `columns by source: ${list.header}`);
    await frame.getByText("数据来源：订单销量、订单销售额取自同步的亚马逊订单").waitFor();

    await frame.getByLabel("统计周期", { exact: true }).selectOption("week");
    await frame.getByLabel("SKU或ASIN", { exact: true }).fill(sku);
    const loaded = page.waitForResponse((r) => r.url().endsWith("/amazon/api/v1/sales/report"));
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await loaded;
    list = await shown(frame);
    assert.ok(list.rows.length >= 4, `a month of weeks: ${list.rows.length}`);
    for (const r of list.rows) {
      assert.equal(r[key], sku);
      assert.equal(new Date(`${r[period]}T00:00:00Z`).getUTCDay(), 1, `${r[period]} is a Monday`);
    }

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), `销售报表_${TODAY}.xlsx`);
    const sheet = readSheet(await file.path());
    assert.deepEqual(sheet[0], list.header, "the file's columns are the table's");
    assert.equal(sheet.length - 1, list.total, "the whole query, every page");
    assert.deepEqual(
      sheet.slice(1, 1 + list.rows.length).map((r) => [r[key], r[period], r[list.header.indexOf("订单销量")]]),
      list.rows.map((r) => [r[key], r[period], r[list.header.indexOf("订单销量")]]),
      "the file's first lines are the table's page",
    );
  });

  it("groups the sales by 父ASIN", async () => {
    const frame = await tabFrame(page, "销售报表");
    await frame.getByLabel("SKU或ASIN", { exact: true }).fill("");
    await frame.getByLabel("统计维度", { exact: true }).selectOption({ label: "父ASIN" });
    await frame.getByLabel("统计周期", { exact: true }).selectOption("month");
    const loaded = page.waitForResponse(async (r) => r.url().endsWith("/amazon/api/v1/sales/report") && (r.request().postData() ?? "").includes('"parentAsin"'));
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await loaded;
    const list = await shown(frame);
    const key = list.header.indexOf("统计项");
    const units = list.header.indexOf("订单销量");
    assert.ok(list.rows.length > 0, "the demo's months have sales by parent ASIN");
    const line = list.rows[0];
    assert.match(line[key], /^B0[0-9A-Z]{8}$/, `a parent ASIN (or a standalone ASIN) keys the line: ${line}`);
    assert.ok(Number(line[units].replace(/,/g, "")) > 0, `the line sold: ${line}`);
    await page.screenshot({ path: artifact("sales-parent-asin-1280.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await tableLoaded(frame);
    // At phone width the rail slides away (a CSS transition): the picture is taken once it has.
    await page.waitForFunction(() => document.getElementById("main-menu").getBoundingClientRect().right <= 0);
    await page.screenshot({ path: artifact("sales-parent-asin-390.png") });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  // 周/月汇总's default range (the last 30 days) cuts its newest week at today: the week is labelled with its real
  // dates, and each week has a 合计(CNY) line summing its currencies' CNY figures (issue 43, item 4). On main the
  // cut week was labelled by its Monday, as a whole one, and no line summed the currencies.
  it("周/月汇总 labels a cut week with its dates and totals the currencies in CNY", async () => {
    await openFromRail(page, "销售", "周/月汇总");
    const frame = await tabFrame(page, "周/月汇总");
    const list = await shown(frame);
    const period = list.header.indexOf("周期");
    const currency = list.header.indexOf("币种");
    const sales = list.header.indexOf("销售额");
    const salesCny = list.header.indexOf("销售额(CNY)");
    assert.ok(period >= 0 && currency >= 0 && sales >= 0 && salesCny >= 0, `columns ${list.header}`);
    const today = new Date(`${TODAY}T00:00:00Z`);
    const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86400000).toISOString().slice(0, 10);
    // The newest week, first: whole only on a Sunday. In a Monday's first hours the demo may have sold nothing yet
    // this week (seen at 00:19 Beijing time): the newest week is then last week, whole.
    const lastMonday = new Date(new Date(`${monday}T00:00:00Z`).getTime() - 7 * 86400000).toISOString().slice(0, 10);
    const soldThisWeek = list.rows[0][period].startsWith(monday);
    assert.ok(soldThisWeek || today.getUTCDay() === 1, `no sale this week after its Monday: ${list.rows[0][period]}`);
    const newest = !soldThisWeek ? lastMonday : today.getUTCDay() === 0 ? monday : `${monday} ~ ${TODAY}`;
    assert.equal(list.rows[0][period], newest, "the newest week says its real dates");
    for (const r of list.rows) assert.match(r[period], /^\d{4}-\d{2}-\d{2}( ~ \d{4}-\d{2}-\d{2})?$/);
    const week = list.rows.filter((r) => r[period] === newest);
    const total = week.filter((r) => r[currency] === "合计(CNY)");
    assert.equal(total.length, 1, `one total line of the week: ${week.map((r) => r[currency])}`);
    const num = (s) => Number(s.replace(/[^0-9.-]/g, ""));
    const summed = week.filter((r) => r[currency] !== "合计(CNY)").reduce((n, r) => n + num(r[salesCny]), 0);
    assert.ok(week.length > 2, `the demo's week sells in several currencies: ${week.map((r) => r[currency])}`);
    assert.ok(Math.abs(num(total[0][sales]) - summed) < 0.011, `the total ${total[0][sales]} is the currencies' ${summed.toFixed(2)}`);
    await page.screenshot({ path: artifact("sales-summary-1280.png") });
  });
});
