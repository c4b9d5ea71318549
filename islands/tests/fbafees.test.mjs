// FBA费用报告 as the seller (the demo company's admin, whose simulated seller's fee estimates and settlements came in
// with the demo): each SKU's estimated fulfilment fee beside the fee its settlements charged per unit; the stand-in
// charges what it estimates, so every settled SKU reads 一致 and 只看多收 leaves the list empty with its next step;
// a SKU found by its ASIN; the list exports. Screenshots at 1280 and 390 px, light and dark, go to
// islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());

describe("FBA费用报告", () => {
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

  async function query(frame) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/amazon/api/v1/fbafees/page");
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    const { data } = await (await answered).json();
    return { ...(await shown(frame)), data };
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

  it("sets each SKU's estimated fulfilment fee beside what the settlements charged per unit", async () => {
    await openFromRail(page, "销售", "FBA费用报告");
    const frame = await tabFrame(page, "FBA费用报告");
    let list = await query(frame);
    const col = (title) => list.header.indexOf(title);
    for (const title of ["平台SKU", "站点", "尺寸分段", "亚马逊测量尺寸", "预估配送费", "预估佣金", "结算件数", "实收配送费", "单件多收", "核对"]) {
      assert.ok(list.header.includes(title), `column ${title} in ${list.header}`);
    }
    assert.ok(list.rows.length >= 5, `the SKUs: ${list.rows.length}`);
    const settled = list.data.records.filter((r) => r.units > 0);
    assert.ok(settled.length >= 1, "SKUs charged in the settlements");
    for (const r of settled) {
      assert.equal(r.statusName, "一致", `the stand-in charges its estimate: ${JSON.stringify(r)}`);
      assert.equal(r.chargedPerUnit, r.expectedFulfillmentFee);
    }
    const row = list.rows.find((r) => r[col("核对")] === "一致");
    assert.equal(row[col("实收配送费")], row[col("预估配送费")]);
    assert.equal(row[col("单件多收")], "—");
    assert.match(row[col("预估配送费")], /^(\$|C\$|Mex\$)\d/);
    await looks("fbafees");

    // By ASIN: the one SKU.
    const one = settled[0];
    await frame.getByLabel("SKU或ASIN").fill(one.asin);
    list = await query(frame);
    assert.ok(list.data.total >= 1 && list.data.records.every((r) => r.asin === one.asin), JSON.stringify(list.data.records));
    await frame.getByLabel("SKU或ASIN").fill("");

    // Only the overcharged: none on the demo, and the empty list says what to do.
    await frame.getByLabel("只看多收").check();
    list = await query(frame);
    assert.equal(list.data.total, 0);
    await frame.getByText("没有符合条件的SKU").waitFor();
    await frame.getByLabel("只看多收").uncheck();
    list = await query(frame);

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const xlsx = await download;
    assert.equal(xlsx.suggestedFilename(), `FBA费用报告_${TODAY}.xlsx`);
    const sheet = readSheet(await xlsx.path());
    assert.equal(sheet.length, list.data.total + 1, "the header and every SKU");
    assert.ok(sheet[0].includes("实收配送费"), `${sheet[0]}`);
  });
});
