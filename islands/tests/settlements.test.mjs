// 结算记录 as the demo company's bookkeeper: a settlement report uploaded by hand whose total is a cent more than
// its lines is listed 不平 with its difference, 只看不平 keeps it, 详情 says by how much, its lines by type carry our
// Chinese names beside Amazon's, and the order's line is found by searching its order id; the list exports.
// 费用项 and SKU结算 then sum its October lines by Amazon's names and by SKU, in dollars and in CNY.
// Screenshots at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded, waitForToast } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
const HEADER = ["settlement-id", "settlement-start-date", "settlement-end-date", "deposit-date", "total-amount", "currency",
  "transaction-type", "order-id", "merchant-order-id", "adjustment-id", "shipment-id", "marketplace-name", "amount-type",
  "amount-description", "amount", "fulfillment-id", "posted-date", "posted-date-time", "order-item-code",
  "merchant-order-item-id", "merchant-adjustment-item-id", "sku", "quantity-purchased", "promotion-id"];
const ID = "49000000001";
const ORDER = "114-4900000-0000049";

// row writes a line of the file from the fields it names.
const row = (fields) => HEADER.map((h) => fields[h] ?? "").join("\t");

// The total says 64.67; the lines add up to 64.66.
function settlementFile() {
  const line = (tx, order, type, desc, amount, sku, qty) =>
    row({ "settlement-id": ID, "transaction-type": tx, "order-id": order, "marketplace-name": "Amazon.com", "amount-type": type,
      "amount-description": desc, amount, "fulfillment-id": "AFN", "posted-date": "2026-10-10", sku, "quantity-purchased": qty });
  return [
    HEADER.join("\t"),
    row({ "settlement-id": ID, "settlement-start-date": "2026-10-01 07:00:00 UTC", "settlement-end-date": "2026-10-15 07:00:00 UTC",
      "deposit-date": "2026-10-17 07:00:00 UTC", "total-amount": "64.67", currency: "USD" }),
    line("Order", ORDER, "ItemPrice", "Principal", "100.00", "UP-MUG-49", "1"),
    line("Order", ORDER, "ItemFees", "Commission", "-15.00", "UP-MUG-49", ""),
    line("Order", ORDER, "ItemFees", "FBAPerUnitFulfillmentFee", "-20.34", "UP-MUG-49", ""),
    line("Order", "114-4900000-0000050", "ItemPrice", "Principal", "0.00", "UP-MUG-49", "1"),
  ].join("\n") + "\n";
}

describe("结算记录", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer({ env: { SELLERHUB_DEMO_DATA: "true", SELLERHUB_REPORT_POLL: "200ms" } });
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

  it("uploads a settlement a cent off, finds it 不平 and its line by the order id", async () => {
    await openFromRail(page, "授权", "数据同步");
    const sync = await tabFrame(page, "数据同步");
    await sync.getByRole("button", { name: "上传报告", exact: true }).click();
    const dialog = sync.getByRole("dialog", { name: "上传报告" });
    await dialog.getByRole("combobox", { name: "店铺" }).locator("option").first().waitFor({ state: "attached" });
    await dialog.getByRole("combobox", { name: "报告类型" }).selectOption({ label: "结算报告" });
    await dialog.getByLabel("报告文件").setInputFiles({ name: "settlement-49.txt", mimeType: "text/plain", buffer: Buffer.from(settlementFile()) });
    await dialog.getByRole("button", { name: "上传并导入", exact: true }).click();
    await waitForToast(sync, "已上传“settlement-49.txt”");
    const run = sync.locator('section[aria-labelledby="runs-title"] tbody tr', { hasText: "上传" });
    await run.filter({ hasText: "成功" }).first().waitFor({ timeout: 30000 });

    await openFromRail(page, "财务", "结算记录");
    const frame = await tabFrame(page, "结算记录");
    const table = frame.locator("table").first();
    await tableLoaded(frame);
    const header = (await table.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    for (const title of ["结算周期", "店铺", "站点", "结算编号", "币种", "结算总额", "转账日期", "明细合计", "差额", "对账"]) {
      assert.ok(header.includes(title), `column ${title} in ${header}`);
    }
    await looks("settlements");

    await frame.getByLabel("只看不平").check();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/amazon/api/v1/settlements/page");
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    const { data } = await (await answered).json();
    assert.ok(data.records.every((r) => !r.balanced), "只看不平 lists mismatches alone");
    const ours = table.locator("tbody tr", { hasText: ID });
    await ours.waitFor();
    const cells = await ours.locator("td").allInnerTexts();
    const col = (title) => cells[header.indexOf(title)].trim();
    assert.equal(col("结算总额"), "$64.67");
    assert.equal(col("明细合计"), "$64.66");
    assert.equal(col("差额"), "$0.01");
    assert.equal(col("对账"), "不平");
    assert.equal(col("转账日期"), "2026-10-17");

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const xlsx = await download;
    assert.equal(xlsx.suggestedFilename(), `结算记录_${TODAY}.xlsx`);
    const sheet = readSheet(await xlsx.path());
    assert.equal(sheet.length, data.total + 1, "the header and every mismatch");
    const line = sheet.find((r) => r.includes(ID));
    assert.ok(line, `the settlement in the file: ${JSON.stringify(sheet.slice(0, 3))}`);
    assert.equal(Number(line[header.indexOf("差额")]), 0.01);

    await ours.getByRole("button", { name: "详情" }).click();
    const detail = frame.getByRole("dialog", { name: `结算 ${ID}` });
    await detail.getByRole("alert").getByText("结算总额与明细合计相差 $0.01", { exact: false }).waitFor();
    const groups = detail.getByRole("table", { name: "按类型汇总" });
    const fba = groups.locator("tbody tr", { hasText: "FBAPerUnitFulfillmentFee" });
    assert.match(await fba.innerText(), /订单\s+FBA配送费（按件）\s+ItemFees \/ FBAPerUnitFulfillmentFee\s+1\s+-\$20\.34/);
    assert.match(await groups.locator("tbody tr", { hasText: "Principal" }).innerText(), /商品价格[\s\S]*2\s+\$100\.00/);
    await looks("settlement-detail");

    // The order's lines, then its commission's.
    await detail.getByLabel("订单号或SKU").fill(ORDER);
    await detail.getByRole("button", { name: "搜索", exact: true }).click();
    const lines = detail.locator("table").nth(1);
    await lines.locator("tbody tr").nth(2).waitFor();
    await lines.locator("tbody tr").nth(3).waitFor({ state: "detached" });
    await groups.locator("tbody tr", { hasText: "Commission" }).getByRole("button", { name: "查看明细" }).click();
    await detail.getByText("明细：订单 · 佣金").waitFor();
    await lines.locator("tbody tr").nth(1).waitFor({ state: "detached" });
    const found = await lines.locator("tbody tr").first().innerText();
    assert.match(found, new RegExp(`${ORDER}[\\s\\S]*UP-MUG-49[\\s\\S]*-\\$15\\.00`));
    await detail.getByRole("button", { name: "关闭", exact: true }).click();
    await detail.waitFor({ state: "detached" });
  });

  // The uploaded settlement's October lines, by fee type and by SKU, in dollars and in CNY.
  async function october(frame, path) {
    await frame.getByLabel("开始月份").fill("2026-10");
    await frame.getByLabel("结束月份").fill("2026-10");
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path);
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    await tableLoaded(frame);
    const table = frame.locator("table").first();
    const header = (await table.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    return { table, header };
  }

  it("sums the settlements by fee type and by SKU, in the currency and in CNY", async () => {
    await openFromRail(page, "财务", "费用项");
    let frame = await tabFrame(page, "费用项");
    let { table, header } = await october(frame, "/amazon/api/v1/settled/fees");
    const fba = table.locator("tbody tr", { hasText: "FBA配送费（按件）" });
    await fba.first().waitFor();
    const cells = (await fba.first().locator("td").allInnerTexts()).map((t) => t.trim());
    assert.equal(cells[header.indexOf("亚马逊名称")], "FBAPerUnitFulfillmentFee");
    assert.match(cells[header.indexOf("金额")], /^-\$[\d,]+\.\d{2}$/);
    assert.match(cells[header.indexOf("金额(CNY)")], /^-¥[\d,]+\.\d{2}$/);
    await looks("item-fees");

    await openFromRail(page, "财务", "SKU结算");
    frame = await tabFrame(page, "SKU结算");
    await frame.getByLabel("SKU").fill("UP-MUG-49");
    ({ table, header } = await october(frame, "/amazon/api/v1/settled/skus"));
    const mug = table.locator("tbody tr", { hasText: "UP-MUG-49" });
    await mug.waitFor();
    const sku = (await mug.locator("td").allInnerTexts()).map((t) => t.trim());
    assert.equal(sku[header.indexOf("结算销量")], "2");
    assert.equal(sku[header.indexOf("销售额")], "$100.00");
    assert.equal(sku[header.indexOf("亚马逊费用")], "$35.34");
    assert.equal(sku[header.indexOf("结算合计")], "$64.66");
    assert.match(sku[header.indexOf("结算合计(CNY)")], /^¥[\d,]+\.\d{2}$/);
  });
});
