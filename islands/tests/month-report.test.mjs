// 月度报告 as the demo company's bookkeeper: the screen opens on last month, a month picked answers its P&L beside
// the month before and the year before, a store's profit read from the stores' list (and its own P&L, a tap away) is
// 利润报告's for that store and month, the report exports, this month's unsettled part is labelled 预估, and a
// month without data says what to sync.
// Screenshots at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";
import { money as moneyOf } from "../lib/money.js";

const money = (amount) => moneyOf(amount, "CNY");

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
const LAST_MONTH = (() => {
  const [y, m] = TODAY.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 2, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
})();

// cents reads ¥1,234.56 (or -¥…) as a number of cents.
function cents(text) {
  const m = /^(-?)¥([\d,]+)\.(\d{2})$/.exec(text.trim());
  assert.ok(m, `an amount in yuan: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2].replaceAll(",", "")) * 100 + Number(m[3]));
}

describe("月度报告", () => {
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

  async function looks(name) {
    for (const dark of [false, true]) {
      if (dark) await page.getByRole("button", { name: "切换深色模式" }).click();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        if (width === 390) await page.waitForFunction(() => document.getElementById("main-menu").getBoundingClientRect().right <= 0);
        await page.screenshot({ path: artifact(`${name}-${width}-${dark ? "dark" : "light"}.png`) });
      }
    }
    await page.getByRole("button", { name: "切换深色模式" }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  const answer = () => page.waitForResponse((r) => new URL(r.url()).pathname === "/amazon/api/v1/profit/month");

  it("picks a month, reads a store's profit as 利润报告 has it, exports", async () => {
    const first = answer();
    await openFromRail(page, "财务", "月度报告");
    const frame = await tabFrame(page, "月度报告");
    await first;
    assert.equal(await frame.getByLabel("月份").inputValue(), LAST_MONTH, "last month by default");

    await frame.getByLabel("月份").fill(LAST_MONTH);
    const picked = answer();
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    const { data } = await (await picked).json();
    assert.equal(data.month, LAST_MONTH);
    assert.ok(!data.empty && data.stores.length > 0, "the demo company has last month's settlements");
    const pl = frame.getByRole("table", { name: "损益表" });
    const header = (await pl.locator("thead th").allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(header.slice(0, 6), ["项目", "本月", "上月", "去年同月", "环比", "同比"]);
    const names = (await pl.locator("tbody th").allInnerTexts()).map((t) => t.split("\n")[0].trim());
    for (const line of ["销售额", "退款", "佣金", "FBA配送费", "其他亚马逊费用", "仓储费", "广告费", "赔偿收入", "亚马逊回款", "商品成本", "头程运费", "利润", "利润率"]) {
      assert.ok(names.includes(line), `line ${line} in ${names}`);
    }
    await looks("month-report");
    // The stores' list below the P&L, as a phone shows it.
    await page.setViewportSize({ width: 390, height: 844 });
    await frame.getByRole("table", { name: "各店铺" }).screenshot({ path: artifact("month-report-stores-390-light.png") });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The stores' list: the first store's profit, and 利润报告's lines of that store and month.
    const store = data.stores[0];
    const listed = cents(await frame.locator(`[data-store-profit="${store.groupName}"]`).innerText());
    const report = await frame.evaluate(async ({ month, groupId }) => {
      const r = await fetch("/amazon/api/v1/profit/report", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ startMonth: month, endMonth: month, by: "store", groupId, pagesize: 100 }) });
      return (await r.json()).data.records;
    }, { month: LAST_MONTH, groupId: store.groupId });
    assert.ok(report.length > 0, "利润报告 has the store's month");
    const expected = report.reduce((sum, l) => sum + Math.round(Number(l.profit) * 100), 0);
    // 利润报告 rounds each currency's line to the cent; the month rounds their sum once.
    assert.ok(Math.abs(listed - expected) <= report.length, `store profit ${listed} against 利润报告's ${expected}`);

    // A tap on the store opens its own P&L: the same profit.
    const opened = answer();
    await frame.getByRole("button", { name: store.groupName, exact: true }).click();
    const storeAnswer = (await (await opened).json()).data;
    assert.equal(storeAnswer.groupId, store.groupId);
    await frame.getByRole("heading", { name: `${store.groupName} · ${LAST_MONTH}` }).waitFor();
    assert.equal(cents(await frame.locator('[data-current="profit"]').innerText()), listed);
    assert.equal(await frame.getByLabel("店铺", { exact: true }).inputValue(), store.groupId);
    await looks("month-report-store");

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const xlsx = await download;
    assert.equal(xlsx.suggestedFilename(), `月度报告_${TODAY}.xlsx`);
    const sheet = readSheet(await xlsx.path());
    assert.deepEqual(sheet[0].slice(0, 7), ["店铺", "项目", "本月", "上月", "去年同月", "环比", "同比"]);
    const profit = sheet.find((r) => r[0] === store.groupName && r[1] === "利润");
    assert.ok(profit, `the store's profit in the file: ${JSON.stringify(sheet.slice(0, 3))}`);
    assert.equal(Math.round(Number(profit[2]) * 100), listed);

    // The fees by 费用项 and 利润报告 by store open on the month.
    await frame.getByRole("button", { name: `按费用项查看 ${LAST_MONTH} 的亚马逊费用` }).click();
    const fees = await tabFrame(page, "费用项");
    assert.equal(await fees.getByLabel("开始月份").inputValue(), LAST_MONTH);
    assert.equal(await fees.getByLabel("结束月份").inputValue(), LAST_MONTH);
    await fees.locator("table tbody tr").first().waitFor();
    const monthTab = page.getByRole("tablist", { name: "页签" }).locator('[role="tab"]', { hasText: "月度报告" });
    await monthTab.click();
    await frame.getByRole("button", { name: `在利润报告中按店铺查看 ${LAST_MONTH}` }).click();
    const byStore = await tabFrame(page, "利润报告");
    assert.equal(await byStore.getByLabel("开始月份").inputValue(), LAST_MONTH);
    assert.equal(await byStore.getByLabel("统计维度").inputValue(), "store");
    await monthTab.click();
  });

  it("labels this month's unsettled part 预估", async () => {
    const frame = await tabFrame(page, "月度报告");
    await frame.getByLabel("店铺", { exact: true }).selectOption("");
    await frame.getByLabel("月份").fill(TODAY.slice(0, 7));
    const picked = answer();
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    const { data } = await (await picked).json();
    assert.ok(data.estimatedLines > 0, "the demo's orders of this month are not all settled yet");
    await frame.getByText(`其中 ${data.estimatedLines} 行未结算（预估）`, { exact: false }).waitFor();
    const sales = data.rows.find((r) => r.key === "sales");
    assert.equal(await frame.locator('[data-estimated="sales"]').innerText(), `其中预估 ${money(sales.estimated)}`);
    await frame.locator('[data-estimated="profit"]').waitFor();
    await looks("month-report-estimated");
  });

  it("says what to sync for a month without data", async () => {
    const frame = await tabFrame(page, "月度报告");
    await frame.getByLabel("店铺", { exact: true }).selectOption("");
    await frame.getByLabel("月份").fill("2020-01");
    const picked = answer();
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    assert.equal((await (await picked).json()).data.empty, true);
    await frame.getByRole("status").getByText("同步“结算报告”和“订单”", { exact: false }).waitFor();
    await looks("month-report-empty");
  });
});
