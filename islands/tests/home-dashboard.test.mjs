// 首页's sales as the seller (the demo company's admin, with the demo's 90 days of Amazon orders): the last 7
// days' units, orders and CNY sales on the home tab equal 销售报表's for the same days in Beijing time, summed over its
// lines (by store and month, every currency; the CNY to within the cent each shown line was rounded to).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { HOME, openFromRail, signInToShell, tabFrame } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

/** An amount as shown ("¥1,234.56", "1234.56") in cents. */
const cents = (text) => Math.round(Number(text.replace(/[^\d.-]/g, "")) * 100);

describe("首页 sales", () => {
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

  it("shows the last 7 days as 销售报表 sums them", async () => {
    const home = await tabFrame(page, HOME);
    await home.getByText("按北京时间统计").waitFor();
    const week = home.locator('[data-period="近7天"]');
    const first = await week.getAttribute("data-first");
    const last = await week.getAttribute("data-last");
    const units = Number(await week.locator("[data-units]").textContent());
    const orders = Number(await week.locator("[data-orders]").textContent());
    const sales = cents(await week.locator("[data-sales]").textContent());
    assert.ok(units > 0 && sales > 0, `the demo sold in the last 7 days: ${units} units, ${sales} cents`);
    await home.getByText(/FBA库存预警/).waitFor();

    await openFromRail(page, "销售", "销售报表");
    const frame = await tabFrame(page, "销售报表");
    await frame.locator('table[aria-busy="false"]').waitFor();
    await frame.getByLabel("统计维度", { exact: true }).selectOption("store");
    await frame.getByLabel("统计周期", { exact: true }).selectOption("month");
    await frame.getByLabel("时区", { exact: true }).selectOption("beijing");
    await frame.getByLabel("开始日期", { exact: true }).fill(first);
    await frame.getByLabel("结束日期", { exact: true }).fill(last);
    const loaded = page.waitForResponse((r) => r.url().endsWith("/amazon/api/v1/sales/report"));
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await loaded;
    await frame.locator('table[aria-busy="false"]').waitFor();
    const header = (await frame.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await frame.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    const total = Number((await frame.getByRole("navigation", { name: "分页" }).locator("span", { hasText: /^共/ }).textContent()).match(/\d+/)[0]);
    assert.equal(rows.length, total, "every line on one page");
    const col = (name) => {
      const i = header.indexOf(name);
      assert.ok(i >= 0, `column ${name} in ${header}`);
      return i;
    };
    const reportUnits = rows.reduce((n, r) => n + Number(r[col("销量")].replace(/,/g, "")), 0);
    const reportOrders = rows.reduce((n, r) => n + Number(r[col("订单数")].replace(/,/g, "")), 0);
    const reportSales = rows.reduce((n, r) => n + cents(r[col("销售额(CNY)")]), 0);
    assert.equal(units, reportUnits, `units ${first}..${last}`);
    // An order lies in one store, one month and one currency: the lines' orders add up.
    assert.equal(orders, reportOrders, `orders ${first}..${last}`);
    // Each line of the report shows its CNY rounded to the cent; the dashboard rounds its sum once.
    assert.ok(Math.abs(sales - reportSales) <= rows.length, `CNY sales ${first}..${last}: ${sales} cents, the report's ${rows.length} lines ${reportSales}`);
  });
});
