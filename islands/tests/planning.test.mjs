// 库存规划 as the seller (the demo company's admin, whose simulated seller's inventory planning report came in with
// the demo): every FBA SKU with its units by age, days of supply and Amazon's recommended action; 低库存费风险
// narrows to the SKUs selling faster than stocked (both historical days of supply under 28), marked 有风险;
// 超龄库存 to those with units past 180 days, which Amazon says to remove, with next month's storage at stake; the
// view exports; 滞留库存 lists the stranded SKUs with Amazon's reason beside the reserved units' split. Screenshots at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());

describe("库存规划", () => {
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

  async function shown(frame) {
    await tableLoaded(frame);
    const header = (await frame.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await frame.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    return { header, rows };
  }

  async function view(frame, label) {
    await frame.getByLabel("库存视图").selectOption({ label });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/amazon/api/v1/planning/page");
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    const { data } = await (await answered).json();
    return { ...(await shown(frame)), total: data.total };
  }

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

  it("lists each SKU's health and finds the ones at risk of the low-inventory fee and the aged ones", async () => {
    await openFromRail(page, "仓库", "库存规划");
    const frame = await tabFrame(page, "库存规划");
    let list = await shown(frame);
    const col = (title) => list.header.indexOf(title);
    for (const title of ["平台SKU", "可售", "0-90天", "181-270天", "可售天数", "冗余件数", "建议操作", "下月仓储费", "低库存费"]) {
      assert.ok(list.header.includes(title), `column ${title} in ${list.header}`);
    }
    assert.ok(list.rows.length >= 5, `the SKUs: ${list.rows.length}`);
    await looks("planning");

    list = await view(frame, "低库存费风险");
    assert.ok(list.total >= 1 && list.total <= 3, `one SKU per marketplace at risk: ${JSON.stringify(list.rows)}`);
    for (const r of list.rows) {
      assert.equal(r[col("低库存费")], "有风险");
      assert.equal(r[col("建议操作")], "补货");
      assert.ok(Number(r[col("可售天数")]) < 28, `days of supply ${r[col("可售天数")]}`);
    }

    list = await view(frame, "超龄库存（181天以上）");
    assert.ok(list.total >= 1, "aged SKUs");
    for (const r of list.rows) {
      assert.ok(Number(r[col("181-270天")]) + Number(r[col("271-365天")]) + Number(r[col("365天以上")]) > 0, `aged units: ${r}`);
      assert.equal(r[col("建议操作")], "创建移除订单");
      assert.match(r[col("下月仓储费")], /^(\$|C\$|Mex\$)\d/);
      assert.ok(Number(r[col("冗余件数")]) > 0);
    }
    await looks("planning-aged");

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const xlsx = await download;
    assert.equal(xlsx.suggestedFilename(), `库存规划_${TODAY}.xlsx`);
    const sheet = readSheet(await xlsx.path());
    assert.equal(sheet.length, list.total + 1, "the header and the aged SKUs");
    assert.equal(sheet[1][col("建议操作")], "创建移除订单");
  });

  it("shows why units are reserved and which are stranded, with Amazon's reason", async () => {
    const frame = await tabFrame(page, "库存规划");
    let list = await view(frame, "全部SKU");
    const col = (title) => list.header.indexOf(title);
    for (const title of ["预留-订单", "预留-调仓", "预留-处理", "滞留件数", "滞留原因"]) {
      assert.ok(list.header.includes(title), `column ${title} in ${list.header}`);
    }
    assert.ok(list.rows.some((r) => Number(r[col("预留-订单")]) > 0), "units reserved for customer orders");

    list = await view(frame, "滞留库存");
    assert.ok(list.total >= 1, "a stranded SKU per marketplace");
    for (const r of list.rows) {
      assert.equal(r[col("滞留原因")], "商品已下架（Listing closed）");
      assert.ok(Number(r[col("滞留件数")]) > 0, `stranded units: ${r}`);
    }
    await looks("planning-stranded");
  });
});
