// 订单管理 and 今日订单 as the seeded admin of the demo company, whose 90 days of the stand-in seller's orders and
// settlements come in at the server's first start: an order of a month ago (so settled) found by its id, its
// detail with an item's price and a settled fee; 导出 downloads the filtered list as 订单_<date>.xlsx; 今日订单
// in Beijing time shows today's orders (the simulated world ends at the start of today in UTC, which is always
// within Beijing's today). The file is read back with islands/tests/xlsx.mjs. Screenshots go to
// /tmp/shots-orders/.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";
import { money } from "../lib/money.js";

const SHOTS = process.env.SHOTS_DIR || "/tmp/shots-orders";

before(() => getBrowser());
after(() => closeBrowser());

// The date in the file names: the server's zone, Asia/Shanghai.
const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
const daysAgo = (n) => new Date(Date.now() - n * 86400000).toISOString().slice(0, 10);

describe("订单", () => {
  let server;
  let page;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
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

  const loaded = (scope) => tableLoaded(scope);
  const total = async (scope) => Number((await scope.getByRole("navigation", { name: "分页" }).locator("span", { hasText: /^共/ }).textContent()).replace(/,/g, "").match(/\d+/)[0]);

  /** Clicks 查询 and waits for the list call it makes (path) to answer and the table to show it. */
  async function query(list, path) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path);
    await list.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    await loaded(list);
  }

  /** The texts of a column (by its heading) of the scope's first table. */
  async function column(scope, heading) {
    const heads = (await scope.locator("thead th").allInnerTexts()).map((t) => t.replace(/[▲▼↕]/g, "").trim());
    const i = heads.indexOf(heading);
    assert.ok(i >= 0, `a ${heading} column: ${heads}`);
    return scope.locator(`tbody tr td:nth-child(${i + 1})`).allInnerTexts();
  }

  it("订单管理: an order found by its id, its detail with an item and a settled fee, exported", async () => {
    await openFromRail(page, "销售", "订单管理");
    const frame = await tabFrame(page, "订单管理");
    const list = frame.locator('section[aria-label="订单管理"]');
    await loaded(list);
    const all = await total(list);
    // The demo's 90 days hold thousands of orders: the pager counts to its cap (共 1,000+ 条).
    assert.ok(all >= 1000, `the demo's orders are listed: ${all}`);

    // An order of a month ago, shipped in the US (its prices in dollars; which order of that day comes first
    // follows the demo's data, generated up to the server's start): its settlement has come in.
    await list.getByLabel("站点").selectOption("ATVPDKIKX0DER");
    await list.getByLabel("开始日期").fill(daysAgo(30));
    await list.getByLabel("结束日期").fill(daysAgo(30));
    await list.getByLabel("订单状态").selectOption("Shipped");
    await query(list, "/amazon/api/v1/orders/page");
    const [orderID] = await column(list, "订单号");
    const [sku] = await column(list, "SKU");
    assert.match(orderID, /^\d{3}-\d{7}-\d{7}$/);

    await list.getByLabel("站点").selectOption("");
    await list.getByLabel("开始日期").fill("");
    await list.getByLabel("结束日期").fill("");
    await list.getByLabel("订单状态").selectOption("");
    await list.getByLabel("订单号、SKU或ASIN").fill(orderID);
    await query(list, "/amazon/api/v1/orders/page");
    assert.equal(await total(list), 1, "the order id finds the one order");

    await frame.locator("tbody tr").filter({ hasText: orderID }).getByRole("button", { name: "详情", exact: true }).click();
    const dialog = frame.getByRole("dialog", { name: `订单详情 ${orderID}` });
    await dialog.waitFor();
    const item = dialog.getByRole("table", { name: "订单商品" }).locator("tbody tr").filter({ hasText: sku });
    await item.waitFor();
    assert.match(await item.locator("td").nth(4).innerText(), /^\$\d+\.\d\d$/, "the item's price in dollars");
    const fee = dialog.getByRole("table", { name: "结算费用" }).locator("tbody tr").filter({ hasText: "Commission" }).first();
    await fee.waitFor();
    assert.match(await fee.locator("td").nth(5).innerText(), /^-\$\d+\.\d\d$/, "the commission taken, in dollars");
    await page.screenshot({ path: join(SHOTS, "order-detail.png") });
    await dialog.getByRole("button", { name: "关闭" }).click();
    await dialog.waitFor({ state: "hidden" });

    const download = page.waitForEvent("download");
    await list.getByRole("button", { name: "导出", exact: true }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), `订单_${TODAY}.xlsx`);
    const sheet = readSheet(await file.path());
    assert.equal(sheet.length, 2, "the header and the one order");
    assert.equal(sheet[1][sheet[0].indexOf("订单号")], orderID);
  });

  // A row of a multi-item order says what it is (issue 43, item 1): found by one of its SKUs, the row shows that
  // SKU's own units and amount with +N SKU (the order's other SKUs) and the order's total under its own name; on
  // main it showed the whole order's units and amount beside whichever SKU came first.
  it("订单管理: a SKU's row shows the SKU's own units and amount, +N SKU and the order total", async () => {
    const data = async (response) => {
      const body = await (await response).json();
      assert.equal(body.code, "201", `API answered ${JSON.stringify(body).slice(0, 200)}`);
      return body.data;
    };
    const { records } = await data(page.request.post("/amazon/api/v1/orders/page", { data: { currentpage: 1, pagesize: 100 } }));
    let order;
    let item;
    for (const r of records.filter((r) => r.skuMore)) {
      const d = await data(page.request.get(`/amazon/api/v1/orders/${r.id}`));
      const skus = [...new Set(d.items.map((it) => it.sku))].sort();
      const last = skus.at(-1);
      // A SKU that is not the order's first, held once, so that its own figures are one item's.
      if (skus.length > 1 && d.items.filter((it) => it.sku === last).length === 1) {
        order = d;
        item = d.items.find((it) => it.sku === last);
        break;
      }
    }
    assert.ok(order, "the demo's latest orders hold one of several SKUs");

    await openFromRail(page, "销售", "订单管理");
    const frame = await tabFrame(page, "订单管理");
    const list = frame.locator('section[aria-label="订单管理"]');
    await loaded(list);
    await list.getByLabel("订单号、SKU或ASIN").fill(item.sku);
    await query(list, "/amazon/api/v1/orders/page");
    const ids = await column(list, "订单号");
    const at = ids.indexOf(order.amazonOrderId);
    assert.ok(at >= 0, `the order ${order.amazonOrderId} is found by ${item.sku}`);
    const cellOf = async (heading) => (await column(list, heading))[at].trim();
    const skus = await column(list, "SKU");
    assert.ok(skus.every((s) => s.startsWith(item.sku)), `every row shows the searched SKU: ${skus.slice(0, 5)}`);
    assert.equal(await cellOf("数量"), String(item.quantity), "the SKU's own units");
    assert.equal(await cellOf("销售额"), item.itemPrice, "the SKU's own amount");
    assert.equal(await cellOf("其他SKU"), `+${new Set(order.items.map((it) => it.sku)).size - 1} SKU`);
    // The list's amounts are numbers the table writes with the one money formatter.
    assert.equal(await cellOf("订单总额"), money(order.orderSales, order.currency), "the order's total under its own name");
    assert.notEqual(money(order.orderSales, order.currency), item.itemPrice, "the order's total is not the SKU's amount");
    await page.screenshot({ path: join(SHOTS, "orders-sku-row.png") });
    await list.getByLabel("订单号、SKU或ASIN").fill("");
  });

  it("今日订单 in Beijing time shows today's orders", async () => {
    // The orders 订单管理 finds for today's date in Beijing time are the ones 今日订单 must list.
    await openFromRail(page, "销售", "订单管理");
    const orders = (await tabFrame(page, "订单管理")).locator('section[aria-label="订单管理"]');
    await orders.getByLabel("订单号、SKU或ASIN").fill("");
    await orders.getByLabel("时区").selectOption("beijing");
    await orders.getByLabel("开始日期").fill(TODAY);
    await orders.getByLabel("结束日期").fill(TODAY);
    await query(orders, "/amazon/api/v1/orders/page");
    const bought = await total(orders);
    // The demo's seller stands at the moment the server started, so just after Beijing's midnight (16:00 UTC) its
    // day may hold no order yet; an hour into it, it always does.
    const beijing = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Shanghai", hour: "numeric", hourCycle: "h23" });
    if (Number(beijing.format(new Date())) >= 1) assert.ok(bought > 0, "the demo has orders today in Beijing time");

    await openFromRail(page, "销售", "今日订单");
    const frame = await tabFrame(page, "今日订单");
    const list = frame.locator('section[aria-label="今日订单"]');
    await loaded(list);
    await list.getByLabel("时区").selectOption("beijing");
    await query(list, "/amazon/api/v1/orders/today");
    assert.equal(await total(list), bought, "today's orders are listed");
    await page.screenshot({ path: join(SHOTS, "today.png") });
    const times = await column(list, "下单时间(北京)");
    assert.ok(times.every((t) => t.startsWith(TODAY)), `every order bought today in Beijing: ${times.slice(0, 3)}`);
  });
  it("销售明细 lists order lines: business orders only, FBM only, exported", async () => {
    await openFromRail(page, "销售", "销售明细");
    const frame = await tabFrame(page, "销售明细");
    const list = frame.locator('section[aria-label="销售明细"]');
    await loaded(list);
    assert.ok((await total(list)) >= 1000, "the demo's order lines are listed");

    await list.getByLabel("企业订单").selectOption("yes");
    await query(list, "/amazon/api/v1/orders/details");
    const business = await total(list);
    assert.ok(business > 0, "the demo has business (B2B) orders");
    assert.deepEqual([...new Set(await column(list, "企业订单"))], ["是"], "every line is a business order's");
    await page.screenshot({ path: join(SHOTS, "sales-details-b2b.png") });

    const download = page.waitForEvent("download");
    await list.getByRole("button", { name: "导出", exact: true }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), `销售明细_${TODAY}.xlsx`);
    const sheet = readSheet(await file.path());
    if (business < 1000) assert.equal(sheet.length, business + 1, "the header and every business order line");
    assert.ok(sheet.slice(1).every((r) => r[sheet[0].indexOf("企业订单")] === "是"), "the file holds the filtered lines");

    await list.getByLabel("企业订单").selectOption("");
    await list.getByLabel("配送方式").selectOption("Merchant");
    await query(list, "/amazon/api/v1/orders/details");
    assert.ok((await total(list)) > 0, "the demo has FBM orders");
    assert.deepEqual([...new Set(await column(list, "配送方式"))], ["FBM"], "every line is fulfilled by the seller");
    await list.getByLabel("配送方式").selectOption("");
  });

  it("退款订单 names each return reason in Chinese, Amazon's code as its tooltip", async () => {
    await openFromRail(page, "销售", "退款订单");
    const frame = await tabFrame(page, "退款订单");
    const list = frame.locator('section[aria-label="退款订单"]');
    await loaded(list);
    await list.getByLabel("开始日期").fill(daysAgo(89));
    await list.getByLabel("结束日期").fill(TODAY);
    await query(list, "/amazon/api/v1/orders/refunds");
    const heads = (await list.locator("thead th").allInnerTexts()).map((t) => t.replace(/[▲▼↕]/g, "").trim());
    const i = heads.indexOf("退货原因");
    assert.ok(i >= 0, `a 退货原因 column: ${heads}`);
    // Page through until some refunds with a return in: every reason a Chinese name, its code the tooltip.
    let reasons = [];
    for (let tries = 0; reasons.length === 0 && tries < 10; tries++) {
      const cells = await list.locator(`tbody tr td:nth-child(${i + 1})`).evaluateAll((tds) =>
        tds.map((td) => ({ text: td.innerText.trim(), title: td.querySelector("[title]")?.getAttribute("title") ?? null })),
      );
      reasons = cells.filter((c) => c.text !== "—");
      if (reasons.length === 0) {
        const next = list.getByRole("navigation", { name: "分页" }).getByRole("button", { name: /下一页/ });
        if (!(await next.isEnabled())) break;
        const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/amazon/api/v1/orders/refunds");
        await next.click();
        await answered;
        await loaded(list);
      }
    }
    assert.ok(reasons.length > 0, "some refunds carry a return reason");
    for (const r of reasons) {
      assert.doesNotMatch(r.text, /[A-Z_]{4,}/, `the reason is named, not coded: ${r.text}`);
      assert.match(r.title ?? "", /^[A-Z][A-Z_-]+$/, `Amazon's code is the tooltip of ${r.text}`);
    }
    for (const dark of [false, true]) {
      if (dark) await page.getByRole("button", { name: "切换深色模式" }).click();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.screenshot({ path: join(SHOTS, `refunds-${width}-${dark ? "dark" : "light"}.png`) });
      }
    }
    await page.getByRole("button", { name: "切换深色模式" }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
