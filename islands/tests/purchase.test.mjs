// 采购单 as a buyer works it (issue 45), as a sub-user whose only role (采购员) is granted 采购单, 付款申请 and 库存数量
// with their buttons (the admin makes the role and the user first): a new order of
// two products from a supplier (a wrong price told by line before anything is sent), submitted, approved (the
// units wait in 待入库), placed, received in two parts (the second into another warehouse), its payment requested
// against a receipt, approved and recorded paid in 付款申请, and the order printed on A4.
// Stock and 库存流水 follow each step. Screenshots at 1280 px and 390 px, light and dark, go to
// islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { clickTab, openFromRail, sayYes, signInToShell, tabFrame, tabTitles, waitForToast } from "./shell.mjs";
import { signIn } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("采购单", () => {
  let server;
  let page;
  let number;
  let title;
  const BUYER = { account: "13912345678", password: "Buyer#2026po" };

  before(async () => {
    server = await startServer();
    const now = new Date().toISOString().replace("T", " ").replace("Z", "");
    const company = `(SELECT company_id FROM users WHERE account = '${ADMIN_ACCOUNT}')`;
    server.sql(
      "INSERT INTO local_products (id, company_id, sku, name, image, kind, remark, disabled, created_at, updated_at) VALUES " +
        [[7300000000000001, "PO-CUP", "陶瓷杯"], [7300000000000002, "PO-LID", "杯盖"]]
          .map(([id, sku, name]) => `(${id}, ${company}, '${sku}', '${name}', '', 1, '', 0, '${now}', '${now}')`)
          .join(", "),
    );
    server.sql(
      "INSERT INTO warehouses (id, company_id, name, kind, address, allow_negative, stocktaking, disabled, remark, created_at, updated_at) VALUES " +
        [[7300000000000010, "采购主仓"], [7300000000000011, "采购备仓"]].map(([id, name]) => `(${id}, ${company}, '${name}', 'own', '', 0, 0, 0, '', '${now}', '${now}')`).join(", "),
    );
    // 采购备仓 has a bin: a receipt there puts the units away into it.
    server.sql(`INSERT INTO bins (id, company_id, warehouse_id, code, zone, remark, disabled, created_at, updated_at) VALUES (7300000000000040, ${company}, 7300000000000011, 'B-01', '', '', 0, '${now}', '${now}')`);
    server.sql(`INSERT INTO suppliers (id, company_id, name, contact, phone, address, remark, created_at, updated_at) VALUES (7300000000000020, ${company}, '潮州陶瓷厂', '林经理', '13800138000', '广东潮州', '', '${now}', '${now}')`);
    // The buyer's role, granted the screens and their buttons, and the buyer made by the admin through 子账号's call.
    server.sql(`INSERT INTO roles (id, company_id, name, code, is_default, created_at, updated_at) VALUES (7300000000000030, ${company}, '采购员', '', 0, '${now}', '${now}')`);
    server.sql(`INSERT INTO role_menus (role_id, menu_id) SELECT 7300000000000030, id FROM menus WHERE code IN ('purchase.orders.list', 'purchase.plan', 'ship.plan', 'finance.payment', 'inventory.quantity')`);
    server.sql(
      "INSERT INTO role_permissions (role_id, permission_id) SELECT 7300000000000030, id FROM menu_permissions WHERE code IN " +
        "('erp:purchase:add', 'erp:purchase:edit', 'erp:purchase:delete', 'erp:purchase:approve', 'erp:purchase:receive', " +
        "'erp:finance:payment:add', 'erp:finance:payment:approve', 'erp:finance:payment:pay', 'erp:ship:plan:add')",
    );
    const admin = await newPage(server);
    await admin.goto("/login");
    await signIn(admin, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
    const made = await admin.evaluate(async (body) => {
      const r = await fetch("/admin/api/v1/users/subusers", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      return (await r.json()).code;
    }, { account: BUYER.account, name: "采购小王", password: BUYER.password, repassword: BUYER.password, roleIds: ["7300000000000030"] });
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

  /** The texts of a column (by its heading) of the frame's table labelled label. */
  async function column(frame, heading, label) {
    const table = frame.getByRole("table", { name: label });
    const heads = (await table.locator("thead th").allInnerTexts()).map((t) => t.replace(/[▲▼↕]/g, "").trim());
    const i = heads.indexOf(heading);
    assert.ok(i >= 0, `a ${heading} column: ${heads}`);
    return (await table.locator(`tbody tr td:nth-child(${i + 1})`).allInnerTexts()).map((t) => t.trim());
  }

  /** A product's quantities in a warehouse as 库存数量's call answers them. */
  async function stock(frame, warehouseId, sku) {
    return frame.evaluate(
      async ([w, s]) => {
        const r = await fetch("/erp/api/v1/stock/page", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ warehouseId: w, pagesize: 100 }) });
        const row = (await r.json()).data.records.find((x) => x.sku === s);
        return row ? [row.inbound, row.fulfillable] : [0, 0];
      },
      [warehouseId, sku],
    );
  }

  it("makes a new order, refusing a wrong price by line before anything is sent", async () => {
    await openFromRail(page, "采购", "采购单");
    const list = await tabFrame(page, "采购单");
    await list.getByText("暂无采购单，点击“新建采购单”向供应商下单").waitFor();
    await list.getByRole("button", { name: "新建采购单", exact: true }).click();
    const form = await tabFrame(page, "新建采购单");
    await form.getByRole("combobox", { name: "供应商" }).selectOption({ label: "潮州陶瓷厂" });
    await form.getByRole("combobox", { name: "收货仓库" }).selectOption({ label: "采购主仓" });
    await form.getByLabel("预计到货日期").fill("2026-12-28");
    for (const sku of ["PO-CUP", "PO-LID"]) {
      await form.getByLabel("查找产品").fill(sku);
      await form.getByRole("button", { name: `添加 ${sku}`, exact: true }).click();
    }
    await form.getByLabel("PO-CUP 数量").fill("100");
    await form.getByLabel("PO-CUP 单价").fill("6.5");
    await form.getByLabel("PO-CUP 税率").fill("13");
    await form.getByLabel("PO-LID 数量").fill("100");
    const posted = [];
    page.on("request", (r) => r.method() === "POST" && new URL(r.url()).pathname === "/erp/api/v1/purchaseOrder" && posted.push(r.postData()));
    const save = form.getByRole("button", { name: "保存", exact: true });
    for (const [price, message] of [
      ["", "第2行：请填写单价"],
      ["1.23456", "第2行：单价最多4位小数"],
      ["一元", "第2行：单价必须是不小于0的数字"],
    ]) {
      await form.getByLabel("PO-LID 单价").fill(price);
      await save.click();
      assert.equal((await form.getByRole("alert").innerText()).trim(), message, `单价 ${price}`);
    }
    assert.deepEqual(posted, [], "nothing is sent while a price is wrong");
    await form.getByLabel("PO-LID 单价").fill("0.8525");
    assert.deepEqual(await column(form, "金额", "采购产品"), ["¥650.00", "¥85.25"]);
    assert.equal((await form.getByLabel("合计金额").innerText()).replace(/\s+/g, ""), "合计金额（含税）：¥735.25");
    await page.screenshot({ path: artifact("purchase-new-desktop.png") });

    const open = await tabTitles(page);
    await save.click();
    await page.waitForFunction((before) => {
      const titles = [...document.querySelectorAll('[role="tablist"] [role="tab"]')].map((t) => t.textContent.trim());
      return titles.some((t) => /^采购单 CG\d{8}-\d{4}$/.test(t) && !before.includes(t));
    }, open);
    title = (await tabTitles(page)).find((t) => /^采购单 CG/.test(t) && !open.includes(t));
    number = title.split(" ")[1];
    const detail = await tabFrame(page, title);
    await detail.getByText("待提交", { exact: true }).waitFor();
    assert.deepEqual(await column(detail, "单价", "采购产品"), ["6.50", "0.8525"]);
  });

  it("submits, approves (units to 待入库) and places the order", async () => {
    const detail = await tabFrame(page, title);
    for (const [action, status] of [["提交", "待审核"], ["审核", "待下单"], ["下单", "待收货"]]) {
      await detail.getByRole("button", { name: action, exact: true }).click();
      await sayYes(detail, action);
      await detail.getByText(status, { exact: true }).waitFor();
    }
    assert.deepEqual(await stock(detail, "7300000000000010", "PO-CUP"), [100, 0]);
    await detail.getByText("尚未收货，货到后点击“收货”，可分多次收货。").waitFor();
  });

  it("receives in two parts, the second into another warehouse, and the order completes", async () => {
    const detail = await tabFrame(page, title);
    // The dialog asks for the warehouse's bins once open: that they are none is only known once it has the answer.
    const binsAnswered = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith("/bin/options"));
    await detail.getByRole("button", { name: "收货", exact: true }).click();
    let dialog = detail.getByRole("dialog", { name: `收货 ${number}` });
    await dialog.getByLabel("PO-CUP 收货数量").fill("60");
    await dialog.getByLabel("PO-LID 收货数量").fill("100");
    await dialog.getByLabel("PO-CUP 收货数量").fill("101");
    await dialog.getByRole("button", { name: "确认收货", exact: true }).click();
    assert.equal((await dialog.getByRole("alert").innerText()).trim(), "第1行：数量必须为0到100的整数");
    await dialog.getByLabel("PO-CUP 收货数量").fill("60");
    await binsAnswered;
    assert.equal(await dialog.getByRole("combobox", { name: "PO-CUP 上架库位" }).count(), 0, "采购主仓 has no bins");
    await page.screenshot({ path: artifact("purchase-receive-desktop.png") });
    await dialog.getByRole("button", { name: "确认收货", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await waitForToast(detail, "操作成功!");
    await detail.getByRole("table", { name: "收货记录" }).getByText(`${number}-1`).waitFor();
    assert.deepEqual(await column(detail, "未收", "采购产品"), ["40", "0"]);
    assert.deepEqual(await stock(detail, "7300000000000010", "PO-CUP"), [40, 60]);

    await detail.getByRole("button", { name: "收货", exact: true }).click();
    dialog = detail.getByRole("dialog", { name: `收货 ${number}` });
    await dialog.getByRole("combobox", { name: "收货仓库" }).selectOption({ label: "采购备仓" });
    assert.equal(await dialog.getByLabel("PO-CUP 收货数量").inputValue(), "40");
    await dialog.getByRole("combobox", { name: "PO-CUP 上架库位" }).selectOption({ label: "B-01" });
    await dialog.getByRole("button", { name: "确认收货", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await detail.getByText("已完成", { exact: true }).waitFor();
    assert.deepEqual(await column(detail, "仓库", "收货记录"), ["采购主仓", "采购备仓"]);
    assert.deepEqual(await stock(detail, "7300000000000010", "PO-CUP"), [0, 60]);
    assert.deepEqual(await stock(detail, "7300000000000011", "PO-CUP"), [0, 40]);
    await page.screenshot({ path: artifact("purchase-detail-desktop.png") });

    await openFromRail(page, "采购", "采购单");
    const list = await tabFrame(page, "采购单");
    await list.getByRole("button", { name: "刷新", exact: true }).click();
    await list.locator("tbody tr", { hasText: number }).getByText("已完成").waitFor();
  });

  it("requests a payment on the first receipt, approves it and records it paid", async () => {
    const detail = await tabFrame(page, title);
    await page.getByRole("tab", { name: title, exact: true }).click();
    await detail.getByText("暂无付款申请，点击“申请付款”按定金、到货或账期申请。").waitFor();
    await detail.getByRole("button", { name: "申请付款", exact: true }).click();
    const dialog = detail.locator("dialog[open]");
    await dialog.getByRole("combobox", { name: "付款类型" }).selectOption({ label: "到货款" });
    await dialog.getByRole("textbox", { name: "金额(CNY)" }).fill("500");
    await dialog.getByRole("button", { name: "提交申请", exact: true }).click();
    await dialog.getByRole("alert").getByText("请选择收货记录").waitFor();
    await dialog.getByRole("combobox", { name: "收货记录" }).selectOption({ index: 1 });
    await dialog.getByRole("textbox", { name: "金额(CNY)" }).fill("800");
    await dialog.getByRole("button", { name: "提交申请", exact: true }).click();
    await dialog.getByRole("alert").getByText("付款金额超过可申请金额 ¥735.25").waitFor();
    await dialog.getByRole("textbox", { name: "金额(CNY)" }).fill("475.25");
    await dialog.getByRole("button", { name: "提交申请", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const payments = detail.getByRole("table", { name: "付款申请" });
    await payments.getByText("待审批").waitFor();
    const payNumber = (await payments.locator("tbody tr td").first().innerText()).trim();
    assert.match(payNumber, /^FK\d{8}-\d{4}$/);

    await openFromRail(page, "财务", "付款申请");
    const list = await tabFrame(page, "付款申请");
    const owed = list.getByRole("region", { name: "应付汇总" });
    await owed.locator("tbody tr", { hasText: "潮州陶瓷厂" }).waitFor();
    const heads = (await owed.locator("thead th").allInnerTexts()).map((t) => t.replace(/[▲▼↕]/g, "").trim());
    const cells = (await owed.locator("tbody tr").first().locator("td").allInnerTexts()).map((t) => t.trim());
    assert.equal(cells[heads.indexOf("应付（已收未付）")], "¥735.25");
    const requests = list.getByRole("region", { name: "付款申请" });
    await requests.locator("tbody tr", { hasText: payNumber }).getByRole("button", { name: "详情" }).click();
    const pay = await tabFrame(page, `付款申请 ${payNumber}`);
    await pay.getByText("待审批", { exact: true }).waitFor();
    await pay.getByRole("button", { name: "审批", exact: true }).click();
    await sayYes(pay, "审批");
    await pay.getByText("待付款", { exact: true }).waitFor();
    await pay.getByRole("button", { name: "确认付款", exact: true }).click();
    const paid = pay.locator("dialog[open]");
    await paid.getByRole("button", { name: "确认付款", exact: true }).click();
    await paid.getByRole("alert").getByText("付款账户不能为空").waitFor();
    await paid.getByRole("textbox", { name: "付款账户" }).fill("招商银行 6225");
    await paid.getByRole("button", { name: "确认付款", exact: true }).click();
    await paid.waitFor({ state: "detached" });
    await pay.getByText("已付款", { exact: true }).waitFor();
    await pay.getByText("招商银行 6225").waitFor();
    await page.screenshot({ path: artifact("purchase-payment-desktop.png") });

    await openFromRail(page, "财务", "付款申请");
    await requests.getByRole("button", { name: "刷新", exact: true }).click();
    await requests.locator("tbody tr", { hasText: payNumber }).getByText("已付款").waitFor();
    await page.getByRole("tab", { name: title, exact: true }).click();
    await detail.getByRole("button", { name: "库存流水", exact: true }).waitFor();
    await detail.evaluate(() => window.location.reload());
    await detail.getByRole("table", { name: "付款申请" }).getByText("已付款").waitFor();
  });

  // 采购计划提交: two seller SKUs checked in 亚马逊补货计划 open the review; the cup's suggestion is rounded up to its
  // supplier's MOQ and cartons, the lid has no supplier and nothing suggested, which 提交 refuses until the buyer,
  // on the keyboard, gives it a supplier and a quantity; 提交 (Enter) makes a draft per supplier, each a link.
  it("reviews checked suggestions by supplier and submits a draft order per supplier", async () => {
    const now = new Date().toISOString().replace("T", " ").replace("Z", "");
    const company = `(SELECT company_id FROM users WHERE account = '${ADMIN_ACCOUNT}')`;
    server.sql(`INSERT INTO store_groups (id, company_id, name, remark, created_at, updated_at) VALUES (7300000000000040, ${company}, '补货店', '', '${now}', '${now}')`);
    server.sql(
      "INSERT INTO sellers (id, company_id, group_id, region, selling_partner_id, refresh_token, client_secret, status, authorized_at, created_at, updated_at) " +
        `VALUES (7300000000000041, ${company}, 7300000000000040, 'NA', 'A73SELLER', 'x', 'x', 'ok', '${now}', '${now}', '${now}')`,
    );
    server.sql(`UPDATE local_products SET supplier_id = 7300000000000020, price = 6.5, carton_units = 100 WHERE id = 7300000000000001`);
    server.sql(`INSERT INTO supplier_price_tiers (id, company_id, supplier_id, product_id, min_quantity, unit_price, updated_at) VALUES (7300000000000042, ${company}, 7300000000000020, 7300000000000001, 300, 52000, '${now}')`);
    for (const [n, sku, product] of [[43, "US-CUP", 7300000000000001], [44, "US-LID", 7300000000000002]]) {
      server.sql(
        "INSERT INTO listings (id, company_id, group_id, marketplace_id, seller_sku, asin, fnsku, item_name, price, currency, quantity, status, fulfillment_channel, product_id, created_at, updated_at) " +
          `VALUES (73000000000000${n}, ${company}, 7300000000000040, 'ATVPDKIKX0DER', '${sku}', 'B0${n}', '', '${sku}', 0, 'USD', 5, 'Active', 'AMAZON_NA', ${product}, '${now}', '${now}')`,
      );
      server.sql(
        "INSERT INTO fba_inventory (id, company_id, group_id, seller_id, marketplace_id, sku, asin, name, fulfillable, created_at, updated_at) " +
          `VALUES (73000000000001${n}, ${company}, 7300000000000040, 7300000000000041, 'ATVPDKIKX0DER', '${sku}', 'B0${n}', '${sku}', 10, '${now}', '${now}')`,
      );
    }
    // The cup sold 3 a day for the last 60 days: 3 × 96 days less what is at Amazon and in the warehouses.
    const days = Array.from({ length: 60 }, (_, i) => new Date(Date.now() - (i + 1) * 86400000).toISOString().slice(0, 10));
    server.sql(
      "INSERT INTO sales_sku_days (company_id, group_id, seller_id, marketplace_id, sku, currency, day, bj_day, asin, product_name, units, orders, amount) VALUES " +
        days.map((d) => `(${company}, 7300000000000040, 7300000000000041, 'ATVPDKIKX0DER', 'US-CUP', 'USD', '${d}', '${d}', 'B043', '', 3, 3, 0)`).join(", "),
    );

    await openFromRail(page, "采购", "亚马逊补货计划");
    const plan = await tabFrame(page, "亚马逊补货计划");
    for (const sku of ["US-CUP", "US-LID"]) await plan.getByRole("checkbox", { name: `选择 ${sku}` }).check();
    await plan.getByRole("group", { name: "选中的行" }).getByRole("button", { name: "生成采购单" }).click();
    const review = await tabFrame(page, "采购计划提交");
    const cup = review.getByRole("region", { name: "供应商 潮州陶瓷厂" });
    await cup.getByTestId("PO-CUP 下单数量").getByText("300").waitFor();
    assert.match(await cup.getByTestId("PO-CUP 下单数量").innerText(), /起订量300，每箱100取整/);
    const suggested = Number(await cup.getByLabel("PO-CUP 采购数量").inputValue());
    assert.ok(suggested > 0 && suggested < 300, `the suggestion ${suggested} is under the MOQ`);
    assert.match(await cup.getByTestId("supplier-total").innerText(), /300 件，¥1,560\.00/);
    assert.deepEqual(await review.getByRole("list", { name: "待处理" }).getByRole("listitem").allInnerTexts(), ["产品 PO-LID 未选择供应商", "产品 PO-LID：采购数量必须大于0"]);

    // 提交 by Enter in a quantity: the warehouse first, then the lid's problems, nothing made.
    const cupQty = cup.getByLabel("PO-CUP 采购数量");
    await cupQty.focus();
    await cupQty.press("Enter");
    assert.equal((await review.getByRole("alert").innerText()).trim(), "请选择收货仓库");
    await review.getByRole("combobox", { name: "收货仓库" }).selectOption({ label: "采购主仓" });
    await cupQty.press("Enter");
    assert.equal((await review.getByRole("alert").innerText()).trim(), "产品 PO-LID 未选择供应商");

    // The cup to 301: three cartons more than the MOQ's 300, 400 at ¥5.20.
    await cupQty.press("Control+a");
    await cupQty.pressSequentially("301");
    await cup.getByTestId("supplier-total").getByText(/400 件，¥2,080\.00/).waitFor();
    // The lid, by keyboard: 50 units, then Tab from its quantity to its supplier.
    const none = review.getByRole("region", { name: "供应商 未选择供应商" });
    const lidQty = none.getByLabel("PO-LID 采购数量");
    await lidQty.press("Control+a");
    await lidQty.pressSequentially("50");
    await review.getByRole("list", { name: "待处理" }).getByText("产品 PO-LID：采购数量必须大于0").waitFor({ state: "detached" });
    await lidQty.press("Tab");
    const supplier = review.getByLabel("PO-LID 供应商");
    assert.equal(await supplier.evaluate((el) => el === document.activeElement), true, "Tab reaches the lid's supplier");
    await supplier.selectOption({ label: "潮州陶瓷厂" });
    await cup.getByTestId("supplier-total").getByText(/2个产品，450 件/).waitFor();
    await page.screenshot({ path: artifact("purchase-plan-submit-desktop.png") });
    await cup.getByLabel("PO-LID 采购数量").press("Enter");
    const made = review.getByRole("region", { name: "已生成的采购单" });
    await made.getByText("已生成1个采购单（待提交）", { exact: false }).waitFor();
    const link = made.getByRole("link");
    const orderNumber = (await link.innerText()).trim();
    assert.match(orderNumber, /^CG\d{8}-\d{4}$/);
    await link.focus();
    await link.press("Enter");
    const order = await tabFrame(page, `采购单 ${orderNumber}`);
    await order.getByText("待提交", { exact: true }).waitFor();
    assert.deepEqual(await column(order, "采购", "采购产品"), ["400", "50"]);
  });

  // 欧洲拆分发货: the cup sells in DE, FR and IT under Pan-EU. From a DE row of 亚马逊补货计划, 欧洲拆分 shows the
  // pool's one need; a total typed is split by sales (DE half, FR and IT a quarter), IT is set to 0 on the keyboard,
  // and 生成发货计划 (Enter) makes a plan for DE and one for FR.
  it("splits an EU pool's shipment by marketplace and makes a plan each", async () => {
    const now = new Date().toISOString().replace("T", " ").replace("Z", "");
    const company = `(SELECT company_id FROM users WHERE account = '${ADMIN_ACCOUNT}')`;
    server.sql(
      "INSERT INTO sellers (id, company_id, group_id, region, selling_partner_id, refresh_token, client_secret, status, authorized_at, created_at, updated_at) " +
        `VALUES (7300000000000045, ${company}, 7300000000000040, 'EU', 'A73EUSELLER', 'x', 'x', 'ok', '${now}', '${now}', '${now}')`,
    );
    const markets = [[46, "A1PA6795UKMFR9", 2], [47, "A13V1IB3VIYZZH", 1], [48, "APJ6JRA9NG5V4", 1]];
    for (const [n, market] of markets) {
      server.sql(
        "INSERT INTO listings (id, company_id, group_id, marketplace_id, seller_sku, asin, fnsku, item_name, price, currency, quantity, status, fulfillment_channel, product_id, created_at, updated_at) " +
          `VALUES (73000000000000${n}, ${company}, 7300000000000040, '${market}', 'EU-CUP', 'B0EU', '', 'EU-CUP', 0, 'EUR', 5, 'Active', 'AMAZON_EU', 7300000000000001, '${now}', '${now}')`,
      );
      server.sql(
        "INSERT INTO fba_inventory (id, company_id, group_id, seller_id, marketplace_id, sku, asin, name, fulfillable, created_at, updated_at) " +
          `VALUES (73000000000001${n}, ${company}, 7300000000000040, 7300000000000045, '${market}', 'EU-CUP', 'B0EU', 'EU-CUP', 5, '${now}', '${now}')`,
      );
    }
    const days = Array.from({ length: 30 }, (_, i) => new Date(Date.now() - (i + 1) * 86400000).toISOString().slice(0, 10));
    server.sql(
      "INSERT INTO sales_sku_days (company_id, group_id, seller_id, marketplace_id, sku, currency, day, bj_day, asin, product_name, units, orders, amount) VALUES " +
        markets.flatMap(([, market, units]) => days.map((d) => `(${company}, 7300000000000040, 7300000000000045, '${market}', 'EU-CUP', 'EUR', '${d}', '${d}', 'B0EU', '', ${units}, ${units}, 0)`)).join(", "),
    );

    // The sales summed again, as after an orders sync.
    server.sql("DELETE FROM replenishment_sales_built");
    await clickTab(page, "亚马逊补货计划");
    const plan = await tabFrame(page, "亚马逊补货计划");
    await plan.getByRole("button", { name: "查询" }).click();
    const de = plan.locator("tbody tr", { hasText: "EU-CUP" }).filter({ hasText: "DE" }).first();
    await de.getByRole("button", { name: "欧洲拆分" }).click();
    const split = await tabFrame(page, "欧洲拆分发货");
    await split.getByText("库存池：DE+FR+IT").waitFor();
    assert.match(await split.locator('dl[aria-label="库存池"]').innerText(), /FBA总库存\s*15/);
    const totalBox = split.getByLabel("发货总数");
    await totalBox.press("Control+a");
    await totalBox.pressSequentially("40");
    await split.waitForFunction(() => document.querySelector('input[aria-label="DE 发货数量"]')?.value === "20");
    assert.deepEqual(await Promise.all(["DE", "FR", "IT"].map((c) => split.getByLabel(`${c} 发货数量`).inputValue())), ["20", "10", "10"]);
    assert.match(await split.getByRole("table", { name: "各站点发货" }).innerText(), /50\.0%[\s\S]*25\.0%[\s\S]*25\.0%/);
    // IT by keyboard: Tab from FR's quantity, then 0; the sum follows.
    await split.getByLabel("FR 发货数量").focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Control+a");
    await page.keyboard.type("0");
    assert.equal((await split.getByLabel("拆分合计").innerText()).trim(), "30");
    await page.keyboard.press("Enter");
    assert.equal((await split.getByRole("alert").innerText()).trim(), "请选择发货仓库");
    await split.getByRole("combobox", { name: "发货仓库" }).selectOption({ label: "采购主仓" });
    await split.getByLabel("IT 发货数量").press("Enter");
    const made = split.getByRole("region", { name: "已生成的发货计划" });
    await made.getByText("已生成2个发货计划（待提交）").waitFor();
    assert.match(await made.innerText(), /补货店-DE[\s\S]*补货店-FR/);
    assert.equal(await made.getByRole("link").count(), 2);
  });

  it("prints the order on A4 without script", async () => {
    const detail = await tabFrame(page, title);
    const id = new URL(await detail.url()).searchParams.get("id");
    const look = await newPage(server);
    try {
      await look.goto("/login");
      await signIn(look, BUYER);
      await look.goto(`/purchaseorder/print?id=${id}`);
      await look.getByRole("heading", { name: "采购单" }).waitFor();
      const text = await look.locator(".sheet").innerText();
      for (const want of [number, "潮州陶瓷厂", "林经理", "13800138000", "采购主仓", "PO-CUP", "陶瓷杯", "¥735.25", "货到付款", "2026-12-28"]) {
        assert.ok(text.includes(want), `the sheet shows ${want}`);
      }
      await look.emulateMedia({ media: "print" });
      await look.screenshot({ path: artifact("purchase-print.png"), fullPage: true });
      const pdf = await look.pdf({ format: "A4" });
      assert.ok(pdf.length > 1000);
      assert.deepEqual(look.scriptErrors.map((e) => e.message), []);
    } finally {
      await look.context().close();
    }
  });

  it("draws the list, the new order and the detail at 1280 px and 390 px, light and dark", async () => {
    const id = new URL(await (await tabFrame(page, title)).url()).searchParams.get("id");
    for (const [size, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
      for (const dark of [false, true]) {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await look.goto("/login");
          await signIn(look, BUYER);
          const mode = `${size}-${dark ? "dark" : "light"}`;
          await look.goto(`/e/p/o?id=${id}&embed=1`);
          await look.getByText("已完成", { exact: true }).first().waitFor();
          await look.screenshot({ path: artifact(`purchase-detail-${mode}.png`), fullPage: true });
          await look.goto("/erp/purchase/orders?embed=1");
          await look.locator("tbody tr", { hasText: number }).waitFor();
          await look.screenshot({ path: artifact(`purchase-list-${mode}.png`), fullPage: true });
          await look.goto("/erp/finance/payment?embed=1");
          await look.getByRole("region", { name: "应付汇总" }).locator("tbody tr").first().waitFor();
          await look.locator("tbody tr", { hasText: "已付款" }).first().waitFor();
          await look.screenshot({ path: artifact(`purchase-payments-${mode}.png`), fullPage: true });
          await look.goto("/e/p/o?embed=1");
          await look.getByRole("combobox", { name: "收货仓库" }).selectOption({ label: "采购主仓" });
          await look.getByLabel("查找产品").fill("PO-CUP");
          await look.getByRole("button", { name: "添加 PO-CUP", exact: true }).click();
          await look.getByLabel("PO-CUP 单价").fill("1.23456");
          await look.screenshot({ path: artifact(`purchase-new-${mode}.png`), fullPage: true });
          assert.deepEqual(look.scriptErrors.map((e) => e.message), []);
        } finally {
          await look.context().close();
        }
      }
    }
  });
});
