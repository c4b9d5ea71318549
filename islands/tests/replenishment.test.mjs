// 亚马逊补货计划 as a buyer works it (issue 45), on the demo company's synced sales and FBA stock, as a sub-user
// whose only role (补货员) is granted 亚马逊补货计划 and 采购单 with their buttons: the lines needing a purchase, a
// SKU's arithmetic opened (each step with its numbers), the safety days changed and the suggested quantity moving
// on the spot without saving, the line turned into a draft purchase order, which is then submitted, approved,
// placed and received in two parts. (Payment and printing of an order are purchase.test.mjs's.) Screenshots at
// 1280 px and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, PATIENCE, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, sayYes, signInToShell, tabFrame, tableLoaded, waitForToast } from "./shell.mjs";
import { signIn } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("亚马逊补货计划", () => {
  let server;
  let page;
  let title;
  let sku;
  let productSku;
  const BUYER = { account: "13912345645", password: "Buyer#2026rp" };

  before(async () => {
    server = await startServer({ env: { SELLERHUB_DEMO_DATA: "true" } });
    const now = new Date().toISOString().replace("T", " ").replace("Z", "");
    const company = `(SELECT company_id FROM users WHERE account = '${ADMIN_ACCOUNT}')`;
    server.sql(
      "INSERT INTO warehouses (id, company_id, name, kind, address, allow_negative, stocktaking, disabled, remark, created_at, updated_at) " +
        `VALUES (7450000000000010, ${company}, '补货主仓', 'own', '', 0, 0, 0, '', '${now}', '${now}')`,
    );
    server.sql(`INSERT INTO suppliers (id, company_id, name, contact, phone, address, remark, created_at, updated_at) VALUES (7450000000000020, ${company}, '宁波五金厂', '陈经理', '13800138045', '浙江宁波', '', '${now}', '${now}')`);
    server.sql(`UPDATE local_products SET supplier_id = 7450000000000020, price = 9.9 WHERE company_id = ${company}`);
    server.sql(`INSERT INTO roles (id, company_id, name, code, is_default, created_at, updated_at) VALUES (7450000000000030, ${company}, '补货员', '', 0, '${now}', '${now}')`);
    server.sql(`INSERT INTO role_menus (role_id, menu_id) SELECT 7450000000000030, id FROM menus WHERE code IN ('purchase.plan', 'purchase.orders.list', 'purchase.reports')`);
    server.sql(
      "INSERT INTO role_permissions (role_id, permission_id) SELECT 7450000000000030, id FROM menu_permissions WHERE code IN " +
        "('erp:purchase:plan:edit', 'erp:purchase:add', 'erp:purchase:edit', 'erp:purchase:approve', 'erp:purchase:receive')",
    );
    const admin = await newPage(server);
    await admin.goto("/login");
    await signIn(admin, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
    const made = await admin.evaluate(async (body) => {
      const r = await fetch("/admin/api/v1/users/subusers", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      return (await r.json()).code;
    }, { account: BUYER.account, name: "补货小李", password: BUYER.password, repassword: BUYER.password, roleIds: ["7450000000000030"] });
    assert.equal(made, "201");
    await admin.context().close();
    page = await newPage(server);
    await signInToShell(page, BUYER);
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  /** The frame's list once loaded: its header and its rows' cells. */
  async function shown(frame) {
    await tableLoaded(frame);
    const header = (await frame.locator("thead th").first().locator("xpath=..").locator("th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await frame.locator("tbody").first().locator("tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    return { header, rows };
  }

  it("opens a SKU's arithmetic and moves the quantity as the safety days change, saving nothing", async () => {
    await openFromRail(page, "采购", "亚马逊补货计划");
    const frame = await tabFrame(page, "亚马逊补货计划");
    let list = await shown(frame);
    for (const h of ["平台SKU", "日均销量", "FBA可售", "可售天数", "断货日期", "建议发货", "建议采购", "预警"]) assert.ok(list.header.includes(h), `column ${h} in ${list.header}`);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/erp/api/v1/replenishment/page");
    await frame.getByRole("combobox", { name: "筛选" }).selectOption({ label: "需采购" });
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    list = await shown(frame);
    assert.ok(list.rows.length > 0, "the demo has SKUs to buy");
    const buyAt = list.header.indexOf("建议采购");
    const skuAt = list.header.indexOf("平台SKU");
    sku = list.rows[0][skuAt];
    productSku = list.rows[0][list.header.indexOf("本地SKU")];
    assert.ok(Number(list.rows[0][buyAt]) > 0);

    await frame.locator("tbody tr", { hasText: sku }).first().getByRole("button", { name: "计算" }).click();
    const panel = frame.getByRole("region", { name: "补货计算" });
    const steps = panel.getByRole("table", { name: "计算步骤" });
    await steps.locator('[data-step="buy"]').waitFor();
    await panel.getByTestId("methods-empty").getByText(/尚未设置物流渠道/).waitFor();
    // Channels added in 物流跟踪 count at the next computation, each priced on the product's weight.
    const now = new Date().toISOString().replace("T", " ").replace("Z", "");
    const company = `(SELECT company_id FROM users WHERE account = '${ADMIN_ACCOUNT}')`;
    server.sql(`INSERT INTO freight_carriers (id, company_id, name, created_at, updated_at) VALUES (7450000000000040, ${company}, '顺丰国际', '${now}', '${now}')`);
    for (const [id, name, mode, days, price] of [[41, "美森快船", "sea", 25, 12], [42, "空派", "air", 10, 38]]) {
      server.sql(
        "INSERT INTO freight_channels (id, company_id, carrier_id, name, mode, days, basis, unit_price, remark, created_at, updated_at) " +
          `VALUES (74500000000000${id}, ${company}, 7450000000000040, '${name}', '${mode}', ${days}, 'kg', ${price}, '', '${now}', '${now}')`,
      );
    }
    server.sql(`UPDATE local_products SET weight = 0.4 WHERE company_id = ${company}`);
    for (const label of ["7天日均", "30天日均", "加权日均", "FBA总库存", "可售天数", "发货需求", "建议发货", "采购需求", "建议采购"]) {
      await steps.getByRole("cell", { name: label, exact: true }).waitFor();
    }
    const formula = await steps.locator("tr", { has: frame.getByRole("cell", { name: "建议采购", exact: true }) }).locator("td").nth(1).innerText();
    assert.match(formula, /^max\(0, 采购需求 \d+ − FBA总库存 \d+ − 本地可用 \d+ − 采购未到货 \d+\)$/);
    const before = Number(await panel.getByTestId("buy").innerText());
    assert.equal(before, Number(list.rows[0][buyAt]), "the panel answers the list's figure");
    await page.screenshot({ path: artifact("replenishment-arithmetic-desktop.png") });

    await panel.getByRole("textbox", { name: "安全天数" }).fill("60");
    await page.waitForFunction(
      ([b]) => {
        const frame = [...document.querySelectorAll("iframe")].find((f) => f.contentDocument?.querySelector('[aria-label="补货计算"]'));
        const v = Number(frame?.contentDocument.querySelector('[data-testid="buy"]')?.textContent);
        return v > b;
      },
      [before],
      { timeout: PATIENCE },
    );
    const moved = Number(await panel.getByTestId("buy").innerText());
    await steps.getByText(/安全 60天/).first().waitFor();
    assert.ok(moved > before, `${moved} > ${before}`);
    const methods = panel.getByRole("table", { name: "运输方式" });
    await methods.getByText("推荐").waitFor();
    assert.equal(await methods.locator("tbody tr").count(), 2);
    const unitFreight = async (name) => (await methods.locator("tbody tr", { hasText: name }).locator("td").nth(6).innerText()).trim();
    assert.equal(await unitFreight("空派"), "¥15.20");
    assert.equal(await unitFreight("美森快船"), "¥4.80");
    await methods.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact("replenishment-methods-desktop.png") });
    // Nothing was saved: the list still says what it said.
    await frame.getByRole("button", { name: "刷新", exact: true }).click();
    list = await shown(frame);
    assert.equal(Number(list.rows.find((r) => r[skuAt] === sku)[buyAt]), before);
  });

  it("turns the line into a draft purchase order, which is approved and received in two parts", async () => {
    const frame = await tabFrame(page, "亚马逊补货计划");
    const row = frame.locator("tbody tr", { hasText: sku }).first();
    await row.getByRole("checkbox").check();
    // 生成采购单 opens 采购计划提交: the line under its supplier, a draft per supplier on 提交.
    await frame.getByRole("group", { name: "选中的行" }).getByRole("button", { name: "生成采购单" }).click();
    const review = await tabFrame(page, "采购计划提交");
    const quantity = review.getByLabel(`${productSku} 采购数量`);
    await quantity.waitFor();
    await review.getByRole("button", { name: "提交", exact: true }).click();
    assert.equal((await review.getByRole("alert").innerText()).trim(), "请选择收货仓库");
    await review.getByRole("combobox", { name: "收货仓库" }).selectOption({ label: "补货主仓" });
    await quantity.fill("50");
    await review.getByTestId("supplier-total").getByText(/50 件/).waitFor();
    await page.screenshot({ path: artifact("replenishment-order-review-desktop.png") });
    await review.getByRole("button", { name: "提交", exact: true }).click();
    const link = review.getByRole("region", { name: "已生成的采购单" }).getByRole("link");
    await link.waitFor({ timeout: PATIENCE });
    title = `采购单 ${(await link.innerText()).trim()}`;
    await link.click();
    const detail = await tabFrame(page, title);
    await detail.getByText("待提交", { exact: true }).waitFor();
    await detail.getByText("宁波五金厂").first().waitFor();
    await detail.getByText("由采购计划提交生成").waitFor();
    for (const [action, status] of [["提交", "待审核"], ["审核", "待下单"], ["下单", "待收货"]]) {
      await detail.getByRole("button", { name: action, exact: true }).click();
      await sayYes(detail, action);
      await detail.getByText(status, { exact: true }).waitFor();
    }
    const number = title.split(" ")[1];
    for (const [qty, after] of [["20", "待收货"], ["30", "已完成"]]) {
      await detail.getByRole("button", { name: "收货", exact: true }).click();
      const receive = detail.getByRole("dialog", { name: `收货 ${number}` });
      await receive.locator('input[aria-label$="收货数量"]').first().fill(qty);
      await receive.getByRole("button", { name: "确认收货", exact: true }).click();
      await receive.waitFor({ state: "detached" });
      await detail.getByText(after, { exact: true }).first().waitFor();
    }
    // Back in the plan, the line's open order and local stock count: the draft is not suggested again.
    await page.getByRole("tab", { name: "亚马逊补货计划", exact: true }).click();
    await frame.getByRole("button", { name: "刷新", exact: true }).click();
    await frame.locator("tbody tr", { hasText: sku }).first().getByRole("button", { name: "计算" }).click();
    const panel = frame.getByRole("region", { name: "补货计算" });
    await panel.getByRole("table", { name: "计算步骤" }).getByText(/本地可用 \d+/).first().waitFor();
  });

  it("sets the supplier's price tiers on a new order, and an untyped price follows the quantity", async () => {
    await openFromRail(page, "采购", "采购单");
    const list = await tabFrame(page, "采购单");
    await list.getByRole("button", { name: "新建采购单", exact: true }).click();
    const form = await tabFrame(page, "新建采购单");
    await form.getByRole("combobox", { name: "供应商" }).selectOption({ label: "宁波五金厂" });
    await form.getByRole("combobox", { name: "收货仓库" }).selectOption({ label: "补货主仓" });
    await form.getByLabel("查找产品").fill(productSku);
    await form.getByRole("button", { name: `添加 ${productSku}`, exact: true }).click();
    await form.getByLabel(`${productSku} 阶梯价`).getByText("无阶梯价").waitFor();
    await form.getByRole("button", { name: "设置", exact: true }).click();
    const dialog = form.getByRole("dialog", { name: `阶梯价 ${productSku}` });
    await dialog.getByLabel("第1档单价").fill("10");
    await dialog.getByRole("button", { name: "添加一档", exact: true }).click();
    await dialog.getByLabel("第2档起订量").fill("100");
    await dialog.getByLabel("第2档单价").fill("8.12345");
    await dialog.getByRole("button", { name: "保存阶梯价", exact: true }).click();
    assert.equal((await dialog.getByRole("alert").innerText()).trim(), "第2档：单价最多4位小数");
    await dialog.getByLabel("第2档单价").fill("8.5");
    await page.screenshot({ path: artifact("purchase-tiers-dialog-desktop.png") });
    await dialog.getByRole("button", { name: "保存阶梯价", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await form.getByLabel(`${productSku} 阶梯价`).getByText("≥1: 10.00，≥100: 8.50").waitFor();
    const price = form.getByLabel(`${productSku} 单价`);
    await form.waitForFunction((l) => document.querySelector(`input[aria-label="${l}"]`)?.value === "10.00", `${productSku} 单价`, { timeout: PATIENCE });
    await form.getByLabel(`${productSku} 数量`).fill("150");
    await form.waitForFunction((l) => document.querySelector(`input[aria-label="${l}"]`)?.value === "8.50", `${productSku} 单价`, { timeout: PATIENCE });
    // A price the buyer typed stays theirs.
    await price.fill("9");
    await form.getByLabel(`${productSku} 数量`).fill("20");
    assert.equal(await price.inputValue(), "9");
    await page.screenshot({ path: artifact("purchase-tiers-form-desktop.png") });
  });

  it("finds the order in 采购报表 by supplier and by product, and exports it", async () => {
    await openFromRail(page, "采购", "采购报表");
    const frame = await tabFrame(page, "采购报表");
    let list = await shown(frame);
    const row = (name) => list.rows.find((r) => r[list.header.indexOf("供应商 / SKU / 月份")] === name);
    assert.ok(row("宁波五金厂"), `宁波五金厂 in ${JSON.stringify(list.rows)}`);
    assert.equal(row("宁波五金厂")[list.header.indexOf("采购数量")], "50");
    assert.equal(row("宁波五金厂")[list.header.indexOf("已收数量")], "50");
    assert.equal(row("宁波五金厂")[list.header.indexOf("准时率")], "—", "an order without an expected date has no on-time rate");
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/erp/api/v1/purchaseReport/page");
    await frame.getByRole("combobox", { name: "统计维度" }).selectOption({ label: "按产品" });
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    list = await shown(frame);
    const productRow = list.rows.find((r) => r[list.header.indexOf("采购数量")] === "50");
    assert.ok(productRow, `the product's row in ${JSON.stringify(list.rows)}`);
    const download = page.waitForEvent("download", { timeout: PATIENCE });
    await frame.getByRole("button", { name: "导出", exact: true }).click();
    assert.match((await download).suggestedFilename(), /^采购报表_\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it("enters a marketplace's FBA容量 and warns the lines whose shipment goes over it", async () => {
    await openFromRail(page, "采购", "亚马逊补货计划");
    const frame = await tabFrame(page, "亚马逊补货计划");
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/erp/api/v1/replenishment/page");
    await frame.getByRole("combobox", { name: "筛选" }).selectOption({ label: "需发货" });
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    const list = await shown(frame);
    assert.ok(list.rows.length > 0, "the demo has SKUs to ship");
    const at = (title) => list.header.indexOf(title);
    const [store, country, shipSku] = [list.rows[0][at("店铺")], list.rows[0][at("站点")], list.rows[0][at("平台SKU")]];

    await frame.getByRole("button", { name: "FBA容量", exact: true }).click();
    const dialog = frame.getByRole("dialog", { name: "FBA容量" });
    const field = dialog.getByRole("textbox", { name: `${store}-${country} FBA容量` });
    await field.fill("-5");
    await field.press("Enter");
    await dialog.getByRole("alert").getByText("FBA容量必须为0到100000000的整数（立方英尺），0表示不设").waitFor();
    await field.fill("1");
    await dialog.getByRole("row", { name: new RegExp(`${store}.*${country}`) }).getByRole("button", { name: "保存", exact: true }).click();
    await waitForToast(frame, `已保存 ${store}-${country} 的FBA容量`);
    await page.screenshot({ path: artifact("replenishment-capacity.png") });
    await dialog.getByRole("button", { name: "关闭", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });

    await frame.getByRole("button", { name: "刷新", exact: true }).click();
    await tableLoaded(frame);
    const warned = frame.locator("tbody tr", { hasText: shipSku }).first().locator('[title*="超过FBA容量1立方英尺"]');
    await warned.waitFor();
    assert.match(await warned.getAttribute("title"), /建议发货后本站点FBA库存约\d+立方英尺，超过FBA容量1立方英尺/);
  });

  it("opens 泛欧计划, which says what to do while no store sells in the EU", async () => {
    // The demo company sells in North America only; pooling itself is TestPanEUGroupsWorkTheirEULinesAsOnePool's.
    const frame = await tabFrame(page, "亚马逊补货计划");
    await frame.getByRole("button", { name: "泛欧计划", exact: true }).click();
    const dialog = frame.getByRole("dialog", { name: "泛欧计划" });
    await dialog.getByText("暂无欧洲站点的补货行：同步欧洲店铺的订单和FBA库存后即可设置。").waitFor();
    await dialog.getByText(/Pan-European FBA/).waitFor();
    await dialog.getByRole("button", { name: "关闭", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("draws the plan and its arithmetic at 1280 px and 390 px, light and dark", async () => {
    for (const [size, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
      for (const dark of [false, true]) {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await look.goto("/login");
          await signIn(look, BUYER);
          const mode = `${size}-${dark ? "dark" : "light"}`;
          await look.goto("/erp/purchase/plan?embed=1");
          await look.locator("tbody tr", { hasText: sku }).first().getByRole("button", { name: "计算" }).click();
          await look.getByRole("table", { name: "计算步骤" }).locator('[data-step="buy"]').waitFor();
          await look.screenshot({ path: artifact(`replenishment-${mode}.png`), fullPage: true });
          await look.goto("/erp/purchase/reports?embed=1");
          await look.locator("tbody tr", { hasText: "宁波五金厂" }).waitFor();
          await look.screenshot({ path: artifact(`purchase-report-${mode}.png`), fullPage: true });
          assert.deepEqual(look.scriptErrors.map((e) => e.message), []);
        } finally {
          await look.context().close();
        }
      }
    }
  });
});
