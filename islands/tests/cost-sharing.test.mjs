// 费用分摊 and 成本核算 as the demo company's bookkeeper: a month's costs imported from .xlsx (a bad file refused,
// naming its row, with nothing filed), a cost shared out by sales over last month's SKUs (the shares summing to it
// to the fen), 利润报告's 分摊费用 column read for that month and opened, 月度报告's 分摊费用 (the total and a store's)
// opened to its shares, summing back to it; then 成本核算 opened for a product and its duties
// changed, the landed cost worked out. Screenshots at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { activeFrame, openFromRail, signInToShell, tabFrame, tableLoaded, waitForToast } from "./shell.mjs";
import { writeSheet } from "./xlsx.mjs";

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

describe("费用分摊与成本核算", () => {
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

  const header = ["日期", "类别", "金额", "币种", "店铺", "备注"];

  it("imports a month's costs, shares one out by sales and reads it in 利润报告", async () => {
    await openFromRail(page, "财务", "费用分摊");
    const list = await tabFrame(page, "费用分摊");
    await tableLoaded(list);
    await list.getByText("还没有费用").waitFor();
    await looks("cost-sharing-empty");

    // A bad row refuses the whole file.
    await list.getByRole("button", { name: "导入", exact: true }).click();
    const dialog = list.getByRole("dialog");
    const bad = join(server.dir, "shared-costs-bad.xlsx");
    writeSheet(bad, [header, [`${LAST_MONTH}-05`, "房租", "3000.00", "CNY", "全公司", "办公室"], [`${LAST_MONTH}-06`, "工资", "三千", "CNY", "", ""]]);
    await dialog.locator('input[type="file"]').setInputFiles(bad);
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    await dialog.getByText("第3行：金额不正确").waitFor();
    await dialog.getByRole("button", { name: "取消", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    assert.equal(await list.getByText("还没有费用").count(), 1, "the refused file filed nothing");

    await list.getByRole("button", { name: "导入", exact: true }).click();
    const good = join(server.dir, "shared-costs.xlsx");
    writeSheet(good, [header, [`${LAST_MONTH}-05`, "房租", "3000.00", "CNY", "全公司", "办公室"], [`${LAST_MONTH}-20`, "软件", "99.99", "USD", "", "ERP订阅"]]);
    await dialog.locator('input[type="file"]').setInputFiles(good);
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    assert.ok((await waitForToast(list, "已导入 2 笔费用")).includes("已导入 2 笔费用"));
    const rent = list.locator("tbody tr", { hasText: "房租" });
    await rent.waitFor();

    // Shared by sales over last month's SKUs: the shares sum to the 3,000.00 exactly.
    await rent.getByRole("button", { name: "分摊", exact: true }).click();
    const share = list.getByRole("dialog");
    await share.getByRole("table", { name: "分摊明细" }).waitFor();
    await share.getByLabel("按销售额").check();
    const shared = page.waitForResponse((r) => new URL(r.url()).pathname === "/amazon/api/v1/costs/share");
    await share.getByRole("button", { name: "分摊", exact: true }).click();
    const sharedAnswer = await (await shared).json();
    assert.equal(sharedAnswer.msg, "一切ok", sharedAnswer.msg);
    await share.locator("[data-share]").filter({ hasNotText: "¥0.00" }).first().waitFor();
    const shares = await share.locator("[data-share]").allInnerTexts();
    assert.ok(shares.length > 1, "last month has SKUs to share over");
    assert.equal(shares.reduce((s, t) => s + cents(t), 0), 300000, "the shares sum to the cost to the fen");
    await page.screenshot({ path: artifact("cost-sharing-shared-1280-light.png") });
    await share.getByRole("button", { name: "关闭", exact: true }).click();
    await share.waitFor({ state: "detached" });
    await rent.getByText("销售额").waitFor();
    await looks("cost-sharing");

    // 利润报告, last month by month: its 分摊费用 column holds the 3,000.00 (the lines of each currency together).
    await openFromRail(page, "财务", "利润报告");
    const report = await tabFrame(page, "利润报告");
    await tableLoaded(report);
    await report.getByLabel("统计维度").selectOption("month");
    await report.getByLabel("开始月份").fill(LAST_MONTH);
    await report.getByLabel("结束月份").fill(LAST_MONTH);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/amazon/api/v1/profit/report");
    await report.getByRole("button", { name: "查询", exact: true }).click();
    const { data } = await (await answered).json();
    await tableLoaded(report);
    const titles = (await report.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const at = titles.indexOf("分摊费用");
    assert.ok(at >= 0, `利润报告 has 分摊费用: ${titles}`);
    const cells = await report.locator("tbody tr").evaluateAll((trs, i) => trs.map((tr) => tr.cells[i]?.innerText.trim() ?? ""), at);
    assert.equal(cells.reduce((s, t) => s + cents(t), 0), 300000, `利润报告's 分摊费用 ${cells}`);
    assert.equal(Math.round(data.records.reduce((s, r) => s + Number(r.shared), 0) * 100), 300000);

    // By SKU, a line's 分摊费用 opens to the cost behind it and the rule that gave the SKU its share; its total is
    // the line's figure. The line of the largest sales says it took the fen left by rounding, if any was left.
    await report.getByLabel("统计维度").selectOption("sku");
    const bySku = page.waitForResponse((r) => new URL(r.url()).pathname === "/amazon/api/v1/profit/report");
    await report.getByRole("button", { name: "查询", exact: true }).click();
    const skuLines = (await (await bySku).json()).data.records;
    await tableLoaded(report);
    const line = skuLines.find((r) => r.marketplaceId && r.sku && Number(r.shared) > 0);
    assert.ok(line, "a SKU line with a share of the rent");
    await report.getByRole("button", { name: `分摊费用明细 ${line.sku} ${line.month}` }).first().click();
    const detail = report.getByRole("dialog", { name: new RegExp(`分摊费用明细：${line.sku}`) });
    const lines = detail.getByRole("table", { name: "分摊费用明细" });
    await lines.waitFor();
    const rows = await lines.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    const rentLine = rows.find((r) => r[4] === "房租");
    assert.ok(rentLine, `the rent behind the share: ${JSON.stringify(rows)}`);
    assert.equal(rentLine[0], "费用分摊");
    assert.match(rentLine[5], /^费用 3000\.00 元，按销售额分摊：本SKU [\d.]+ ÷ 合计 [\d.]+ = [\d.]+%，得 [\d.]+$/, `the share rule: ${rentLine[5]}`);
    const footCells = await lines.locator("tfoot td").allInnerTexts();
    assert.equal(cents(footCells[1]), Math.round(Number(line.shared) * 100), `the total ${footCells[1]} is the line's 分摊费用 ${line.shared}`);
    await page.screenshot({ path: artifact("cost-sharing-drilldown-1280-light.png") });
    await detail.getByRole("button", { name: "关闭" }).click();
    await detail.waitFor({ state: "hidden" });

    // 月度报告, last month: its 分摊费用 is the 3,000.00 and opens to the same shares, every page of them, each naming
    // its line by SKU, the rule and the rounding remainder as 利润报告 says them, summing back to the figure to the fen.
    await openFromRail(page, "财务", "月度报告");
    const month = await tabFrame(page, "月度报告");
    await month.getByRole("heading", { name: `全部店铺 · ${LAST_MONTH}` }).waitFor();
    const figure = month.locator('[data-current="shared"]');
    assert.equal(cents(await figure.innerText()), 300000, "月度报告's 分摊费用 is the rent");
    // openShares opens a figure's shares and reads every page: the 金额 of each line, the lines, and the footer.
    async function openShares(button, heading) {
      await button.click();
      const dialog = month.getByRole("dialog", { name: heading });
      const table = dialog.getByRole("table", { name: "分摊费用明细" });
      await table.waitFor();
      const heads = (await table.locator("thead th").allInnerTexts()).map((t) => t.trim());
      assert.deepEqual(heads.slice(4, 7), ["类型", "分摊到", "说明"], `the shares name their lines: ${heads}`);
      const lines = [];
      for (;;) {
        const [at, of] = (await dialog.getByText(/^\d+ \/ \d+$/).innerText()).split(" / ").map(Number);
        lines.push(...(await table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())))));
        if (at === of) break;
        await dialog.getByRole("button", { name: "下一页" }).click();
        await dialog.getByText(`${at + 1} / ${of}`, { exact: true }).waitFor();
      }
      const foot = cents((await table.locator("tfoot td").allInnerTexts())[1]);
      const at = heads.indexOf("金额");
      return { dialog, lines, foot, sum: lines.reduce((s, l) => s + cents(l[at]), 0) };
    }
    const all = await openShares(month.getByRole("button", { name: `分摊费用明细 全部店铺 ${LAST_MONTH}` }), `分摊费用明细：全部店铺 · ${LAST_MONTH}`);
    assert.equal(all.sum, 300000, "the shares of every page sum to 月度报告's 分摊费用");
    assert.equal(all.foot, 300000);
    assert.ok(all.lines.every((l) => l[0] === "费用分摊" && l[4] === "房租" && / · [A-Z]{3}$/.test(l[5])), `each share names its line: ${JSON.stringify(all.lines.slice(0, 2))}`);
    assert.ok(all.lines.some((l) => l[5].includes(` · ${line.sku} · `)), `${line.sku}'s share is among them`);
    assert.ok(all.lines.every((l) => /^费用 3000\.00 元，按销售额分摊：本SKU /.test(l[6])), "each with its rule");
    await page.screenshot({ path: artifact("month-report-shared-1280-light.png") });
    await all.dialog.getByRole("button", { name: "关闭" }).click();
    await all.dialog.waitFor({ state: "hidden" });

    // Each store's 分摊费用 in the list opens to that store's shares, summing to it; the stores' add up to the total.
    const stores = await month.locator("[data-store-shared]").evaluateAll((tds) => tds.map((td) => [td.dataset.storeShared, td.innerText.trim()]));
    assert.ok(stores.length > 0, "the stores' list");
    assert.equal(stores.reduce((s, [, t]) => s + cents(t), 0), 300000, `the stores' 分摊费用 ${JSON.stringify(stores)}`);
    const [name, text] = stores.find(([, t]) => cents(t) > 0);
    const one = await openShares(month.getByRole("button", { name: `分摊费用明细 ${name} ${LAST_MONTH}` }), `分摊费用明细：${name} · ${LAST_MONTH}`);
    assert.equal(one.sum, cents(text), `${name}'s shares sum to its 分摊费用 ${text}`);
    assert.equal(one.foot, cents(text));
    assert.ok(one.lines.every((l) => l[5].startsWith(`${name} · `)), `only ${name}'s lines`);
    await one.dialog.getByRole("button", { name: "关闭" }).click();
    await one.dialog.waitFor({ state: "hidden" });
  });

  it("opens 成本核算 for a product and changes its duties", async () => {
    await openFromRail(page, "财务", "成本核算");
    const list = await tabFrame(page, "成本核算");
    await tableLoaded(list);
    const first = list.locator("tbody tr").first();
    await first.getByRole("button", { name: "编辑", exact: true }).click();
    const edit = activeFrame(page);
    await edit.getByRole("table", { name: "到岸成本" }).waitFor();
    const purchase = await edit.locator('[data-part="purchase"]').innerText();
    await edit.getByLabel("关税税率（%，按采购成本）").fill("10");
    await edit.getByLabel("包材（元/件）").fill("0.50");
    await edit.getByRole("button", { name: "保存", exact: true }).click();
    await edit.getByText("利润报告的商品成本：到岸成本").waitFor();
    // The landed cost without 头程: purchase + 0.50 + 10% of purchase, to the fen.
    const want = Math.round(cents(purchase) * 1.1) + 50;
    const unit = edit.locator('[data-landed="unit"]');
    assert.ok(Math.abs(cents(await unit.innerText()) - want) <= 1, `到岸成本 ${await unit.innerText()}, want ~${want / 100}`);
    await looks("job-costing-edit");
  });
});
