// FBA shipments in the shell, as the seeded admin of a company that has a store group, a warehouse and two
// products with stock (seeded by islands/tests/shipseed through the model: the products and warehouse screens are
// other modules'). A person plans a shipment, submits it, creates the shipment, and walks the handling steps —
// 配货 (and cancels it once, seeing the stock come back), 装箱, 发货 of fewer than planned, 收货, Amazon's status —
// reading the statuses and the fulfillable stock on screen; then finds it 已完成 in 货件处理, reads its
// details and makes its customs invoice (添加货件发票), printed and exported. Screenshots go to
// /tmp/shots-shipments/ (SHOTS overrides).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { readSheet, writeSheet } from "./xlsx.mjs";
import { pdfPages } from "./pdf.mjs";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { chooseTabAction, clickTab, openFromRail, question, sayYes, signInToShell, tabFrame, toasts, waitForToast } from "./shell.mjs";
import { startAmazon } from "./amazon-standin.mjs";

const SHOTS = process.env.SHOTS || "/tmp/shots-shipments";
mkdirSync(SHOTS, { recursive: true });

before(() => getBrowser());
after(() => closeBrowser());

describe("发货计划与货件处理", () => {
  let server;
  let page;
  let amazon;
  // inbound puts a shipment in the stand-in's Fulfillment Inbound API, as the seller's Seller Central has it.
  const inbound = (shipment) =>
    fetch(`${amazon.url}/control/inbound`, { method: "POST", body: JSON.stringify({ SellerID: "A3SELLERSTANDIN", MarketplaceID: "ATVPDKIKX0DER", ...shipment }) });

  before(async () => {
    // 美国站店铺 is authorised with the stand-in's seller, for 货件同步 and Amazon's received quantities.
    amazon = await startAmazon();
    server = await startServer({ env: amazon.env });
    const token = await (await fetch(`${amazon.url}/control/refresh-token?seller=A3SELLERSTANDIN`, { method: "POST" })).text();
    execFileSync("go", ["run", "./islands/tests/shipseed", "seed", `sqlite://${join(server.dir, "db.sqlite")}`, ADMIN_ACCOUNT, token], { stdio: "inherit" });
    page = await newPage(server, { viewport: { width: 1280, height: 860 } });
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    await amazon?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  const shot = (name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
  const row = (frame, text) => frame.locator("tbody tr").filter({ hasText: text });
  async function expectToast(frame, text) {
    const seen = await waitForToast(frame, text);
    assert.ok(seen.includes(text), `toast ${text}: saw ${JSON.stringify(seen)}`);
  }
  /** The fulfillable stock the 配货 step shows for a seller SKU. */
  async function fulfillable(frame, msku) {
    const cells = await row(frame, msku).locator("td").allInnerTexts();
    return Number(cells[5]);
  }

  let shipmentId;
  /** A step of the handling screen's stepper. */
  const stepButton = (frame, name) => frame.getByRole("list", { name: "处理步骤" }).getByRole("button", { name, exact: true });
  const stepTab = () => tabFrame(page, `处理货件 ${shipmentId}`);
  /** Waits until the stepper shows the step as the current one (the screen renders after the call's toast). */
  const expectStep = (frame, name) =>
    frame.getByRole("list", { name: "处理步骤" }).locator('button[aria-current="step"]').filter({ hasText: new RegExp(`^.${name}$`) }).waitFor({ timeout: PATIENCE });
  /** Waits until the header shows the shipment's status. */
  const expectStatus = (frame, text) => frame.getByTestId("shipment-status").filter({ hasText: new RegExp(`^${text}$`) }).waitFor({ timeout: PATIENCE });

  it("plans a shipment from the products' seller SKUs and submits it", async () => {
    await openFromRail(page, "物流", "发货计划");
    const plans = await tabFrame(page, "发货计划");
    await plans.getByText("暂无数据！").waitFor();
    await plans.getByRole("button", { name: "新建发货计划", exact: true }).click();
    const form = await tabFrame(page, "发货计划提交");
    // The demo company also has the seed's 演示店铺 and warehouses: the person chooses; the marketplace defaults to US.
    await form.getByRole("combobox", { name: "店铺" }).selectOption({ label: "美国站店铺" });
    await form.getByRole("combobox", { name: "发货仓库" }).selectOption({ label: "深圳仓" });
    await form.getByRole("combobox", { name: "产品" }).selectOption({ label: "LAMP-01 木质台灯" });
    assert.equal(await form.getByRole("combobox", { name: "平台SKU" }).inputValue(), "US-LAMP-01");
    await form.getByRole("textbox", { name: "发货数量", exact: true }).fill("30");
    await form.getByRole("button", { name: "添加", exact: true }).click();
    await form.getByRole("combobox", { name: "产品" }).selectOption({ label: "MUG-02 陶瓷马克杯" });
    await form.getByRole("textbox", { name: "发货数量", exact: true }).fill("12");
    await form.getByRole("button", { name: "添加", exact: true }).click();
    assert.match(await row(form, "US-LAMP-01").innerText(), /X00LAMP001\s+100/);
    assert.match(await row(form, "US-MUG-02").innerText(), /X00MUG0002\s+40/);
    await form.getByRole("textbox", { name: "备注" }).fill("十一月补货");
    await shot("plan-edit");
    await form.getByRole("button", { name: "保存并提交", exact: true }).click();
    await form.getByText("已提交", { exact: true }).waitFor();

    await clickTab(page, "发货计划");
    await plans.getByRole("button", { name: "刷新", exact: true }).click();
    const planRow = row(plans, "十一月补货");
    await planRow.waitFor();
    assert.match(await planRow.innerText(), /美国站店铺\s+US\s+深圳仓\s+2\s+42\s+已提交/);
    await shot("plan-list");
  });

  it("creates the shipment from the plan, with an id generated", async () => {
    const plans = await tabFrame(page, "发货计划");
    await row(plans, "十一月补货").getByRole("button", { name: "创建货件", exact: true }).click();
    const dialog = plans.locator("dialog[open]");
    await dialog.locator('input[name="center"]').fill("ont8");
    await dialog.getByRole("button", { name: "创建货件", exact: true }).click();
    await page.locator('#tab-frames iframe[title^="处理货件 LS"]').waitFor();
    shipmentId = (await page.locator('#tab-frames iframe[title^="处理货件 LS"]').getAttribute("title")).slice(5);
    const step = await stepTab();
    assert.equal((await step.getByTestId("shipment-id").innerText()).trim(), shipmentId);
    assert.match(shipmentId, /^LS\d{8}-\d{4}$/);
    await expectStatus(step, "待确认");
    await expectStep(step, "配货");
    assert.equal(await fulfillable(step, "US-LAMP-01"), 100);
    await shot("step-picking");
  });

  it("confirms picking, cancels it and confirms again, the stock following", async () => {
    const step = await stepTab();
    await step.getByRole("button", { name: "确认配货", exact: true }).click();
    await sayYes(step, "确认配货");
    await expectToast(step, "已确认配货");
    await stepButton(step, "配货").click();
    await expectStatus(step, "配货");
    assert.equal(await fulfillable(step, "US-LAMP-01"), 70);
    assert.equal(await fulfillable(step, "US-MUG-02"), 28);
    await step.getByRole("button", { name: "取消配货", exact: true }).click();
    const asked = await question(step, `取消配货：货件 ${shipmentId}`);
    assert.equal((await asked.locator("p").innerText()).trim(), "取消后待出库的 42 件将退回“深圳仓”的可用库存。");
    await sayYes(step, "取消配货");
    await expectToast(step, "已取消配货");
    await expectStatus(step, "待确认");
    assert.equal(await fulfillable(step, "US-LAMP-01"), 100);
    await step.getByRole("button", { name: "确认配货", exact: true }).click();
    await sayYes(step, "确认配货");
    await expectToast(step, "已确认配货");
  });

  it("packs the shipment into two cartons whose contents add up", async () => {
    const step = await stepTab();
    // After 配货 the stepper moves on to 装箱, everything in carton 1 at first.
    await expectStep(step, "装箱");
    await step.getByRole("button", { name: "添加箱子", exact: true }).click();
    for (const [i, w] of [[1, "15.5"], [2, "6"]]) {
      await step.getByRole("textbox", { name: `第${i}箱重量` }).fill(w);
      await step.getByRole("textbox", { name: `第${i}箱长` }).fill("60");
      await step.getByRole("textbox", { name: `第${i}箱宽` }).fill("40");
      await step.getByRole("textbox", { name: `第${i}箱高` }).fill("35");
    }
    await step.getByRole("textbox", { name: "第1箱 US-MUG-02 数量" }).fill("");
    await step.getByRole("textbox", { name: "第2箱 US-MUG-02 数量" }).fill("10");
    // The totals say what is off before the server does.
    assert.match(await row(step, "合计").innerText(), /10 \/ 12/);
    await step.getByRole("button", { name: "确认装箱", exact: true }).click();
    await expectToast(step, "平台SKU US-MUG-02 装箱合计10，与计划发货数量12不一致");
    await step.getByRole("textbox", { name: "第2箱 US-MUG-02 数量" }).fill("12");
    await shot("step-boxing");
    await step.getByRole("button", { name: "确认装箱", exact: true }).click();
    await expectToast(step, "装箱完成");
    await expectStatus(step, "装箱");
  });

  /** Screenshots of the page at 1280 and 390 px, light and dark, with target (a locator) in view. */
  async function shoot(name, target) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
      await target?.scrollIntoViewIfNeeded();
      for (const dark of [false, true]) {
        await page.evaluate((on) => {
          for (const w of [window, ...[...document.querySelectorAll("iframe")].map((f) => f.contentWindow)]) w.document.documentElement.classList.toggle("dark", on);
        }, dark);
        await shot(`${name}-${width}-${dark ? "dark" : "light"}`);
      }
    }
    await page.evaluate(() => {
      for (const w of [window, ...[...document.querySelectorAll("iframe")].map((f) => f.contentWindow)]) w.document.documentElement.classList.remove("dark");
    });
    await page.setViewportSize({ width: 1280, height: 860 });
  }

  it("gives the lamp a bubble bag per unit in 包材用量 under 编辑本地产品", async () => {
    await openFromRail(page, "产品", "本地产品");
    const list = await tabFrame(page, "本地产品");
    await list.locator('input[name="keyword"]').fill("LAMP-01");
    await list.getByRole("button", { name: "查询", exact: true }).click();
    // The demo company's own products hold LAMP-01 in longer SKUs: the row whose SKU is exactly it.
    const lamp = list.locator("tbody tr").filter({ has: list.getByText("LAMP-01", { exact: true }) });
    await lamp.getByRole("button", { name: "编辑", exact: true }).click();
    const edit = await tabFrame(page, "编辑产品 LAMP-01");
    const packing = edit.getByRole("region", { name: "包材用量" });
    await packing.getByText("暂无数据！").waitFor();
    await packing.getByRole("searchbox", { name: "添加包材" }).fill("BAG");
    await packing.getByRole("button", { name: /^BAG-01/ }).click();
    await packing.getByRole("textbox", { name: "BAG-01用量" }).fill("0");
    await packing.getByRole("button", { name: "保存包材用量", exact: true }).click();
    await packing.getByRole("alert").filter({ hasText: "第1行：用量必须为1到10000的整数" }).waitFor();
    await packing.getByRole("textbox", { name: "BAG-01用量" }).fill("1");
    await packing.getByRole("button", { name: "保存包材用量", exact: true }).click();
    await expectToast(edit, "操作成功!");
    assert.equal(await packing.getByRole("alert").count(), 0);
    await shoot("product-packing", packing);
    await clickTab(page, `处理货件 ${shipmentId}`);
  });

  it("ships fewer lamps than planned: the rest goes back to fulfillable", async () => {
    const step = await stepTab();
    await expectStep(step, "发货");
    await step.getByRole("textbox", { name: "承运商" }).fill("UPS");
    await step.getByRole("textbox", { name: "物流渠道" }).fill("美森快船");
    await step.getByRole("textbox", { name: "跟踪单号" }).fill("1Z999AA10123456784");
    await step.getByRole("textbox", { name: "运费" }).fill("1860.5");
    await step.getByRole("textbox", { name: "US-LAMP-01 发货数量" }).fill("28");
    await shot("step-shipping");
    await step.getByRole("button", { name: "确认发货", exact: true }).click();
    await sayYes(step, "确认发货");
    await expectToast(step, "已发货");
    await expectStatus(step, "已发货");
    await stepButton(step, "配货").click();
    assert.equal(await fulfillable(step, "US-LAMP-01"), 72);
    assert.equal(await fulfillable(step, "US-MUG-02"), 28);
  });

  it("records what Amazon received and closes the shipment", async () => {
    const step = await stepTab();
    await stepButton(step, "收货").click();
    // Nothing received yet: no difference is shown, rather than the whole shipment short.
    await step.getByRole("textbox", { name: "US-LAMP-01 收货数量" }).waitFor();
    assert.match(await row(step, "US-LAMP-01").innerText(), /X00LAMP001\s+28\s+—$/);
    await step.getByRole("textbox", { name: "US-LAMP-01 收货数量" }).fill("27");
    await step.getByRole("textbox", { name: "US-MUG-02 收货数量" }).fill("12");
    await step.getByRole("button", { name: "保存收货", exact: true }).click();
    await expectToast(step, "收货已保存");
    await stepButton(step, "收货").click();
    assert.equal(await step.getByRole("textbox", { name: "US-LAMP-01 收货数量" }).inputValue(), "27");
    assert.match(await row(step, "US-LAMP-01").innerText(), /X00LAMP001\s+28\s+-1$/);
    await shot("step-receiving");
    await stepButton(step, "货件信息/状态").click();
    await step.getByRole("combobox", { name: "亚马逊状态" }).selectOption("CLOSED");
    await step.getByRole("button", { name: "保存状态", exact: true }).click();
    await expectToast(step, "状态已更新");
    await expectStatus(step, "已完成");
    await stepButton(step, "货件信息/状态").click();
    await step.getByText("取消配货", { exact: true }).waitFor();
    // The timeline names each state as the header and the list do: shipped is 已发货, closed is 已完成.
    const history = await step.locator("h3:text-is('操作记录') + ol > li").allInnerTexts();
    assert.ok(history.some((l) => /(^|\s)发货\s*→ 已发货/.test(l)), `history: ${history.join(" | ")}`);
    assert.match(history.at(-1), /更新亚马逊状态\s*→ 已完成/);
    assert.ok(!history.some((l) => l.includes("发货出库")), `history: ${history.join(" | ")}`);
    await shot("step-status");
  });

  it("keeps 收货 of the closed shipment read only", async () => {
    const step = await stepTab();
    await stepButton(step, "收货").click();
    await step.getByText("货件已完成，收货不能再修改。").waitFor();
    assert.match(await row(step, "US-LAMP-01").innerText(), /X00LAMP001\s+28\s+27\s+-1$/);
    assert.equal(await step.getByRole("textbox").count(), 0);
    assert.equal(await step.getByRole("button", { name: "保存收货" }).count(), 0);
  });

  it("shows the plan it came from read only, as 发货计划详情 with the way to the shipment", async () => {
    await clickTab(page, "发货计划");
    const plans = await tabFrame(page, "发货计划");
    await plans.getByRole("button", { name: "刷新", exact: true }).click();
    const planRow = row(plans, "十一月补货");
    await planRow.filter({ hasText: "已生成货件" }).waitFor();
    const [number] = (await planRow.innerText()).match(/SP\d{8}-[0-9A-Z]{4}/);
    await planRow.getByRole("button", { name: "查看", exact: true }).click();
    // The plan was submitted in its tab, which took this title: 查看 goes back to it, as it was before the
    // shipment was made, and a refresh brings the shipment in.
    await page.locator(`#tab-frames iframe[title="发货计划详情 ${number}"][data-active="true"]`).waitFor();
    await chooseTabAction(page, `发货计划详情 ${number}`, "刷新页面");
    const details = await tabFrame(page, `发货计划详情 ${number}`);
    await details.getByRole("heading", { name: "发货计划详情", level: 1 }).waitFor();
    await details.getByText("US-LAMP-01", { exact: true }).waitFor();
    assert.equal(await details.locator("select, input, textarea").count(), 0);
    assert.equal(await details.getByRole("button", { name: /保存/ }).count(), 0);
    assert.match(await details.locator("main").innerText(), /店铺：美国站店铺[\s\S]*发货仓库：深圳仓[\s\S]*备注：十一月补货/);
    await details.getByRole("button", { name: shipmentId, exact: true }).click();
    await page.locator(`#tab-frames iframe[title="处理货件 ${shipmentId}"][data-active="true"]`).waitFor();
  });

  it("lists the shipment in 货件处理 and shows its details", async () => {
    await openFromRail(page, "物流", "货件处理");
    const list = await tabFrame(page, "货件处理");
    const shipmentRow = row(list, shipmentId);
    await shipmentRow.waitFor();
    assert.match(await shipmentRow.innerText(), /美国站店铺\s+US\s+ONT8\s+深圳仓\s+2\s+42\s+已完成/);
    // The status filter offers every state in the same words, and 已完成 finds the closed shipment alone.
    const status = list.getByRole("combobox", { name: "状态" });
    assert.deepEqual(await status.locator("option").allInnerTexts(), ["全部状态", "待确认", "配货", "装箱", "已发货", "在途", "已送达",
      "已签入", "接收中", "已完成", "已取消（异常）", "已删除（异常）", "错误（异常）", "取消", "驳回"]);
    const filterBy = async (label, done) => {
      await status.selectOption({ label });
      await list.getByRole("button", { name: "查询", exact: true }).click();
      const deadline = Date.now() + PATIENCE;
      let seen = [];
      while (!done(seen) && Date.now() < deadline) seen = await list.locator("tbody tr").allInnerTexts();
      assert.ok(done(seen), `${label}: ${JSON.stringify(seen)}`);
    };
    await filterBy("已完成", (rows) => rows.length === 1 && rows[0].includes(shipmentId) && rows[0].includes("已完成"));
    await filterBy("已发货", (rows) => rows.length === 0);
    await list.getByText("暂无数据！").waitFor();
    await filterBy("全部状态", (rows) => rows.length > 1 && rows.some((r) => r.includes(shipmentId)));
    // The pick list opens in a new window (the pick list page itself is the picklist module's).
    const [popup] = await Promise.all([page.context().waitForEvent("page"), shipmentRow.getByRole("button", { name: "配货单", exact: true }).click()]);
    assert.equal(new URL(popup.url()).pathname + new URL(popup.url()).search, `/orderblank?shipmentid=${shipmentId}`);
    await popup.close();
    await shot("shipment-list");
    await shipmentRow.getByRole("button", { name: "详情", exact: true }).click();
    const details = await tabFrame(page, `货件详情 ${shipmentId}`);
    await details.getByRole("heading", { name: "货件明细" }).waitFor();
    assert.match(await row(details, "木质台灯").innerText(), /LAMP-01\s+木质台灯\s+US-LAMP-01\s+X00LAMP001\s+30\s+28\s+27\s+—\s+-1$/); // Amazon has said nothing of it: 亚马逊已收 —
    assert.match(await details.locator("dl").innerText(), /承运商：\s*UPS/);
    assert.match(await details.locator("dl").innerText(), /运费：\s*¥1,860\.50/);
    assert.equal(await details.locator("#cartons-h + div tbody tr").count(), 2);
    await shot("shipment-details");
  });

  it("opens 添加货件发票 from the shipment, fills the missing HS code and value, prints and exports it", async () => {
    const details = await tabFrame(page, `货件详情 ${shipmentId}`);
    await details.getByRole("link", { name: "添加货件发票", exact: true }).click();
    const form = await tabFrame(page, `添加货件发票 ${shipmentId}`);
    await form.getByTestId("invoice-shipment").filter({ hasText: shipmentId }).waitFor();
    // What left the warehouse, from the two packed cartons (15.5 + 6 kg); nothing declared yet, so no print.
    assert.match(await form.getByTestId("invoice-total").innerText(), /合计\s+40\s+毛重\(kg\)：21\.500/);
    assert.ok(await form.getByRole("button", { name: "打印发票", exact: true }).isDisabled());
    const fill = async (sku, hs, value, en, cn) => {
      await form.getByRole("textbox", { name: `${sku} 海关编码` }).fill(hs);
      await form.getByRole("textbox", { name: `${sku} 申报单价` }).fill(value);
      await form.getByRole("textbox", { name: `${sku} 英文品名` }).fill(en);
      await form.getByRole("textbox", { name: `${sku} 中文品名` }).fill(cn);
    };
    await fill("LAMP-01", "9405", "12.5", "Wooden Desk Lamp", "木质台灯");
    await fill("MUG-02", "6912001000", "3", "Ceramic Mug", "陶瓷马克杯");
    await form.getByRole("textbox", { name: "收货人" }).fill("Amazon.com Services LLC\n2020 E Mission Blvd, Ontario, CA 91761, US");
    await form.getByRole("button", { name: "保存", exact: true }).click();
    await form.getByRole("alert").filter({ hasText: "SKU“LAMP-01”的海关编码应为6-10位数字" }).waitFor();
    await form.getByRole("textbox", { name: "LAMP-01 海关编码" }).fill("9405200090");
    await form.getByRole("button", { name: "保存", exact: true }).click();
    await expectToast(form, "发票资料已保存");
    assert.match(await form.getByTestId("invoice-total").innerText(), /40[\s\S]*\$386\.00/);
    await shot("invoice-form");

    const [sheet] = await Promise.all([page.context().waitForEvent("page"), form.getByRole("button", { name: "打印发票", exact: true }).click()]);
    await sheet.waitForLoadState();
    assert.equal(new URL(sheet.url()).pathname, "/invoice/print");
    const text = await sheet.locator(".sheet").innerText();
    for (const want of ["COMMERCIAL INVOICE", "Amazon FBA ONT8", "9405200090", "Wooden Desk Lamp", "$12.50", "$386.00", "21.500"]) assert.ok(text.includes(want), `print lacks ${want}`);
    await sheet.screenshot({ path: join(SHOTS, "invoice-print.png"), fullPage: true });
    await sheet.emulateMedia({ media: "print" });
    const pages = await pdfPages(await sheet.pdf({ format: "A4", preferCSSPageSize: true }));
    assert.equal(pages.length, 1);
    assert.ok(pages[0].includes("6912001000") && pages[0].includes("$386.00"), pages[0].slice(0, 300));
    await sheet.setViewportSize({ width: 390, height: 844 });
    await sheet.emulateMedia({ media: "screen" });
    await sheet.screenshot({ path: join(SHOTS, "invoice-print-390.png"), fullPage: true });
    await sheet.close();

    const [download] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "导出Excel", exact: true }).click()]);
    const file = join(server.dir, "invoice.xlsx");
    await download.saveAs(file);
    const rows = readSheet(file).map((r) => r.join("|"));
    assert.ok(rows.some((r) => r.startsWith("1|LAMP-01|Wooden Desk Lamp|木质台灯|9405200090|")), rows.join("\n"));
    assert.ok(rows.some((r) => /^合计 Total\|+40\|+386/.test(r)), rows.join("\n"));

    // The screen at 1280 and 390 px, light and dark.
    for (const dark of [false, true]) {
      if (dark) await page.getByRole("button", { name: "切换深色模式" }).click();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
        if (width === 390) await page.waitForFunction(() => document.getElementById("main-menu").getBoundingClientRect().right <= 0);
        await shot(`invoice-${width}-${dark ? "dark" : "light"}`);
      }
    }
    await page.getByRole("button", { name: "切换深色模式" }).click();
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it("enters a shipment by hand and is told what is wrong first", async () => {
    await clickTab(page, "货件处理");
    const list = await tabFrame(page, "货件处理");
    await list.getByRole("button", { name: "新建货件", exact: true }).click();
    const dialog = list.locator("dialog[open]");
    await dialog.getByRole("combobox", { name: "店铺" }).selectOption({ label: "美国站店铺" });
    await dialog.getByRole("combobox", { name: "发货仓库" }).selectOption({ label: "深圳仓" });
    await dialog.getByRole("combobox", { name: "产品" }).selectOption({ label: "MUG-02 陶瓷马克杯" });
    await dialog.getByRole("textbox", { name: "发货数量", exact: true }).fill("5");
    await dialog.getByRole("button", { name: "添加", exact: true }).click();
    await dialog.getByRole("textbox", { name: "货件ID" }).fill("FBA15HAND001");
    await dialog.getByRole("button", { name: "创建货件", exact: true }).click();
    assert.equal(await dialog.getByRole("alert").innerText(), "请输入目的配送中心");
    await dialog.getByRole("textbox", { name: "目的配送中心" }).fill("LGB3");
    await shot("shipment-manual");
    await dialog.getByRole("button", { name: "创建货件", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const step = await tabFrame(page, "处理货件 FBA15HAND001");
    await expectStatus(step, "待确认");
  });

  it("imports shipments from a workbook: the template's example is refused by row, a filled one creates both", async () => {
    await clickTab(page, "货件处理");
    const list = await tabFrame(page, "货件处理");
    await list.getByRole("button", { name: "导入货件", exact: true }).click();
    const dialog = list.locator("dialog[open]");
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: "下载导入模板" }).click()]);
    const template = join(server.dir, "template.xlsx");
    await download.saveAs(template);
    const rows = readSheet(template);
    assert.deepEqual(rows[0], ["货件ID", "货件名称", "店铺", "站点", "发货仓库", "目的配送中心", "平台SKU", "数量", "备注"]);

    // The untouched template imports nothing: its example sits on the help sheet with the allowed values.
    await dialog.getByLabel("导入文件").setInputFiles(template);
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    await dialog.getByRole("alert").filter({ hasText: "导入文件没有数据行" }).waitFor();

    // A wrong row is reported cell by cell, every problem at once.
    const wrong = join(server.dir, "wrong.xlsx");
    writeSheet(wrong, [rows[0], ["", "", "我的店铺", "XX", "", "ONT8", "", "0", ""]]);
    await dialog.getByLabel("导入文件").setInputFiles(wrong);
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    const problems = dialog.getByRole("alert");
    await problems.getByText("导入失败，共1行5处有误，没有保存任何货件").waitFor();
    const cells = await problems.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    assert.deepEqual(
      cells.map((c) => c[1]),
      ["店铺", "站点", "发货仓库", "数量", "平台SKU"],
    );
    await shot("shipment-import-refused");

    const filled = join(server.dir, "shipments.xlsx");
    execFileSync("go", ["run", "./islands/tests/shipseed", "workbook", filled], { stdio: "inherit" });
    await dialog.getByLabel("导入文件").setInputFiles(filled);
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const deadline = Date.now() + PATIENCE;
    let seen = [];
    while (!seen.some((t) => /^已导入2个货件：FBA15IMPORT01、LS\d{8}-\d{4}$/.test(t)) && Date.now() < deadline) seen = await toasts(list);
    assert.ok(seen.some((t) => /^已导入2个货件：FBA15IMPORT01、LS\d{8}-\d{4}$/.test(t)), `import toast: saw ${JSON.stringify(seen)}`);
    await row(list, "FBA15IMPORT01").waitFor();
    assert.match(await row(list, "FBA15IMPORT01").innerText(), /BHX4\s+深圳仓\s+2\s+12\s+待确认/);
    assert.equal(await list.locator("tbody tr").filter({ hasText: "LGB3" }).count(), 2);
  });
  it("lists the store's shipments at Amazon in 货件同步 and imports the chosen one", async () => {
    await inbound({ ShipmentID: "FBA15SYNC001", Name: "SC 补货", Center: "LGB8", Status: "RECEIVING", Items: [{ SellerSKU: "US-LAMP-01", FNSKU: "X00LAMP001", Shipped: 10, Received: 4 }] });
    await inbound({ ShipmentID: "FBA15SYNC002", Name: "SC 新品", Center: "ONT8", Status: "WORKING", Items: [{ SellerSKU: "NOPE-1", Shipped: 3 }] });
    await clickTab(page, "货件处理");
    const list = await tabFrame(page, "货件处理");
    await list.getByRole("button", { name: "同步货件", exact: true }).click();
    const sync = await tabFrame(page, "货件同步");
    await sync.getByRole("combobox", { name: "店铺" }).selectOption({ label: "美国站店铺" });
    await sync.getByRole("combobox", { name: "站点" }).selectOption("ATVPDKIKX0DER");
    await sync.getByRole("button", { name: "查询亚马逊货件", exact: true }).click();
    const first = sync.locator('tr[data-shipment="FBA15SYNC001"]');
    await first.waitFor();
    assert.match(await first.innerText(), /FBA15SYNC001\s+SC 补货\s+LGB8\s+接收中\s+10\s+US-LAMP-01 × 10 → LAMP-01，已收 4/);
    // The new product's SKU is paired with nothing: named, and its shipment cannot be ticked.
    const second = sync.locator('tr[data-shipment="FBA15SYNC002"]');
    assert.match(await second.innerText(), /请先为 NOPE-1 配对本地产品/);
    assert.ok(await sync.getByRole("checkbox", { name: "选择 FBA15SYNC002" }).isDisabled());
    await sync.getByRole("checkbox", { name: "选择 FBA15SYNC001" }).check();
    await sync.getByRole("combobox", { name: "发货仓库" }).selectOption({ label: "深圳仓" });
    await shot("amazon-shipments");
    await sync.getByRole("button", { name: "导入所选（1）", exact: true }).click();
    await expectToast(sync, "已导入1个货件：FBA15SYNC001");
    await first.getByRole("button", { name: "已导入", exact: true }).waitFor();
  });

  it("fills 收货 from Amazon without typing, and shows a typed figure Amazon disagrees with", async () => {
    // Amazon has counted more since the import; opening the shipment asks it.
    await inbound({ ShipmentID: "FBA15SYNC001", Name: "SC 补货", Center: "LGB8", Status: "RECEIVING", Items: [{ SellerSKU: "US-LAMP-01", FNSKU: "X00LAMP001", Shipped: 10, Received: 9 }] });
    const sync = await tabFrame(page, "货件同步");
    await sync.locator('tr[data-shipment="FBA15SYNC001"]').getByRole("button", { name: "已导入", exact: true }).click();
    shipmentId = "FBA15SYNC001";
    const step = await stepTab();
    await expectStatus(step, "接收中");
    await expectStep(step, "收货");
    const received = step.getByRole("textbox", { name: "US-LAMP-01 收货数量" });
    const deadline = Date.now() + PATIENCE;
    while ((await received.inputValue()) !== "9" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(await received.inputValue(), "9");
    assert.match(await row(step, "US-LAMP-01").innerText(), /X00LAMP001\s+10\s+-1\s+9$/);
    // The seller types 8; Amazon closes the shipment at 10: the typed 8 stays, Amazon's 10 is shown beside it.
    await received.fill("8");
    await step.getByRole("button", { name: "保存收货", exact: true }).click();
    await expectToast(step, "收货已保存");
    await inbound({ ShipmentID: "FBA15SYNC001", Name: "SC 补货", Center: "LGB8", Status: "CLOSED", Items: [{ SellerSKU: "US-LAMP-01", FNSKU: "X00LAMP001", Shipped: 10, Received: 10 }] });
    await step.getByRole("button", { name: "同步亚马逊", exact: true }).click();
    await expectToast(step, "已从亚马逊同步");
    await expectStatus(step, "已完成");
    await stepButton(step, "收货").click();
    const line = step.locator('tr[data-differs="true"]');
    await line.waitFor();
    assert.match(await line.innerText(), /X00LAMP001\s+10\s+8\s+-2\s+10（相差 \+2）$/);
    await shot("step-amazon-difference");
  });

  it("took the 28 shipped lamps' bubble bags out of 深圳仓 (库存数量)", async () => {
    await openFromRail(page, "仓库", "库存数量");
    const stock = await tabFrame(page, "库存数量");
    await stock.locator("#stock-filter").getByRole("combobox", { name: "仓库" }).selectOption({ label: "深圳仓" });
    await stock.getByRole("button", { name: "查询", exact: true }).click();
    const bag = stock.locator("tbody tr").filter({ has: stock.getByText("BAG-01", { exact: true }) });
    await bag.filter({ hasText: "72" }).waitFor({ timeout: PATIENCE });
    const heads = (await stock.locator("thead th").allInnerTexts()).map((t) => t.replace(/[▲▼↕]/g, "").trim());
    const cells = (await bag.locator("td").allInnerTexts()).map((t) => t.trim());
    assert.equal(cells[heads.indexOf("可用")], "72");
    await shoot("packing-stock");
  });
});
