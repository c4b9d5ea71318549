// 调价 as a seller whose store was just authorised at the Amazon stand-in (its first sync brings the listings with
// their prices): check three listings, 批量调价 by -5 %, preview the new prices, type a price far under the third's
// (Amazon's minimum allowed price refuses it), confirm the change above the company's 20 %, and read each row's
// result: two changed, one refused saying why in Chinese. The list shows the new prices and 调价记录 the three
// changes with who and when; it exports. Screenshots at 1280 and 390 px, light and dark, go to
// islands/tests/artifacts/pricing-*.png.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, SYNC_PATIENCE, artifact, closeBrowser, getBrowser, newPage, phone, startServer } from "./harness.mjs";
import { startAmazon } from "./amazon-standin.mjs";
import { registerCompany } from "./flows.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
const SUCCESS = "授权成功，请回到授权列表页面刷新。";
const LIST = "/erp/api/v1/listing/price/page";

describe("调价", () => {
  let amazon;
  let server;
  let page;
  const OWNER = { account: phone("137"), password: "Owner#2026p", name: "钱七", email: "qianqi@example.com", company: "义乌调价电商有限公司" };

  before(async () => {
    amazon = await startAmazon();
    server = await startServer({ env: { ...amazon.env, SELLERHUB_REPORT_POLL: "200ms" } });
    page = await newPage(server);
    await registerCompany(page, server, { js: true, ...OWNER });
    await signInToShell(page, OWNER);
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    await amazon?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  /** Screenshots of the page at 1280 and 390 px, light and dark. */
  async function shoot(name) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
      for (const dark of [false, true]) {
        await page.evaluate((on) => {
          for (const w of [window, ...[...document.querySelectorAll("iframe")].map((f) => f.contentWindow)]) w.document.documentElement.classList.toggle("dark", on);
        }, dark);
        await page.screenshot({ path: artifact(`pricing-${name}-${width}-${dark ? "dark" : "light"}.png`) });
      }
    }
    await page.evaluate(() => {
      for (const w of [window, ...[...document.querySelectorAll("iframe")].map((f) => f.contentWindow)]) w.document.documentElement.classList.remove("dark");
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  }

  /** The table's header and rows as shown, once loaded. */
  async function shown(frame, section) {
    const box = frame.locator(`section[aria-label="${section}"]`);
    await tableLoaded(box);
    const header = (await box.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await box.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    return { header, rows };
  }

  it("changes three prices with one refused by Amazon, and reads the history", async () => {
    await openFromRail(page, "授权", "店铺管理");
    const stores = await tabFrame(page, "店铺管理");
    await stores.getByRole("button", { name: "添加店铺", exact: true }).click();
    const add = stores.locator("dialog[open]");
    await add.locator('input[name="name"]').fill("美国调价店");
    await add.getByRole("button", { name: "保存", exact: true }).click();
    await add.waitFor({ state: "detached" });
    await stores.locator("tbody tr", { hasText: "北美" }).getByRole("button", { name: "授权", exact: true }).click();
    const [popup] = await Promise.all([
      page.context().waitForEvent("page"),
      stores.locator("dialog[open]").getByRole("button", { name: "前往亚马逊授权", exact: true }).click(),
    ]);
    await popup.getByText(SUCCESS).waitFor({ timeout: PATIENCE });
    await popup.close();

    // The first sync brings the listings report: 数据同步 follows it live until 在售商品 is done.
    await openFromRail(page, "授权", "数据同步");
    const sync = await tabFrame(page, "数据同步");
    await sync.locator('section[aria-label="同步任务"] tbody tr')
      .filter({ has: sync.getByText("在售商品", { exact: true }) })
      .getByText("已完成")
      .waitFor({ timeout: SYNC_PATIENCE });

    await openFromRail(page, "产品", "调价");
    const frame = await tabFrame(page, "调价");
    // The store sells in three marketplaces: the US ones are asked for.
    const goods = frame.locator('section[aria-label="商品"]');
    await goods.getByRole("combobox", { name: "站点" }).locator("option", { hasText: "美国" }).waitFor({ state: "attached" });
    await goods.getByRole("combobox", { name: "站点" }).selectOption({ label: "美国" });
    const usAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === LIST);
    await goods.getByRole("button", { name: "查询", exact: true }).click();
    await usAnswered;
    let list = await shown(frame, "商品");
    assert.ok(list.rows.length > 0 && list.rows.every((r) => r.includes("美国")), `the US listings are in: ${JSON.stringify(list.rows)}`);
    for (const title of ["店铺", "站点", "平台SKU", "ASIN", "商品名称", "当前价格", "最低价", "最近调价时间", "最近调价", "结果"]) {
      assert.ok(list.header.includes(title), `column ${title} in ${list.header}`);
    }
    const col = (title) => list.header.indexOf(title);
    // Three priced US listings.
    const picked = list.rows.filter((r) => r[col("站点")] === "美国" && /\$\d/.test(r[col("当前价格")])).slice(0, 3);
    assert.equal(picked.length, 3, JSON.stringify(list.rows));
    const skus = picked.map((r) => r[col("平台SKU")]);
    const before = Object.fromEntries(picked.map((r) => [r[col("平台SKU")], Number(r[col("当前价格")].replace(/[$,]/g, ""))]));
    for (const sku of skus) await frame.getByRole("checkbox", { name: `选择 ${sku}`, exact: true }).check();
    await frame.getByRole("group", { name: "选中的行" }).getByText("已选 3 个商品").waitFor();
    await frame.getByRole("group", { name: "选中的行" }).getByRole("button", { name: "批量调价", exact: true }).click();

    const dialog = frame.locator("dialog[open]");
    await dialog.getByText("批量调价（3 个商品）").waitFor();
    await dialog.getByLabel("调价方式", { exact: true }).selectOption("percent");
    await dialog.getByLabel("百分比（%，负数为降价）", { exact: true }).fill("-5");
    await dialog.getByRole("button", { name: "预览", exact: true }).click();
    const preview = dialog.getByRole("table", { name: "调价预览" });
    await preview.locator("tbody tr").nth(2).waitFor();
    for (const sku of skus) {
      const want = (Math.round(before[sku] * 95) / 100).toFixed(2);
      assert.equal(await dialog.getByLabel(`${sku} 新价格`, { exact: true }).inputValue(), want, `${sku}: -5 % of ${before[sku]}`);
    }
    // The third priced far under Amazon's minimum allowed price: more than 20 %, so it asks first.
    await dialog.getByLabel(`${skus[2]} 新价格`, { exact: true }).fill("0.50");
    await shoot("preview");
    await dialog.getByRole("button", { name: "提交到亚马逊", exact: true }).click();
    const question = dialog.getByRole("alertdialog");
    await question.getByText("有 1 个商品的调价幅度超过 20%").waitFor();
    await question.getByRole("button", { name: "确认调价", exact: true }).click();
    const status = dialog.getByRole("status");
    await status.getByText("成功 2 个，失败 1 个").waitFor({ timeout: PATIENCE });
    const results = await preview.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    const bySku = Object.fromEntries(results.map((r) => [r[0].split("\n")[0], r]));
    assert.equal(bySku[skus[0]][6], "成功");
    assert.equal(bySku[skus[1]][6], "成功");
    assert.equal(bySku[skus[2]][6], "失败");
    assert.match(bySku[skus[2]][7], /^亚马逊拒绝：价格低于亚马逊允许的最低价/, "the refused row says why in Chinese");
    await shoot("results");
    await dialog.getByRole("button", { name: "关闭", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    // The list: two new prices, the refused one as it was.
    await frame.getByLabel("SKU、ASIN或标题", { exact: true }).fill(skus[2]);
    let answered = page.waitForResponse((r) => new URL(r.url()).pathname === LIST);
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    list = await shown(frame, "商品");
    const refused = list.rows.find((r) => r[col("平台SKU")] === skus[2] && r[col("站点")] === "美国");
    assert.equal(Number(refused[col("当前价格")].replace(/[$,]/g, "")), before[skus[2]], "the refused price stays");
    assert.equal(refused[col("结果")], "失败");
    await frame.getByLabel("SKU、ASIN或标题", { exact: true }).fill(skus[0]);
    answered = page.waitForResponse((r) => new URL(r.url()).pathname === LIST);
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    list = await shown(frame, "商品");
    const changed = list.rows.find((r) => r[col("平台SKU")] === skus[0] && r[col("站点")] === "美国");
    assert.equal(changed[col("当前价格")], `$${(Math.round(before[skus[0]] * 95) / 100).toFixed(2)}`);
    assert.equal(changed[col("结果")], "成功");

    // 调价记录: the three changes, who and when, exportable.
    await frame.getByRole("tab", { name: "调价记录", exact: true }).click();
    const history = await shown(frame, "调价记录");
    const hcol = (title) => history.header.indexOf(title);
    assert.equal(history.rows.length, 3, JSON.stringify(history.rows));
    for (const r of history.rows) {
      assert.equal(r[hcol("操作人")], OWNER.name);
      assert.match(r[hcol("调价时间")], /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    const h3 = history.rows.find((r) => r[hcol("平台SKU")] === skus[2]);
    assert.equal(h3[hcol("结果")], "失败");
    assert.equal(h3[hcol("新价")], "$0.50");
    assert.match(h3[hcol("说明")], /亚马逊拒绝/);
    assert.equal(history.rows.filter((r) => r[hcol("结果")] === "成功").length, 2);
    await shoot("history");
    const download = page.waitForEvent("download");
    await frame.locator('section[aria-label="调价记录"]').getByRole("button", { name: "导出", exact: true }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), `调价记录_${TODAY}.xlsx`);
    const sheet = readSheet(await file.path());
    assert.deepEqual(sheet[0], history.header, "the file's columns are the table's");
    assert.equal(sheet.length - 1, 3);

    // 定时促销: the second listing -10 % from tomorrow to the day after; it waits in 定时促销, then is cancelled.
    const day = (n) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10);
    await frame.getByRole("tab", { name: "商品", exact: true }).click();
    await frame.getByLabel("SKU、ASIN或标题", { exact: true }).fill(skus[1]);
    answered = page.waitForResponse((r) => new URL(r.url()).pathname === LIST);
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    const row = frame
      .locator('section[aria-label="商品"] tbody tr')
      .filter({ has: frame.getByRole("cell", { name: "美国", exact: true }) })
      .filter({ has: frame.getByRole("cell", { name: skus[1], exact: true }) });
    await row.getByRole("button", { name: "调价", exact: true }).click();
    await dialog.getByText(`调价 · ${skus[1]}`).waitFor();
    await dialog.getByLabel("百分比（%，负数为降价）", { exact: true }).fill("-10");
    await dialog.getByRole("button", { name: "预览", exact: true }).click();
    await preview.locator("tbody tr").first().waitFor();
    await dialog.getByRole("checkbox", { name: "定时促销" }).check();
    await dialog.getByLabel("促销开始日期", { exact: true }).fill(day(1));
    await dialog.getByLabel("促销结束日期", { exact: true }).fill(day(2));
    await shoot("sale");
    await dialog.getByRole("button", { name: "安排定时促销", exact: true }).click();
    await dialog.getByRole("status").getByText("成功 1 个，失败 0 个").waitFor({ timeout: PATIENCE });
    await dialog.getByText(`已安排定时促销：${day(1)} 至 ${day(2)}`).waitFor();
    await dialog.getByRole("button", { name: "关闭", exact: true }).click();
    await frame.getByRole("tab", { name: "定时促销", exact: true }).click();
    const sales = await shown(frame, "定时促销");
    const scol = (title) => sales.header.indexOf(title);
    assert.equal(sales.rows.length, 1, JSON.stringify(sales.rows));
    assert.equal(sales.rows[0][scol("平台SKU")], skus[1]);
    assert.equal(sales.rows[0][scol("状态")], "待开始");
    assert.equal(sales.rows[0][scol("促销价")], `$${(Math.round(Math.round(before[skus[1]] * 95) * 0.9) / 100).toFixed(2)}`);
    assert.match(sales.rows[0][scol("开始时间")], new RegExp(`^${day(1)} 00:00:00$`));
    await shoot("sales");
    await frame.locator('section[aria-label="定时促销"] tbody tr').getByRole("button", { name: "取消", exact: true }).click();
    await frame.locator('section[aria-label="定时促销"] tbody tr').getByText("已取消").waitFor({ timeout: PATIENCE });
  });
});
