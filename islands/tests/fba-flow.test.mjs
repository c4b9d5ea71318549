// The whole FBA chain in one go, through the screens the way the seller's staff work, as the owner of a newly
// registered company (the demo company's seeded data would crowd its lists): create a warehouse and a product
// with its carton spec, receive stock with an inbound document (submit, approve, see the stock), add a store
// group in 店铺管理 and the product's listing in it and pair them, plan a shipment from that listing and submit it,
// create the shipment for a destination centre, walk 配货 (the stock moves to 待出库, seen in 库存), 装箱, 发货, 收货
// and 货件信息/状态, open the pick list from the handling screen in a new window, read its fields, print it to an A4
// PDF with Chromium and find the item's SKU and quantity in the PDF's text. Screenshots go to /tmp/shots-e2e/.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { PATIENCE, closeBrowser, getBrowser, newPage, phone, startServer } from "./harness.mjs";
import { registerCompany } from "./flows.mjs";
import { pdfPages } from "./pdf.mjs";
import { clickTab, openFromRail, sayYes, signInToShell, tabFrame, tabTitles, waitForToast } from "./shell.mjs";

const SHOTS = "/tmp/shots-e2e";
mkdirSync(SHOTS, { recursive: true });

const WAREHOUSE = "宁波前置仓";
const GROUP = "北美店铺";
const SKU = "LAMP-E2E-01";
const NAME = "胡桃木台灯";
const MSKU = "US-LAMP-E2E";
const FNSKU = "X00E2ELAMP";
const RECEIVED = 60;
const PLANNED = 48;

before(() => getBrowser());
after(() => closeBrowser());

describe("FBA全流程：产品、入库、发货计划、货件处理与配货单打印", () => {
  let server;
  let page;
  const OWNER = { account: phone("136"), password: "Owner#2026e", name: "周九", email: "zhoujiu@example.com", company: "宁波丁方跨境电商有限公司" };

  before(async () => {
    server = await startServer();
    page = await newPage(server, { viewport: { width: 1280, height: 860 } });
    await registerCompany(page, server, { js: true, ...OWNER });
    await signInToShell(page, OWNER);
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  const shot = (name, p = page) => p.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: p !== page });
  const row = (frame, text) => frame.locator("tbody tr").filter({ hasText: text });
  async function expectToast(frame, text) {
    const seen = await waitForToast(frame, text);
    assert.ok(seen.includes(text), `toast ${text}: saw ${JSON.stringify(seen)}`);
  }

  /** The texts of a column (by its heading) of the frame's first table. */
  async function column(frame, heading) {
    const heads = (await frame.locator("thead th").allInnerTexts()).map((t) => t.replace(/[▲▼↕]/g, "").trim());
    const i = heads.indexOf(heading);
    assert.ok(i >= 0, `a ${heading} column: ${heads}`);
    return frame.locator(`tbody tr td:nth-child(${i + 1})`).allInnerTexts();
  }

  /** Expects the product's stock in the warehouse as 库存 shows it, { fulfillable: 可用, outbound: 待出库 }: the list
   * may show the previous answer for a moment after 查询, so it is read until it matches (up to 5 s). */
  async function expectStock(want) {
    await openFromRail(page, "仓库", "库存数量");
    const record = await tabFrame(page, "库存数量");
    await record.locator("#stock-filter").getByRole("combobox", { name: "仓库" }).selectOption({ label: WAREHOUSE });
    await record.getByRole("button", { name: "查询", exact: true }).click();
    await row(record, SKU).waitFor();
    let got;
    for (const deadline = Date.now() + PATIENCE; Date.now() < deadline; await sleep(100)) {
      got = { skus: await column(record, "SKU"), fulfillable: Number((await column(record, "可用"))[0]), outbound: Number((await column(record, "待出库"))[0]) };
      if (got.fulfillable === want.fulfillable && got.outbound === want.outbound) break;
    }
    assert.deepEqual(got, { skus: [SKU], ...want });
  }

  let shipmentId;
  const stepTab = () => tabFrame(page, `处理货件 ${shipmentId}`);
  const stepButton = (frame, name) => frame.getByRole("list", { name: "处理步骤" }).getByRole("button", { name, exact: true });
  const expectStep = (frame, name) =>
    frame.getByRole("list", { name: "处理步骤" }).locator('button[aria-current="step"]').filter({ hasText: new RegExp(`^.${name}$`) }).waitFor({ timeout: PATIENCE });
  const expectStatus = (frame, text) => frame.getByTestId("shipment-status").filter({ hasText: new RegExp(`^${text}$`) }).waitFor({ timeout: PATIENCE });

  it("creates a warehouse", async () => {
    await openFromRail(page, "仓库", "仓库");
    const frame = await tabFrame(page, "仓库");
    await frame.getByText("暂无数据！").waitFor();
    await frame.getByRole("button", { name: "新增仓库", exact: true }).click();
    const dialog = frame.locator("dialog[open]");
    await dialog.locator('input[name="name"]').fill(WAREHOUSE);
    await dialog.locator('select[name="kind"]').selectOption({ label: "自有仓" });
    await dialog.locator('input[name="address"]').fill("浙江省宁波市北仑区");
    await dialog.getByRole("button", { name: "保存", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await expectToast(frame, "操作成功!");
    await row(frame, WAREHOUSE).waitFor();
    await shot("warehouse");
  });

  it("creates the product with its carton spec", async () => {
    await openFromRail(page, "产品", "本地产品");
    const list = await tabFrame(page, "本地产品");
    await list.getByText("暂无数据！").waitFor();
    await list.getByRole("button", { name: "新增产品", exact: true }).click();
    const form = await tabFrame(page, "新增本地产品");
    await form.locator('input[name="sku"]').fill(SKU);
    await form.locator('input[name="name"]').fill(NAME);
    const values = { price: "45.00", weight: "1.2", length: "30", width: "20", height: "45", cartonUnits: "24", cartonWeight: "30.5", cartonLength: "62", cartonWidth: "42", cartonHeight: "48" };
    for (const [name, value] of Object.entries(values)) await form.locator(`input[name="${name}"]`).fill(value);
    await form.getByRole("button", { name: "保存", exact: true }).click();
    await tabFrame(page, `编辑产品 ${SKU}`);
    await clickTab(page, "本地产品");
    await list.getByRole("button", { name: "刷新", exact: true }).click();
    await row(list, SKU).waitFor();
    // 箱规 is hidden in the list by default (列配置 shows it); the list's call carries it.
    const records = await list.evaluate(async (sku) => {
      const init = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ currentpage: 1, pagesize: 10, keyword: sku }) };
      return (await (await fetch("/erp/api/v1/material/page", init)).json()).data.records;
    }, SKU);
    assert.match(records.find((r) => r.sku === SKU)?.cartonSpec ?? "", /单箱24个, 重30.5kg, 62\*42\*48cm/);
    await shot("product");
  });

  it("receives the stock with an inbound document: submit, approve, then 库存 shows it", async () => {
    await openFromRail(page, "仓库", "入库单");
    const list = await tabFrame(page, "入库单");
    await list.getByRole("button", { name: "新建入库单", exact: true }).click();
    const form = await tabFrame(page, "新建入库单");
    await form.getByRole("combobox", { name: "仓库" }).selectOption({ label: WAREHOUSE });
    await form.getByLabel("查找产品").fill("lamp-e2e");
    await form.getByRole("button", { name: `添加 ${SKU}`, exact: true }).click();
    await form.getByLabel(`${SKU} 数量`).fill(String(RECEIVED));
    await shot("inbound-new");
    await form.getByRole("button", { name: "保存", exact: true }).click();
    let title;
    for (const deadline = Date.now() + PATIENCE; !title && Date.now() < deadline; await sleep(50)) {
      title = (await tabTitles(page)).find((t) => /^入库单 RK\d{8}-\d{4}$/.test(t));
    }
    assert.ok(title, `the document's tab: ${await tabTitles(page)}`);
    const detail = await tabFrame(page, title);
    await detail.getByText("待提交", { exact: true }).waitFor();
    assert.deepEqual(await column(detail, "SKU"), [SKU]);
    assert.deepEqual(await column(detail, "入库数量"), [String(RECEIVED)]);
    await detail.getByRole("button", { name: "提交", exact: true }).click();
    await sayYes(detail, "提交");
    await detail.getByText("待审核", { exact: true }).waitFor();
    await detail.getByRole("button", { name: "审核", exact: true }).click();
    await sayYes(detail, "审核");
    await detail.getByText("已完成", { exact: true }).waitFor();
    await shot("inbound-approved");

    await expectStock({ fulfillable: RECEIVED, outbound: 0 });
    await shot("stock-received");
  });

  it("adds a store group, the product's listing in it, and pairs it", async () => {
    await openFromRail(page, "授权", "店铺管理");
    const stores = await tabFrame(page, "店铺管理");
    await stores.getByText("还没有店铺。下一步", { exact: false }).waitFor();
    await stores.getByRole("button", { name: "添加店铺", exact: true }).click();
    const add = stores.locator("dialog[open]");
    await add.locator('input[name="name"]').fill(GROUP);
    await add.getByRole("button", { name: "保存", exact: true }).click();
    await add.waitFor({ state: "detached" });
    await expectToast(stores, "操作成功!");
    await row(stores, "未授权").first().waitFor();
    await shot("store-group");

    await openFromRail(page, "产品", "SKU配对");
    const listings = await tabFrame(page, "SKU配对");
    await listings.getByText("暂无数据！").waitFor();
    await listings.locator('select[name="groupId"] option', { hasText: GROUP }).waitFor({ state: "attached" });
    await listings.getByRole("button", { name: "新增Listing", exact: true }).click();
    const dialog = listings.locator("dialog[open]");
    await dialog.locator('select[name="groupId"]').selectOption({ label: GROUP });
    await dialog.locator('select[name="marketplaceId"]').selectOption({ label: "美国（US）" });
    await dialog.locator('input[name="sellerSku"]').fill(MSKU);
    await dialog.locator('input[name="fnsku"]').fill(FNSKU);
    await dialog.locator('input[name="asin"]').fill("B0E2ELAMP1");
    await dialog.getByRole("button", { name: "保存", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await expectToast(listings, "操作成功!");
    await row(listings, MSKU).getByRole("button", { name: "配对", exact: true }).click();
    await dialog.getByRole("searchbox", { name: "搜索本地产品" }).fill("LAMP");
    await dialog.getByRole("button").filter({ hasText: NAME }).click();
    await dialog.waitFor({ state: "detached" });
    for (const deadline = Date.now() + PATIENCE; Date.now() < deadline && !/已配对/.test(await row(listings, MSKU).innerText()); ) await sleep(50);
    assert.match(await row(listings, MSKU).innerText(), new RegExp(`已配对[\\s\\S]*${SKU}|${SKU}[\\s\\S]*已配对`));
    await shot("listing-paired");
  });

  it("plans a shipment from the listing and submits it", async () => {
    await openFromRail(page, "物流", "发货计划");
    const plans = await tabFrame(page, "发货计划");
    await plans.getByText("暂无数据！").waitFor();
    await plans.getByRole("button", { name: "新建发货计划", exact: true }).click();
    const form = await tabFrame(page, "发货计划提交");
    await form.getByRole("combobox", { name: "店铺" }).selectOption({ label: GROUP });
    await form.getByRole("combobox", { name: "发货仓库" }).selectOption({ label: WAREHOUSE });
    await form.getByRole("combobox", { name: "产品" }).selectOption({ label: `${SKU} ${NAME}` });
    assert.equal(await form.getByRole("combobox", { name: "平台SKU" }).inputValue(), MSKU);
    await form.getByRole("textbox", { name: "发货数量", exact: true }).fill(String(PLANNED));
    await form.getByRole("button", { name: "添加", exact: true }).click();
    // The plan's line shows the FNSKU and the warehouse's fulfillable stock, the inbound document's.
    assert.match(await row(form, MSKU).innerText(), new RegExp(`${FNSKU}\\s+${RECEIVED}`));
    await form.getByRole("textbox", { name: "备注" }).fill("旺季补货");
    await shot("plan-edit");
    await form.getByRole("button", { name: "保存并提交", exact: true }).click();
    await form.getByText("已提交", { exact: true }).waitFor();

    await clickTab(page, "发货计划");
    await plans.getByRole("button", { name: "刷新", exact: true }).click();
    await row(plans, "旺季补货").waitFor();
    assert.match(await row(plans, "旺季补货").innerText(), new RegExp(`${GROUP}\\s+US\\s+${WAREHOUSE}\\s+1\\s+${PLANNED}\\s+已提交`));
    await shot("plan-list");
  });

  it("creates the shipment for a destination centre", async () => {
    const plans = await tabFrame(page, "发货计划");
    await row(plans, "旺季补货").getByRole("button", { name: "创建货件", exact: true }).click();
    const dialog = plans.locator("dialog[open]");
    await dialog.locator('input[name="center"]').fill("lax9");
    await dialog.getByRole("button", { name: "创建货件", exact: true }).click();
    const frame = page.locator('#tab-frames iframe[title^="处理货件 LS"]');
    await frame.waitFor();
    shipmentId = (await frame.getAttribute("title")).slice("处理货件 ".length);
    assert.match(shipmentId, /^LS\d{8}-\d{4}$/);
    const step = await stepTab();
    await expectStatus(step, "待确认");
    await expectStep(step, "配货");
    assert.match(await row(step, MSKU).innerText(), new RegExp(`${SKU}\\s+${NAME}\\s+${MSKU}\\s+${FNSKU}\\s+${PLANNED}\\s+${RECEIVED}`));
    await shot("step-picking");
  });

  it("confirms picking: the stock moves from 可用 to 待出库", async () => {
    const step = await stepTab();
    await step.getByRole("button", { name: "确认配货", exact: true }).click();
    await sayYes(step, "确认配货");
    await expectToast(step, "已确认配货");
    await expectStatus(step, "配货");
    await expectStock({ fulfillable: RECEIVED - PLANNED, outbound: PLANNED });
    await shot("stock-picked");
  });

  it("packs two cartons of the carton spec's 24", async () => {
    await clickTab(page, `处理货件 ${shipmentId}`);
    const step = await stepTab();
    await expectStep(step, "装箱");
    await step.getByRole("button", { name: "添加箱子", exact: true }).click();
    for (const i of [1, 2]) {
      for (const [label, value] of [["重量", "30.5"], ["长", "62"], ["宽", "42"], ["高", "48"]]) {
        await step.getByRole("textbox", { name: `第${i}箱${label}` }).fill(value);
      }
      await step.getByRole("textbox", { name: `第${i}箱 ${MSKU} 数量` }).fill("24");
    }
    assert.match(await row(step, "合计").innerText(), new RegExp(`${PLANNED} / ${PLANNED}`));
    await shot("step-boxing");
    await step.getByRole("button", { name: "确认装箱", exact: true }).click();
    await expectToast(step, "装箱完成");
    await expectStatus(step, "装箱");
  });

  it("ships everything: 待出库 empties", async () => {
    const step = await stepTab();
    await expectStep(step, "发货");
    await step.getByRole("textbox", { name: "承运商" }).fill("UPS");
    await step.getByRole("textbox", { name: "物流渠道" }).fill("美森快船");
    await step.getByRole("textbox", { name: "跟踪单号" }).fill("1Z999AA10123456784");
    await step.getByRole("textbox", { name: "运费" }).fill("2380");
    assert.equal(await step.getByRole("textbox", { name: `${MSKU} 发货数量` }).inputValue(), String(PLANNED));
    await shot("step-shipping");
    await step.getByRole("button", { name: "确认发货", exact: true }).click();
    await sayYes(step, "确认发货");
    await expectToast(step, "已发货");
    await expectStatus(step, "已发货");
    await expectStock({ fulfillable: RECEIVED - PLANNED, outbound: 0 });
  });

  it("records what Amazon received and closes the shipment", async () => {
    await clickTab(page, `处理货件 ${shipmentId}`);
    const step = await stepTab();
    await stepButton(step, "收货").click();
    await step.getByRole("textbox", { name: `${MSKU} 收货数量` }).fill(String(PLANNED));
    await step.getByRole("button", { name: "保存收货", exact: true }).click();
    await expectToast(step, "收货已保存");
    await shot("step-receiving");
    await stepButton(step, "货件信息/状态").click();
    await step.getByRole("combobox", { name: "亚马逊状态" }).selectOption("CLOSED");
    await step.getByRole("button", { name: "保存状态", exact: true }).click();
    await expectToast(step, "状态已更新");
    await expectStatus(step, "已完成");
    await shot("step-status");
  });

  it("opens the pick list from the handling screen, reads it, prints it to PDF and finds the item", async () => {
    const step = await stepTab();
    const [sheet] = await Promise.all([page.context().waitForEvent("page"), step.getByRole("link", { name: "打印配货单", exact: true }).first().click()]);
    await sheet.waitForLoadState("load");
    const url = new URL(sheet.url());
    assert.equal(url.pathname + url.search, `/orderblank?shipmentid=${shipmentId}`);
    assert.equal((await sheet.locator("h1").textContent()).trim(), "配货单");
    const field = async (label) =>
      (await sheet.locator(".fields div").filter({ has: sheet.locator("dt", { hasText: `${label}:` }) }).locator("dd").textContent()).trim();
    assert.equal(await field("货件ID"), shipmentId);
    assert.equal(await field("SKU数量"), "1");
    assert.equal(await field("发货数量"), String(PLANNED));
    assert.equal(await field("目的仓库"), `${GROUP}-US(LAX9)`);
    assert.equal(await field("发货仓库"), WAREHOUSE);
    const cells = (await sheet.locator("tbody tr").filter({ hasText: SKU }).locator("td").allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());
    assert.deepEqual(cells.slice(1, 6), [`${NAME}${SKU}箱规:单箱24个, 重30.5kg, 62*42*48cm`, MSKU, String(PLANNED), String(RECEIVED - PLANNED), String(PLANNED)]);
    assert.ok(await sheet.locator("img.qr").isVisible(), "the QR code shows");
    await shot("picklist", sheet);

    const pdf = await sheet.pdf({ format: "A4", preferCSSPageSize: true });
    writeFileSync(join(SHOTS, "picklist.pdf"), pdf);
    const pages = await pdfPages(pdf);
    assert.equal(pages.length, 1);
    assert.ok(pages[0].includes(`货件ID:${shipmentId}`), `the shipment id in the PDF: ${pages[0]}`);
    // The item's row whole: name, SKU, carton line, seller SKU, 本单占用, 剩余可用, 拟发货数.
    assert.match(pages[0], new RegExp(`${NAME}${SKU}箱规:单箱24个,重30.5kg,62\\*42\\*48cm${MSKU}${PLANNED}${RECEIVED - PLANNED}${PLANNED}`));
    await sheet.close();
  });
});
