// 仓储费报告 as the seller (the demo company's admin, whose simulated seller's storage fee reports came in with the
// demo): the months' table totals each month in its currency and in CNY; 月度仓储费 lists a product's fee at each
// of its fulfilment centres with its volume, size tier and rate, found by the seller SKU the report does not carry,
// and exports it; 长期仓储费 lists the aged units' surcharges; a month range the wrong way round is refused with
// its message. Screenshots at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());

describe("仓储费报告", () => {
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
    await tableLoaded(frame.locator('section[aria-label$="仓储费"]'));
    const table = frame.locator('section[aria-label$="仓储费"] table');
    const header = (await table.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    return { header, rows };
  }

  async function months(frame) {
    const summary = frame.getByRole("table", { name: "每月仓储费合计" });
    await summary.locator("tbody tr").first().waitFor();
    return summary.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
  }

  async function query(frame, path) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path);
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

  it("totals each month in CNY, finds a SKU's fees at its centres, lists the aged surcharges and exports", async () => {
    await openFromRail(page, "销售", "仓储费报告");
    const frame = await tabFrame(page, "仓储费报告");
    const totals = await months(frame);
    assert.ok(totals.length >= 2, `months charged: ${JSON.stringify(totals)}`);
    // The last month's storage is charged a week into this one: its aged surcharge may be all it has yet.
    for (const m of totals) {
      assert.match(m[0], /^\d{4}-\d{2}$/);
      assert.match(`${m[1]} ${m[2]}`, /\$\d/, `a month's charges in dollars: ${m}`);
      assert.match(m[5], /^¥[\d,]+\.\d{2}$/, `a month's total in CNY: ${m}`);
    }
    assert.ok(totals.some((m) => /\$\d/.test(m[1]) && m[3] !== "¥0.00"), `a month of storage fees: ${JSON.stringify(totals)}`);
    const sorted = totals.map((m) => m[0]);
    assert.deepEqual(sorted, [...sorted].sort().reverse(), "the latest month first");

    let list = await shown(frame);
    const col = (title) => list.header.indexOf(title);
    for (const title of ["月份", "平台SKU", "运营中心", "尺寸分段", "日均库存", "单件体积", "费率", "仓储费", "仓储费(CNY)"]) {
      assert.ok(list.header.includes(title), `column ${title} in ${list.header}`);
    }
    const sku = list.rows.map((r) => r[col("平台SKU")]).find((s) => s && s !== "—");
    assert.ok(sku, `a line with its seller SKU: ${JSON.stringify(list.rows.slice(0, 3))}`);
    await looks("storage-fees");

    await frame.getByLabel("SKU、FNSKU或ASIN").fill(sku);
    list = await query(frame, "/amazon/api/v1/storagefees/page");
    assert.ok(list.total >= 2 && list.total % 2 === 0, `two centres a month: ${list.total} ${JSON.stringify(list.rows)}`);
    for (const r of list.rows) {
      assert.equal(r[col("平台SKU")], sku);
      assert.match(r[col("仓储费")], /^(\$|C\$|Mex\$)\d/, "in the marketplace's currency");
      assert.match(r[col("仓储费(CNY)")], /^¥\d/);
    }
    assert.equal(new Set(list.rows.map((r) => r[col("月份")] + r[col("站点")] + r[col("运营中心")])).size, list.rows.length, "one line per month and centre");
    const filtered = await months(frame);
    for (const month of new Set(list.rows.map((r) => r[col("月份")]))) {
      const m = filtered.find((f) => f[0] === month);
      assert.ok(m && m[3] !== "¥0.00", `the SKU's fees of ${month} in the months' table: ${JSON.stringify(filtered)}`);
    }

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const xlsx = await download;
    assert.equal(xlsx.suggestedFilename(), `月度仓储费_${TODAY}.xlsx`);
    const sheet = readSheet(await xlsx.path());
    assert.equal(sheet.length, list.total + 1, "the header and every line of the SKU");
    assert.equal(sheet[1][col("平台SKU")], sku);
    assert.ok(Number(sheet[1][col("仓储费")]) > 0, `a number in the file: ${sheet[1]}`);

    await frame.getByLabel("SKU、FNSKU或ASIN").fill("");
    await frame.getByRole("tab", { name: "长期仓储费" }).click();
    list = await query(frame, "/amazon/api/v1/agedsurcharges/page");
    const aged = (title) => list.header.indexOf(title);
    assert.ok(list.rows.length >= 2, `aged units charged: ${JSON.stringify(list.rows)}`);
    for (const r of list.rows) {
      assert.match(r[aged("库龄分段")], /^\d+-\d+ days$|^365\+ days$/);
      assert.match(r[aged("长期仓储费")], /^(\$|C\$|Mex\$)\d/);
    }
    await looks("storage-fees-aged");

    await frame.getByLabel("开始月份").fill("2026-11");
    await frame.getByLabel("结束月份").fill("2026-10");
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await frame.getByText("开始月份不能晚于结束月份").first().waitFor();
  });
});
