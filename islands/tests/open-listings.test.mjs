// 在售报告 as the seller (the demo company's admin, whose simulated seller's all-listings reports were synced at the
// server's first start): open it from the menu, read Amazon's listings with price, status and channel, narrow them
// to the inactive ones, the seller's own (FBM) and a word of a title, and export the query as 在售报告_<date>.xlsx.
// Screenshots at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
const LIST = "/erp/api/v1/listing/open";

describe("在售报告", () => {
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

  /** The table's header and rows as shown, once loaded, and the list's total. */
  async function shown(frame) {
    await tableLoaded(frame);
    const header = (await frame.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await frame.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    const total = Number((await frame.getByRole("navigation", { name: "分页" }).locator("span", { hasText: /^共/ }).textContent()).replace(/,/g, "").match(/\d+/)[0]);
    return { header, rows, total };
  }

  /** Submits the filter form and waits for the list's answer. */
  async function query(frame) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === LIST);
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    return shown(frame);
  }

  it("a seller finds listings by status, channel and title, and exports them", async () => {
    await openFromRail(page, "销售", "在售报告");
    const frame = await tabFrame(page, "在售报告");
    let list = await shown(frame);
    for (const title of ["店铺", "站点", "平台SKU", "ASIN", "FNSKU", "商品名称", "价格", "数量", "状态", "配送方式", "开售时间", "本地SKU"]) {
      assert.ok(list.header.includes(title), `column ${title} in ${list.header}`);
    }
    assert.ok(list.total > 10, `the demo's synced listings are listed: ${list.total}`);
    const col = (title) => list.header.indexOf(title);
    for (const r of list.rows) {
      assert.match(r[col("价格")], /\d\.\d\d/, `a price with its cents: ${r}`);
      assert.match(r[col("开售时间")], /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/, `the open date: ${r}`);
      assert.ok(["在售", "不可售"].includes(r[col("状态")]), `a status named: ${r}`);
    }
    const all = list.total;

    await frame.getByLabel("状态", { exact: true }).selectOption("Inactive");
    list = await query(frame);
    assert.ok(list.total > 0 && list.total < all, `the demo has inactive listings (FBA without stock): ${list.total} of ${all}`);
    assert.deepEqual([...new Set(list.rows.map((r) => r[col("状态")]))], ["不可售"]);
    await frame.getByLabel("状态", { exact: true }).selectOption("");

    await frame.getByLabel("配送方式", { exact: true }).selectOption("FBM");
    list = await query(frame);
    assert.ok(list.total > 0 && list.total < all, `the demo has FBM listings: ${list.total}`);
    assert.deepEqual([...new Set(list.rows.map((r) => r[col("配送方式")]))], ["FBM"]);
    await frame.getByLabel("配送方式", { exact: true }).selectOption("");

    // A word of a title, typed in another case, finds the listings whose title holds it.
    list = await query(frame);
    // The word of the page's titles the fewest of them hold (a brand is in every title).
    const titles = list.rows.map((r) => r[col("商品名称")].toLowerCase());
    const words = [...new Set(titles.flatMap((t) => t.match(/[a-z]{5,}/g) ?? []))];
    assert.ok(words.length > 0, `the titles have words: ${titles}`);
    const held = (w) => titles.filter((t) => t.includes(w)).length;
    const word = words.reduce((a, b) => (held(b) < held(a) ? b : a));
    await frame.getByLabel("平台SKU、ASIN或标题", { exact: true }).fill(word.toUpperCase());
    list = await query(frame);
    assert.ok(list.total > 0 && list.total < all, `“${word}” narrows the list: ${list.total} of ${all}`);
    for (const r of list.rows) {
      const text = [r[col("平台SKU")], r[col("ASIN")], r[col("商品名称")]].join(" ").toLowerCase();
      assert.ok(text.includes(word.toLowerCase()), `${r} holds ${word}`);
    }
    for (const dark of [false, true]) {
      if (dark) await page.getByRole("button", { name: "切换深色模式" }).click();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await tableLoaded(frame);
        if (width === 390) await page.waitForFunction(() => document.getElementById("main-menu").getBoundingClientRect().right <= 0);
        await page.screenshot({ path: artifact(`open-listings-${width}-${dark ? "dark" : "light"}.png`) });
      }
    }
    await page.getByRole("button", { name: "切换深色模式" }).click();
    await page.setViewportSize({ width: 1280, height: 800 });

    const download = page.waitForEvent("download");
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), `在售报告_${TODAY}.xlsx`);
    const sheet = readSheet(await file.path());
    assert.deepEqual(sheet[0], list.header, "the file's columns are the table's");
    assert.equal(sheet.length - 1, list.total, "the whole query, every page");
    assert.deepEqual(sheet.slice(1, 1 + list.rows.length).map((r) => String(r[col("平台SKU")])), list.rows.map((r) => r[col("平台SKU")]), "the page's listings, in its order");
  });
});
