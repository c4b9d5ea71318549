// 首页's sales as the seller (the demo company's admin, with the demo's 90 days of Amazon orders): the last 7
// days' units, orders and CNY sales on the home tab equal 销售报表's for the same days in the company's day (each
// marketplace's own by default), summed over its lines (by store and month, every currency; the CNY to within
// the cent each shown line was rounded to); 今日 holds 今日订单's orders, in the marketplaces' day and, once
// 公司设置 chooses it, in Beijing's; every figure says which day it counts and every list what it is ordered by.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer, withPage } from "./harness.mjs";
import { signIn } from "./flows.mjs";
import { HOME, openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

/** The day now in a zone, as 首页 shortens it (MM-dd). */
const shortToday = (timeZone) => new Date().toLocaleDateString("en-CA", { timeZone }).slice(5);

/** The total a list's pager shows (共 N 条). */
async function listTotal(frame) {
  await tableLoaded(frame);
  const text = await frame.getByRole("navigation", { name: "分页" }).locator("span", { hasText: /^共/ }).textContent();
  return Number(text.match(/\d+/)[0]);
}

/** How many of today's orders (in the zone's day) are cancelled, as 今日订单's own call counts them. */
async function cancelledToday(frame, zone) {
  return frame.evaluate(async (zone) => {
    const init = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ currentpage: 1, pagesize: 10, zone, status: "Cancelled" }) };
    return (await (await fetch("/amazon/api/v1/orders/today", init)).json()).data.total;
  }, zone);
}

/**
 * Saves 首页's sales (and, with settings, 公司设置) at 1280 and 390 px, light and dark, as home-sales-<day>-<width>-
 * <theme>.png, for a person to look at.
 */
async function draw(server, day, settings) {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    for (const dark of [false, true]) {
      await withPage(server, { js: true, viewport }, async (p) => {
        await p.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
        await p.goto("/login");
        await signIn(p, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
        const name = `${viewport.width}-${dark ? "dark" : "light"}`;
        await p.goto("/home?embed=1");
        await p.locator("[data-day-basis]").first().waitFor();
        await p.screenshot({ path: artifact(`home-sales-${day}-${name}.png`), fullPage: true });
        if (!settings) return;
        await p.goto("/sys/company?embed=1");
        await p.getByText(/^当前：/).waitFor();
        await p.screenshot({ path: artifact(`company-settings-${name}.png`), fullPage: true });
      });
    }
  }
}

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
    await home.locator("[data-day-basis]").first().waitFor();
    assert.match(await home.locator("[data-day-basis]").first().textContent(), /^按各站点当地日期 · /);
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
    await tableLoaded(frame);
    await frame.getByLabel("统计维度", { exact: true }).selectOption("store");
    await frame.getByLabel("统计周期", { exact: true }).selectOption("month");
    // The report's zone starts at the company's day, the dashboard's.
    assert.equal(await frame.getByLabel("时区", { exact: true }).inputValue(), "marketplace");
    await frame.getByLabel("开始日期", { exact: true }).fill(first);
    await frame.getByLabel("结束日期", { exact: true }).fill(last);
    const loaded = page.waitForResponse((r) => r.url().endsWith("/amazon/api/v1/sales/report"));
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await loaded;
    await tableLoaded(frame);
    const header = (await frame.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await frame.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    const total = Number((await frame.getByRole("navigation", { name: "分页" }).locator("span", { hasText: /^共/ }).textContent()).match(/\d+/)[0]);
    assert.equal(rows.length, total, "every line on one page");
    const col = (name) => {
      const i = header.indexOf(name);
      assert.ok(i >= 0, `column ${name} in ${header}`);
      return i;
    };
    const reportUnits = rows.reduce((n, r) => n + Number(r[col("订单销量")].replace(/,/g, "")), 0);
    const reportOrders = rows.reduce((n, r) => n + Number(r[col("订单数")].replace(/,/g, "")), 0);
    const reportSales = rows.reduce((n, r) => n + cents(r[col("订单销售额(CNY)")]), 0);
    assert.equal(units, reportUnits, `units ${first}..${last}`);
    // An order lies in one store, one month and one currency: the lines' orders add up.
    assert.equal(orders, reportOrders, `orders ${first}..${last}`);
    // Each line of the report shows its CNY rounded to the cent; the dashboard rounds its sum once.
    assert.ok(Math.abs(sales - reportSales) <= rows.length, `CNY sales ${first}..${last}: ${sales} cents, the report's ${rows.length} lines ${reportSales}`);
  });
  it("counts today as 今日订单 does, in the day 公司设置 chooses, and says so", async () => {
    const home = await tabFrame(page, HOME);
    const today = home.locator('[data-period="今日"]');
    const basis = await home.locator("[data-day-basis]").first().textContent();
    // The demo sells in North America, counted in Pacific time as Amazon's reports do.
    assert.match(basis, new RegExp(`^按各站点当地日期 · 美国.* ${shortToday("America/Los_Angeles")}$`), basis);
    assert.match(await today.locator("[data-day]").textContent(), /^站点日期 \d\d-\d\d$/);
    assert.match(await today.locator("[data-same-hour]").textContent(), /^对比昨日 \d\d:\d\d 前$/);
    assert.equal(await home.locator('[data-list="top-skus"] [data-order]').textContent(), "按近7天销售额从高到低排列");
    assert.equal(await home.locator('[data-list="falling-skus"] [data-order]').textContent(), "按比前7天减少的销售额（元）从多到少排列");
    assert.match(await home.locator("[data-low-stock] [data-order]").textContent(), /^按可售天数从少到多排列/);
    const orders = Number(await today.locator("[data-orders]").textContent());

    await openFromRail(page, "销售", "今日订单");
    const list = await tabFrame(page, "今日订单");
    assert.equal(await list.getByLabel("时区", { exact: true }).inputValue(), "marketplace");
    assert.equal((await listTotal(list)) - (await cancelledToday(list, "marketplace")), orders, "今日 on 首页 and 今日订单 count the same orders");

    await openFromRail(page, "系统", "公司设置");
    const settings = await tabFrame(page, "公司设置");
    await settings.getByLabel(/^按北京时间/).check();
    await settings.getByRole("button", { name: "保存", exact: true }).click();
    // 当前 follows what the server answered to 保存.
    await settings.getByText("当前：按北京时间").waitFor();

    // A new look at the pages: 首页 and 今日订单 now count Beijing's day, and agree.
    await withPage(server, { js: true }, async (p) => {
      await p.goto("/login");
      await signIn(p, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      await p.goto("/home?embed=1");
      assert.equal(await p.locator("[data-day-basis]").first().textContent(), `按北京时间 ${shortToday("Asia/Shanghai")}`);
      assert.match(await p.locator('[data-period="今日"] [data-day]').textContent(), /^北京时间 \d\d-\d\d$/);
      const bjOrders = Number(await p.locator('[data-period="今日"] [data-orders]').textContent());
      await p.goto("/amazon/orders/today?embed=1");
      assert.equal(await p.getByLabel("时区", { exact: true }).inputValue(), "beijing");
      // 首页 leaves cancelled orders out (its header says so); 今日订单 lists them too.
      assert.equal((await listTotal(p)) - (await cancelledToday(p, "beijing")), bjOrders, "今日 in Beijing's day on 首页 and 今日订单");
    });
  });

  // Saved for a person to look at (islands/tests/artifacts/home-sales-*.png, company-settings-*.png): 首页 in
  // Beijing's day and 公司设置, then, the setting set back, 首页 in the marketplaces' day. Each look signs in anew,
  // which ends the other tests' session: this one comes last.
  it("draws in either day at desktop and phone widths, light and dark", async () => {
    await draw(server, "beijing", true);
    await withPage(server, { js: true }, async (p) => {
      await p.goto("/login");
      await signIn(p, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      await p.goto("/sys/company?embed=1");
      await p.getByLabel(/^按各站点当地日期/).check();
      await p.getByRole("button", { name: "保存", exact: true }).click();
      await p.getByText("当前：按各站点当地日期").waitFor();
    });
    await draw(server, "marketplace", false);
  });
});
