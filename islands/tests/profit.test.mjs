// 利润报告 and 利润配置 as the seller (the demo company's admin, with the demo's 90 days of Amazon data, its paired
// products' costs and a shipped shipment with freight): filter last month, read a paired SKU's profit and check it
// is its figures' sum, open its referral fee's settlement lines, export the query and read the file back; then set
// 利润配置 to 按体积 and see the SKU's 头程 change. The file is read back with islands/tests/xlsx.mjs.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer, withPage } from "./harness.mjs";
import { signIn } from "./flows.mjs";
import { openFromRail, signInToShell, tabFrame } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
const LAST_MONTH = (() => {
  const [y, m] = TODAY.split("-").map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
})();

describe("利润报告", () => {
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
    await frame.locator('section[aria-label="利润报告"] table[aria-busy="false"]').waitFor();
    const table = frame.locator('section[aria-label="利润报告"] table').first();
    const header = (await table.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    const total = Number((await frame.getByRole("navigation", { name: "分页" }).locator("span", { hasText: /^共/ }).textContent()).match(/\d+/)[0]);
    return { header, rows, total };
  }

  async function query(frame, action) {
    const loaded = page.waitForResponse((r) => r.url().endsWith("/amazon/api/v1/profit/report"));
    await action();
    await loaded;
    return shown(frame);
  }

  const num = (s) => Number(s.replace(/[^0-9.-]/g, ""));

  it("reads a SKU's profit, opens a fee's settlement lines, exports, and follows 利润配置", async () => {
    await openFromRail(page, "财务", "利润报告");
    const frame = await tabFrame(page, "利润报告");
    await frame.getByText("利润 = 销售额 − 佣金").waitFor();
    await frame.getByLabel("开始月份", { exact: true }).fill(LAST_MONTH);
    await frame.getByLabel("结束月份", { exact: true }).fill(LAST_MONTH);
    let list = await query(frame, () => frame.getByRole("button", { name: "查询", exact: true }).click());
    const col = (name) => {
      const i = list.header.indexOf(name);
      assert.ok(i >= 0, `column ${name} in ${list.header}`);
      return i;
    };
    assert.ok(list.total > 20, `last month has lines: ${list.total}`);
    // The costliest SKUs first: the paired demo products.
    const cost = frame.locator("thead").getByRole("button", { name: "商品成本" });
    await query(frame, () => cost.click());
    list = await query(frame, () => cost.click());
    const row = list.rows[0];
    const sku = row[col("SKU")];
    assert.match(row[col("本地SKU")], /^DEMO-/, `a paired SKU first: ${row}`);
    assert.equal(row[col("月份")], LAST_MONTH);
    assert.equal(row[col("来源")], "结算");
    assert.ok(num(row[col("商品成本")]) > 0 && num(row[col("头程")]) > 0, `cost and freight: ${row}`);
    const parts = ["销售额(CNY)", "佣金(CNY)", "FBA配送费(CNY)", "仓储费(CNY)", "其他费用(CNY)", "退款(CNY)"].map((c) => num(row[col(c)]));
    const profit = parts[0] - parts.slice(1).reduce((a, b) => a + b, 0) - num(row[col("商品成本")]) - num(row[col("头程")]);
    assert.ok(Math.abs(profit - num(row[col("利润(CNY)")])) < 0.03, `profit ${row[col("利润(CNY)")]} is its figures' sum ${profit.toFixed(2)}`);
    assert.match(row[col("广告费")], /广告数据未同步/);
    const freightByWeight = row[col("头程")];

    // The referral fee opens its settlement lines.
    await frame.getByRole("button", { name: `佣金明细 ${sku} ${LAST_MONTH}` }).first().click();
    const dialog = frame.getByRole("dialog", { name: new RegExp(`佣金明细：${sku}`) });
    const lines = dialog.getByRole("table", { name: "佣金明细" });
    await lines.waitFor();
    const detail = await lines.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    assert.ok(detail.length > 0, "settlement lines behind the referral fee");
    for (const d of detail) {
      assert.equal(d[0], "结算");
      assert.match(d[2], /^\d+$/, `a settlement id: ${d}`);
      assert.match(d[5], /^ItemFees \/ (Commission|RefundCommission)$/, `Amazon's name: ${d}`);
    }
    await dialog.getByText(/共 \d+ 条/).waitFor();
    await dialog.getByRole("button", { name: "关闭" }).click();
    await dialog.waitFor({ state: "hidden" });

    // The whole query, exported.
    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), `利润报告_${TODAY}.xlsx`);
    const sheet = readSheet(await file.path());
    assert.deepEqual(sheet[0], list.header, "the file's columns are the table's");
    assert.equal(sheet.length - 1, list.total, "the whole query, every page");
    assert.equal(sheet[1][col("SKU")], sku, "the file's first line is the table's");
    assert.equal(Number(sheet[1][col("利润(CNY)")]), num(row[col("利润(CNY)")]));

    // 利润配置: spread freight by volume, and the SKU's 头程 follows.
    await openFromRail(page, "财务", "利润配置");
    const config = await tabFrame(page, "利润配置");
    await config.getByText("当前：按重量").waitFor();
    await config.getByLabel("按体积").check();
    await config.getByRole("button", { name: "保存", exact: true }).click();
    await config.getByText("当前：按体积").waitFor();

    await openFromRail(page, "财务", "利润报告");
    await frame.getByLabel("SKU", { exact: true }).fill(sku);
    list = await query(frame, () => frame.getByRole("button", { name: "查询", exact: true }).click());
    // The SKU sells in each North American marketplace, in its currency: the line of the same currency is the one.
    const same = list.rows.filter((r) => r[col("SKU")] === sku && r[col("币种")] === row[col("币种")]);
    assert.equal(same.length, 1, `${sku} ${row[col("币种")]} in ${list.rows}`);
    assert.notEqual(same[0][col("头程")], freightByWeight, "by volume the SKU carries another share of the freight");
  });

  // Saved for a person to look at (islands/tests/artifacts/profit-*.png): the filled report and a figure's lines,
  // at desktop and phone widths, light and dark.
  it("draws filled at desktop and phone widths, light and dark", async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      for (const dark of [false, true]) {
        await withPage(server, { js: true, viewport }, async (p) => {
          await p.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await p.goto("/login");
          await signIn(p, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
          await p.goto("/amazon/payment/profit?embed=1");
          await p.getByLabel("开始月份", { exact: true }).fill(LAST_MONTH);
          await p.getByLabel("结束月份", { exact: true }).fill(LAST_MONTH);
          const loaded = p.waitForResponse((r) => r.url().endsWith("/amazon/api/v1/profit/report"));
          await p.getByRole("button", { name: "查询", exact: true }).click();
          await loaded;
          await p.locator('table[aria-busy="false"]').waitFor();
          const name = `profit-${viewport.width}-${dark ? "dark" : "light"}`;
          await p.screenshot({ path: artifact(`${name}.png`), fullPage: true });
          // A SKU whose referral fee is not 0, so that its lines show: which SKU comes first depends on the day.
          await p.getByRole("button", { name: /^佣金明细 [^店]/ }).filter({ hasNotText: /^-?0(\.0+)?$/ }).first().click();
          await p.getByRole("table", { name: "佣金明细" }).waitFor();
          await p.screenshot({ path: artifact(`${name}-detail.png`) });
        });
      }
    }
  });
});
