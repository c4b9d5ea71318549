// A new seller's first day, against the Amazon stand-in, as a person goes through it: register a company, follow
// 首页's 新手引导 to 店铺管理, 添加店铺 and 授权, watch the first sync finish on 首页; see Amazon's FBA stock in
// FBA库存明细 and 库存数量 before any pairing; 生成本地产品 from every listing in one action (pairing them), enter
// the costs from 本地产品's downloaded cost template, see the guide done and gone; then read last month's profit
// line of the SKU that sold most in the US and check every figure against a hand calculation from the stand-in's
// own settlement reports (fetched from its control address): units, sales, referral and FBA fees, refunds, what
// Amazon paid, cost × units, 头程 × units, the profit at the month's USD rate and the margin. Screenshots at 1280
// and 390 px, light and dark, go to islands/tests/artifacts/onboarding-day-*.png.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { PATIENCE, SYNC_PATIENCE, artifact, closeBrowser, getBrowser, newPage, phone, startServer } from "./harness.mjs";
import { registerCompany } from "./flows.mjs";
import { clickTab, openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { startAmazon } from "./amazon-standin.mjs";
import { readSheet, writeSheet } from "./xlsx.mjs";

const SUCCESS = "授权成功，请回到授权列表页面刷新。";
const OWNER = { account: phone("137"), password: "Owner#2026d", name: "周九", email: "owner137@example.com", company: "宁波周九跨境电商有限公司" };
// The stand-in's North American seller, whom its consent page authorises.
const SELLER = "A3SELLERSTANDIN";
const US = "ATVPDKIKX0DER";
// What the seller enters for every product: 采购成本 and 头程, yuan per unit.
const UNIT_COST = "32.50";
const FIRST_LEG = "6.80";

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
const LAST_MONTH = (() => {
  const [y, m] = TODAY.split("-").map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
})();

before(() => getBrowser());
after(() => closeBrowser());

describe("新卖家的第一天", () => {
  let amazon;
  let server;
  let page;

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

  const guide = (frame) => frame.locator("section[data-guide]");
  const step = (frame, key) => guide(frame).locator(`li[data-step="${key}"]`);
  const num = (s) => Number(s.replace(/[^0-9.-]/g, ""));

  /** Screenshots of the page as it is at 1280 and 390 px, light and dark. */
  async function shoot(name) {
    for (const [width, height] of [[1280, 800], [390, 844]]) {
      await page.setViewportSize({ width, height });
      for (const dark of [false, true]) {
        await page.evaluate((on) => {
          for (const doc of [document, ...[...document.querySelectorAll("#tab-frames iframe")].map((f) => f.contentDocument)]) {
            doc?.documentElement?.classList.toggle("dark", on);
          }
        }, dark);
        await page.screenshot({ path: artifact(`onboarding-day-${name}-${width}-${dark ? "dark" : "light"}.png`) });
      }
    }
    await page.evaluate(() => {
      for (const doc of [document, ...[...document.querySelectorAll("#tab-frames iframe")].map((f) => f.contentDocument)]) {
        doc?.documentElement?.classList.remove("dark");
      }
    });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  /** A list's header and rows as shown, once loaded, and its total. */
  async function shown(frame, scope = frame) {
    await tableLoaded(scope);
    const table = scope.locator("table").first();
    const header = (await table.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    const total = Number((await frame.getByRole("navigation", { name: "分页" }).locator("span", { hasText: /^共/ }).first().textContent()).match(/\d+/)[0]);
    return { header, rows, total, col: (title) => header.indexOf(title) };
  }

  /** Clicks 查询 and waits for the list's call to answer. */
  async function query(frame, path, scope = frame) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path);
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    return shown(frame, scope);
  }

  /** Waits for a toast containing text, in the frame or the shell, and answers its text. */
  const toastWith = (frame, text) =>
    Promise.any([frame, page].map(async (where) => {
      const toast = where.locator("#toasts [data-toast]").filter({ hasText: text }).first();
      await toast.waitFor({ timeout: PATIENCE });
      return toast.innerText();
    }));

  /** 首页, reloaded: the guide as the company's figures have it now. */
  async function homeNow() {
    await clickTab(page, "首页");
    const home = await tabFrame(page, "首页");
    // The old document says "complete" too until the reload replaces it: a mark on its window tells them apart.
    await home.evaluate(() => {
      window.__beforeReload = true;
      location.reload();
    });
    await page.waitForFunction(() => {
      const w = document.querySelector('#tab-frames iframe[title="首页"]')?.contentWindow;
      return w && !w.__beforeReload && w.document.readyState === "complete";
    });
    return tabFrame(page, "首页");
  }

  it("adds and authorises its store from 首页's guide and sees the first sync finish", async () => {
    let home = await tabFrame(page, "首页");
    await guide(home).waitFor();
    assert.match(await guide(home).innerText(), /已完成 0\/6 步/);
    await step(home, "store").getByRole("link").click();
    await page.waitForFunction(() => document.querySelector('#tab-frames iframe[title="店铺管理"]'));
    const stores = await tabFrame(page, "店铺管理");
    await stores.getByRole("button", { name: "添加店铺", exact: true }).click();
    const add = stores.locator("dialog[open]");
    await add.locator('input[name="name"]').fill("星河家居");
    await add.getByRole("button", { name: "保存", exact: true }).click();
    await add.waitFor({ state: "detached" });
    await stores.locator("tbody tr", { hasText: "北美" }).getByRole("button", { name: "授权", exact: true }).click();
    const [popup] = await Promise.all([
      page.context().waitForEvent("page"),
      stores.locator("dialog[open]").getByRole("button", { name: "前往亚马逊授权", exact: true }).click(),
    ]);
    await popup.getByText(SUCCESS).waitFor({ timeout: PATIENCE });
    await popup.close();

    home = await homeNow();
    await step(home, "authorize").and(home.locator('[data-done="true"]')).waitFor();
    // The first sync runs; 首页 follows it and reloads itself once it is done.
    await page.waitForFunction(
      () => document.querySelector('#tab-frames iframe[title="首页"]')?.contentDocument?.querySelector('li[data-step="sync"]')?.dataset.done === "true",
      null,
      { timeout: SYNC_PATIENCE },
    );
    home = await tabFrame(page, "首页");
    await step(home, "sync").getByText(/已完成：\d+ 项数据已同步/).waitFor();
    assert.match(await guide(home).innerText(), /已完成 3\/6 步/);
    await shoot("synced");
  });

  it("sees Amazon's FBA stock in FBA库存明细 and 库存数量 before any pairing", async () => {
    await openFromRail(page, "仓库", "FBA库存明细");
    const fba = await tabFrame(page, "FBA库存明细");
    let list = await shown(fba);
    assert.ok(list.total > 10, `the synced SKUs are listed: ${list.total}`);
    await fba.getByLabel("配对状态", { exact: true }).selectOption("yes");
    list = await query(fba, "/erp/api/v1/fbaInventory/page");
    assert.equal(list.total, 0, "nothing is paired yet");
    await fba.getByLabel("配对状态", { exact: true }).selectOption("no");
    await fba.getByLabel("库存", { exact: true }).selectOption("yes");
    list = await query(fba, "/erp/api/v1/fbaInventory/page");
    assert.ok(list.total > 10, `unpaired SKUs with stock: ${list.total}`);
    const us = list.rows.find((r) => r[list.col("站点")] === "美国" && num(r[list.col("可售")]) > 0);
    assert.ok(us, `a US SKU with stock: ${list.rows}`);
    assert.equal(us[list.col("本地SKU")], "—");
    const sku = us[list.col("平台SKU")];
    await shoot("fba-unpaired");

    await openFromRail(page, "仓库", "库存数量");
    const stock = await tabFrame(page, "库存数量");
    await stock.getByLabel("SKU或名称", { exact: true }).fill(sku);
    const rows = await query(stock, "/erp/api/v1/stock/page");
    const row = rows.rows.find((r) => r[rows.col("SKU")] === sku && r[rows.col("仓库")] === "FBA-星河家居-美国");
    assert.ok(row, `${sku} in FBA-星河家居-美国: ${JSON.stringify(rows.rows)}`);
    assert.equal(row[rows.col("产品名称")], "未配对");
    assert.equal(row[rows.col("可用")], us[list.col("可售")], "库存数量's 可用 is Amazon's 可售");
  });

  it("makes a product of every listing in one action, pairing them all", async () => {
    const home = await homeNow();
    await step(home, "products").getByRole("link").click();
    await page.waitForFunction(() => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent.includes("SKU配对"));
    const listings = await tabFrame(page, "SKU配对");
    const all = await shown(listings, listings.locator('section[aria-label="SKU配对"]'));
    // The stand-in's seller lists each SKU in its three North American marketplaces.
    assert.equal(all.total % 3, 0, `${all.total} listings`);
    await listings.getByRole("button", { name: "按筛选生成本地产品", exact: true }).click();
    const dialog = listings.locator("dialog[open]");
    await dialog.getByText("当前筛选条件下的全部Listing").waitFor();
    await dialog.getByRole("button", { name: "生成", exact: true }).click();
    const said = await toastWith(listings, "已生成");
    assert.match(said, new RegExp(`已生成 ${all.total / 3} 个本地产品，沿用已有SKU 0 个，配对 ${all.total} 个Listing，跳过已配对 0 个`));
    await listings.getByLabel("配对状态", { exact: true }).selectOption("no");
    const unpaired = await query(listings, "/erp/api/v1/listing/page", listings.locator('section[aria-label="SKU配对"]'));
    assert.equal(unpaired.total, 0, "every listing is paired");

    const now = await homeNow();
    for (const key of ["products", "pairing"]) assert.equal(await step(now, key).getAttribute("data-done"), "true", `${key} done`);
    assert.equal(await step(now, "costs").getAttribute("data-done"), "false", "the costs are still to enter");
    await shoot("products");
  });

  it("enters every product's costs from the downloaded template; the guide is done and goes", async () => {
    let home = await tabFrame(page, "首页");
    await step(home, "costs").getByRole("link").click();
    await page.waitForFunction(() => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent.includes("本地产品"));
    const products = await tabFrame(page, "本地产品");
    await products.getByRole("button", { name: "导入成本", exact: true }).click();
    const dialog = products.locator("dialog[open]");
    const download = page.waitForEvent("download");
    await dialog.getByRole("link", { name: "下载导入模板" }).click();
    const sheet = readSheet(await (await download).path());
    assert.deepEqual(sheet[0], ["SKU*", "产品名称", "采购成本(元)", "头程(元)", "生效日期"]);
    const rows = sheet.slice(1);
    assert.ok(rows.length > 10 && rows.every((r) => !r[2] && !r[3]), `the new products, without costs: ${rows.length}`);
    const filled = join(server.dir, "costs-first-day.xlsx");
    writeSheet(filled, [sheet[0], ...rows.map((r) => [r[0], r[1], UNIT_COST, FIRST_LEG, ""])]);
    await dialog.locator('input[type="file"]').setInputFiles(filled);
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await toastWith(products, `已读取${rows.length}行，更新${rows.length}个产品的成本`);

    // 首页 judges the guide when it loads: it is read again until the guide has gone (a sync's job may still be
    // writing its last task when the costs land), and a guide still there names the step that is not done.
    const deadline = Date.now() + PATIENCE;
    for (home = await homeNow(); (await guide(home).count()) > 0 && Date.now() < deadline; home = await homeNow()) {
      await home.locator("body").waitFor();
    }
    const left = (await guide(home).count()) > 0 ? await guide(home).innerText() : "";
    assert.equal(left, "", "every step done: the guide is gone");
    await shoot("set-up");
  });

  it("reads last month's profit of its best US seller, every figure worked out by hand", async () => {
    // The stand-in's settlement reports, as the sync read them: the US lines posted in last month (Beijing time).
    const files = await (await fetch(`${amazon.url}/control/settlements?seller=${SELLER}`)).json();
    const lines = [];
    for (const f of files.filter((f) => f.marketplaceId === US)) {
      const [head, ...body] = f.content.split("\n").filter((l) => l.trim() !== "");
      const cols = head.split("\t");
      for (const text of body) {
        const cells = text.split("\t");
        const l = Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? ""]));
        if (!l["transaction-type"]) continue; // the report's summary line
        const posted = new Date(l["posted-date-time"].replace(" UTC", "Z").replace(" ", "T"));
        const month = new Date(posted.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 7);
        if (month === LAST_MONTH && l.sku) lines.push(l);
      }
    }
    // Cents, so that the sums are exact.
    const cents = (l) => Math.round(Number(l.amount) * 100);
    const bySku = new Map();
    for (const l of lines) {
      const s = bySku.get(l.sku) ?? { units: 0, sales: 0, referral: 0, fba: 0, refunds: 0, other: 0, paid: 0 };
      const type = l["transaction-type"], amountType = l["amount-type"], what = l["amount-description"];
      const taxed = /tax/i.test(what);
      if (type === "Order" && amountType === "ItemPrice" && what === "Principal") s.units += Number(l["quantity-purchased"]);
      if (amountType === "ItemFees" && what.startsWith("FBA")) s.fba -= cents(l);
      else if (amountType === "ItemFees" && ["Commission", "ReferralFee", "RefundCommission"].includes(what)) s.referral -= cents(l);
      else if ((amountType === "ItemPrice" || amountType === "Promotion") && !taxed && type === "Order") s.sales += cents(l);
      else if ((amountType === "ItemPrice" || amountType === "Promotion") && !taxed && type === "Refund") s.refunds -= cents(l);
      else s.other -= cents(l);
      s.paid += cents(l);
      bySku.set(l.sku, s);
    }
    const [sku, want] = [...bySku].sort((a, b) => b[1].units - a[1].units || (a[0] < b[0] ? -1 : 1))[0];
    assert.ok(want.units > 10, `${sku} sold ${want.units} units in ${LAST_MONTH}`);

    // The month's USD rate, as 汇率 shows it (a new company has the default).
    await openFromRail(page, "财务", "汇率");
    const rates = await tabFrame(page, "汇率");
    const usd = rates.locator("tbody tr").filter({ hasText: "USD" });
    await usd.waitFor();
    const rateList = await shown(rates);
    const rate = Number(rateList.rows.find((r) => r[rateList.col("币种")] === "USD")[rateList.col("当前汇率")]);
    assert.ok(rate > 5 && rate < 10, `USD rate ${rate}`);

    await openFromRail(page, "财务", "利润报告");
    const report = await tabFrame(page, "利润报告");
    await report.getByText("利润 = 销售额 − 佣金").waitFor();
    await report.getByLabel("开始月份", { exact: true }).fill(LAST_MONTH);
    await report.getByLabel("结束月份", { exact: true }).fill(LAST_MONTH);
    await report.getByLabel("SKU", { exact: true }).fill(sku);
    const section = report.locator('section[aria-label="利润报告"]');
    const list = await query(report, "/amazon/api/v1/profit/report", section);
    const line = list.rows.find((r) => r[list.col("SKU")] === sku && r[list.col("币种")] === "USD");
    assert.ok(line, `${sku}'s US line: ${JSON.stringify(list.rows)}`);
    const cell = (title) => {
      assert.ok(list.col(title) >= 0, `column ${title} in ${list.header}`);
      return line[list.col(title)];
    };
    assert.equal(cell("本地SKU"), sku);
    assert.equal(cell("来源"), "结算");
    assert.equal(num(cell("结算销量")), want.units, "units: the orders' Principal lines");
    for (const [title, c] of [["结算销售额", want.sales], ["佣金", want.referral], ["FBA配送费", want.fba], ["退款", want.refunds], ["其他费用", want.other], ["亚马逊回款", want.paid]]) {
      assert.equal(Math.round(num(cell(title)) * 100), c, `${title} ${cell(title)}: ${(c / 100).toFixed(2)} by hand`);
    }
    const cost = want.units * Number(UNIT_COST);
    const firstLeg = want.units * Number(FIRST_LEG);
    assert.equal(num(cell("商品成本")), Number(cost.toFixed(2)), `商品成本 = ${want.units} × ${UNIT_COST}`);
    assert.equal(num(cell("头程")), Number(firstLeg.toFixed(2)), `头程 = ${want.units} × ${FIRST_LEG}`);
    // Profit in yuan: what Amazon paid at the month's rate, less the goods and their freight; each amount is
    // converted on its own and rounded to the fen, so allow a fen or two.
    const profit = (want.paid / 100) * rate - cost - firstLeg;
    assert.ok(Math.abs(num(cell("利润(CNY)")) - profit) < 0.03, `利润(CNY) ${cell("利润(CNY)")}, by hand ${profit.toFixed(2)}`);
    const margin = (profit / ((want.sales / 100) * rate)) * 100;
    assert.match(cell("利润率"), /^-?\d+\.\d{2}%$/, `a margin, the line complete: ${cell("利润率")}`);
    assert.ok(Math.abs(num(cell("利润率")) - margin) < 0.015, `利润率 ${cell("利润率")}, by hand ${margin.toFixed(2)}%`);
    assert.equal(await report.getByRole("status", { name: "报告完整性" }).count(), 0, "the line is complete");
    // The checked figures in sight: the table scrolled to its cost, profit and margin columns.
    await section.locator("table").first().evaluate((t) => {
      for (let el = t.parentElement; el; el = el.parentElement) if (el.scrollWidth > el.clientWidth) el.scrollLeft = el.scrollWidth;
    });
    await shoot("profit");
  });
});
