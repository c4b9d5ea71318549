// FBA每日库存 as the seller (the demo company's admin, whose simulated seller's inventory ledger came in with the
// demo): open it from the menu, see a SKU's days at each fulfilment centre with the day's events by kind and the
// check; 只看不符 finds the one day whose ledger misses a receipt (3 units), 明细 shows that day's events and the
// difference; the query exports. Screenshots at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
const MOVES = ["入库", "发货", "退货", "调拨/移除", "丢失", "找到", "损坏", "弃置", "其他"];

describe("FBA每日库存", () => {
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
    await frame.locator('table[aria-busy="false"]').waitFor();
    const header = (await frame.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await frame.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    // "共 1,000+ 条" past the count's limit.
    const total = Number((await frame.getByRole("navigation", { name: "分页" }).locator("span", { hasText: /^共/ }).textContent()).replace(/,/g, "").match(/\d+/)[0]);
    return { header, rows, total };
  }

  async function query(frame) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/erp/api/v1/fbaDaily/page");
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    return shown(frame);
  }

  const num = (s) => (s === "" ? 0 : Number(s.replace(/[,+]/g, "")));

  it("shows each day's balance and events, marks the day that does not add up, opens it and exports", async () => {
    await openFromRail(page, "仓库", "FBA每日库存");
    const frame = await tabFrame(page, "FBA每日库存");
    let list = await shown(frame);
    for (const title of ["日期", "平台SKU", "运营中心", "期初", ...MOVES, "期末", "差异", "核对"]) assert.ok(list.header.includes(title), `column ${title} in ${list.header}`);
    assert.ok(list.total >= 1000, `the demo's ledger is listed: ${list.total}`);
    const col = (title) => list.header.indexOf(title);
    // Each row: 期末 − (期初 + the day's events) = 差异, and 相符 exactly when it is 0.
    for (const r of list.rows) {
      const events = MOVES.reduce((n, m) => n + num(r[col(m)]), 0);
      assert.equal(num(r[col("期末")]) - num(r[col("期初")]) - events, num(r[col("差异")]), `row ${r}`);
      assert.equal(r[col("核对")], num(r[col("差异")]) === 0 ? "相符" : "不符");
    }

    await frame.getByLabel("只看不符").check();
    list = await query(frame);
    assert.equal(list.total, 1, `one day does not add up: ${JSON.stringify(list.rows)}`);
    const bad = list.rows[0];
    assert.equal(bad[col("核对")], "不符");
    assert.equal(bad[col("差异")], "+3", "a receipt of 3 units is missing from the ledger's detail");

    await frame.getByRole("button", { name: "明细", exact: true }).click();
    const dialog = frame.getByRole("dialog");
    await dialog.getByText("差异 3").waitFor();
    await dialog.locator("tbody tr").first().waitFor(); // the events load after the dialog opens
    const kinds = await dialog.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => tr.cells[1].innerText.trim()));
    assert.ok(kinds.length > 0 && kinds.every((k) => ["入库", "发货", "买家退货", "调整", "仓间调拨", "移除"].includes(k)), `the day's events: ${kinds}`);
    for (const dark of [false, true]) {
      if (dark) {
        await dialog.getByRole("button", { name: "关闭" }).click();
        await page.getByRole("button", { name: "切换深色模式" }).click();
        await frame.getByRole("button", { name: "明细", exact: true }).click();
        await dialog.getByText("差异 3").waitFor();
      }
      await page.screenshot({ path: artifact(`fba-daily-events-1280-${dark ? "dark" : "light"}.png`) });
    }
    await dialog.getByRole("button", { name: "关闭" }).click();
    await page.getByRole("button", { name: "切换深色模式" }).click();

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), `FBA每日库存_${TODAY}.xlsx`);
    const sheet = readSheet(await file.path());
    assert.deepEqual(sheet[0], list.header.filter((h) => h !== "操作"), "the file's columns are the table's");
    assert.equal(sheet.length, 2, "the query's one line");
    assert.equal(String(sheet[1][col("差异")]), "3");
    assert.equal(sheet[1][col("核对")], "不符");

    await frame.getByLabel("只看不符").uncheck();
    await query(frame);
    for (const dark of [false, true]) {
      if (dark) await page.getByRole("button", { name: "切换深色模式" }).click();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await frame.locator('table[aria-busy="false"]').waitFor();
        if (width === 390) await page.waitForFunction(() => document.getElementById("main-menu").getBoundingClientRect().right <= 0);
        await page.screenshot({ path: artifact(`fba-daily-${width}-${dark ? "dark" : "light"}.png`) });
      }
    }
    await page.getByRole("button", { name: "切换深色模式" }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
