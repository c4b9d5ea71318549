// Money reads one way on every screen (issue 43, item 6): the currency's symbol, thousands separators and two
// decimals, on 首页, 销售报表, 利润报告 and its detail dialog, and 订单管理, as the demo company's admin with the demo's
// 90 days of Amazon data; quantities stay whole numbers. Each screen is saved at 1280 px and 390 px, light and
// dark (islands/tests/artifacts/money-*.png).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer, withPage } from "./harness.mjs";
import { tableLoaded } from "./shell.mjs";
import { signIn } from "./flows.mjs";
import { SYMBOLS } from "../lib/money.js";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
const LAST_MONTH = (() => {
  const [y, m] = TODAY.split("-").map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
})();

const escape = (s) => s.replace(/[$]/g, "\\$");
/** Asserts text is an amount in currency as the one rule writes it: -?symbol 1,234.56. */
function assertMoney(text, currency, where) {
  const symbol = SYMBOLS[currency];
  assert.ok(symbol, `${where}: a known currency ${currency}`);
  assert.match(text, new RegExp(`^-?${escape(symbol)}\\d{1,3}(,\\d{3})*\\.\\d{2}$`), `${where}: ${text} in ${currency}`);
}
const SEPARATED = /\d,\d{3}\.\d{2}$/;

// The marketplaces' currencies by their names, for 订单管理 (its rows name the marketplace, not the currency).
const CURRENCY_OF = { 美国: "USD", 加拿大: "CAD", 墨西哥: "MXN", 英国: "GBP", 德国: "EUR", 法国: "EUR", 意大利: "EUR", 西班牙: "EUR", 日本: "JPY" };

/** A list's header and rows as shown, once the table island has drawn them. */
async function table(page, scope = page.locator("body")) {
  await tableLoaded(scope);
  const t = scope.locator("table").first();
  const header = (await t.locator("thead th").allInnerTexts()).map((s) => s.replace(/[↕▲▼]/g, "").trim());
  const rows = await t.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
  const col = (name) => {
    const i = header.indexOf(name);
    assert.ok(i >= 0, `column ${name} in ${header}`);
    return i;
  };
  return { header, rows, col };
}

/** Submits the page's filter form and waits for the list's call to answer and the table to draw. */
async function query(page, call) {
  const loaded = page.waitForResponse((r) => r.url().endsWith(call));
  await page.getByRole("button", { name: "查询", exact: true }).click();
  await loaded;
  await tableLoaded(page);
}

describe("money on every screen", () => {
  let server;
  before(async () => {
    server = await startServer({ env: { SELLERHUB_DEMO_DATA: "true" } });
  });
  after(() => server?.stop());

  it("writes every amount with its symbol, separators and two decimals; quantities as whole numbers", async () => {
    await withPage(server, { js: true }, async (page) => {
      await page.goto("/login");
      await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });

      // 首页: the ranges' sales, the trend's top and the SKU lists, in CNY.
      await page.goto("/home?embed=1");
      await page.locator("[data-sales]").first().waitFor();
      const home = await page.locator("[data-sales]").allInnerTexts();
      assert.ok(home.length >= 4, `the ranges' sales: ${home}`);
      for (const s of home) assertMoney(s.trim(), "CNY", "首页");
      assert.ok(home.some((s) => SEPARATED.test(s)), `a range of thousands shows its separator: ${home}`);
      for (const s of await page.locator("[data-units], [data-orders]").allInnerTexts()) assert.match(s.trim(), /^\d+$/, `a count on 首页: ${s}`);

      // 销售报表 by marketplace and month: each line's amounts in its currency, its CNY in yuan.
      await page.goto("/amazon/sales/report?embed=1");
      await tableLoaded(page);
      await page.getByLabel("统计维度", { exact: true }).selectOption("marketplace");
      await page.getByLabel("统计周期", { exact: true }).selectOption("month");
      await query(page, "/amazon/api/v1/sales/report");
      let t = await table(page);
      assert.ok(t.rows.length > 0, "the report has lines");
      for (const r of t.rows) {
        const currency = r[t.col("币种")];
        for (const c of ["订单销售额", "平均售价", "退款额"]) assertMoney(r[t.col(c)], currency, `销售报表 ${c}`);
        for (const c of ["订单销售额(CNY)", "退款额(CNY)"]) assertMoney(r[t.col(c)], "CNY", `销售报表 ${c}`);
        for (const c of ["订单销量", "订单数"]) assert.match(r[t.col(c)], /^\d+$/, `销售报表 ${c}: ${r[t.col(c)]}`);
      }
      assert.ok(t.rows.some((r) => SEPARATED.test(r[t.col("订单销售额(CNY)")])), "a month of thousands shows its separator");

      // 利润报告 of last month by SKU, the costliest first: the Amazon figures in the line's currency, the rest CNY.
      await page.goto("/amazon/payment/profit?embed=1");
      await page.getByLabel("开始月份", { exact: true }).fill(LAST_MONTH);
      await page.getByLabel("结束月份", { exact: true }).fill(LAST_MONTH);
      await query(page, "/amazon/api/v1/profit/report");
      const cost = page.locator("thead").getByRole("button", { name: "商品成本" });
      for (let i = 0; i < 2; i++) {
        const loaded = page.waitForResponse((r) => r.url().endsWith("/amazon/api/v1/profit/report"));
        await cost.click();
        await loaded;
      }
      t = await table(page);
      assert.ok(t.rows.length > 0, "last month has lines");
      for (const r of t.rows) {
        const currency = r[t.col("币种")];
        for (const c of ["结算销售额", "佣金", "FBA配送费", "仓储费", "其他费用", "退款", "亚马逊回款"]) assertMoney(r[t.col(c)], currency, `利润报告 ${c}`);
        for (const c of ["结算销售额(CNY)", "佣金(CNY)", "商品成本", "头程", "利润(CNY)"]) assertMoney(r[t.col(c)], "CNY", `利润报告 ${c}`);
        assert.match(r[t.col("结算销量")], /^-?\d+$/, `利润报告 结算销量: ${r[t.col("结算销量")]}`);
        // A line without sales (the store's storage fees) has no margin; one missing an input says — (利润报告's gaps).
        assert.match(r[t.col("利润率")], /^(-?\d+\.\d{2}%|—.*|)$/, `利润报告 利润率 is a percent: ${r[t.col("利润率")]}`);
      }
      assert.ok(t.rows.some((r) => SEPARATED.test(r[t.col("结算销售额(CNY)")])), "a SKU of thousands shows its separator");

      // The profit detail dialog: each settlement line's amount and the total in the line's currency.
      const row = t.rows[0];
      const sku = row[t.col("SKU")];
      const currency = row[t.col("币种")];
      await page.getByRole("button", { name: `佣金明细 ${sku} ${LAST_MONTH}` }).first().click();
      const dialog = page.getByRole("dialog", { name: new RegExp(`佣金明细：${sku}`) });
      const lines = dialog.getByRole("table", { name: "佣金明细" });
      await lines.waitFor();
      const detail = await lines.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
      assert.ok(detail.length > 0, "settlement lines behind the referral fee");
      for (const d of detail) {
        assertMoney(d[7], d[8], "利润明细 金额");
        assert.match(d[6], /^-?\d*$/, `利润明细 数量: ${d[6]}`);
      }
      const foot = await lines.locator("tfoot td").allInnerTexts();
      assertMoney(foot[1].trim(), currency, "利润明细 合计");
      await page.screenshot({ path: artifact("money-profit-detail-1280-light.png") });
      await dialog.getByRole("button", { name: "关闭" }).click();
      await dialog.waitFor({ state: "hidden" });

      // 订单管理: a row's SKU sales and the order's, in the marketplace's currency; quantities whole.
      await page.goto("/amazon/orders/manager?embed=1");
      t = await table(page);
      assert.ok(t.rows.length > 0, "the demo has orders");
      for (const r of t.rows) {
        const c = CURRENCY_OF[r[t.col("站点")]];
        assert.ok(c, `a marketplace of the demo: ${r[t.col("站点")]}`);
        for (const name of ["销售额", "订单总额"]) assertMoney(r[t.col(name)], c, `订单管理 ${name}`);
        assert.match(r[t.col("数量")], /^\d+$/, `订单管理 数量: ${r[t.col("数量")]}`);
      }
    });
  });

  it("saves the screens at 1280 px and 390 px, light and dark", async () => {
    const screens = [
      ["home", "/home?embed=1"],
      ["sales-report", "/amazon/sales/report?embed=1"],
      ["profit-report", "/amazon/payment/profit?embed=1"],
      ["orders", "/amazon/orders/manager?embed=1"],
    ];
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ]) {
      for (const dark of [false, true]) {
        const page = await newPage(server, { viewport: { width, height } });
        try {
          await page.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await page.goto("/login");
          await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
          for (const [name, address] of screens) {
            await page.goto(address);
            await page.waitForFunction(() => !document.body.innerText.includes("加载中"), null, { timeout: PATIENCE });
            await page.evaluate(() => document.fonts.ready);
            await page.screenshot({ path: artifact(`money-${name}-${width}-${dark ? "dark" : "light"}.png`), fullPage: true });
          }
          assert.deepEqual(page.scriptErrors.map((e) => e.message), [], "no script errors on the pages");
        } finally {
          await page.context().close();
        }
      }
    }
  });
});
