// 换货单 as a warehouse keeper does it (issue 46): a sub-user whose role grants 换货单 with its buttons, 库存数量 and
// 库存流水 relabels 4 units of HH-A as HH-B in 深圳仓: 新建换货单 (the product given found in the picker, the product
// made found on its line), 编辑 the draft, 提交, 审核 (asked first, naming what becomes what), and 库存数量 shows both products'
// stock changed; 库存流水 has the two lines under the exchange's number, the cost carried over; 作废 (asked
// first) moves them back. Screenshots of another one approved at 1280 px and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, apiCall, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, question, sayYes, signInToShell, tabFrame, tableLoaded, tabTitles } from "./shell.mjs";
import { signIn } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const KEEPER = "13912340048";
const KEEPER_PASSWORD = "Keeper#2026pass";
const ROLE = "7461000000000001";
const WAREHOUSE = "7461000000000010";
const A = "7461000000000021";
const B = "7461000000000022";

/** Calls the JSON API from the page, with its session, and answers the envelope's data (failing on a refusal). */
describe("换货单：仓库管理员把一个产品的库存换成另一个产品", () => {
  let server;
  let admin;
  let page;
  let detailTitle;

  before(async () => {
    server = await startServer();
    const now = new Date().toISOString().replace("T", " ").replace("Z", "");
    const company = `(SELECT company_id FROM users WHERE account = '${ADMIN_ACCOUNT}')`;
    server.sql(
      "INSERT INTO local_products (id, company_id, sku, name, image, kind, remark, disabled, created_at, updated_at) VALUES " +
        [[A, "HH-A", "蓝牙耳机 旧标"], [B, "HH-B", "蓝牙耳机 新FNSKU"]]
          .map(([id, sku, name]) => `(${id}, ${company}, '${sku}', '${name}', '', 1, '', 0, '${now}', '${now}')`)
          .join(", "),
    );
    server.sql(
      "INSERT INTO warehouses (id, company_id, name, kind, address, allow_negative, stocktaking, disabled, remark, created_at, updated_at) " +
        `VALUES (${WAREHOUSE}, ${company}, '深圳仓', 'own', '', 0, 0, 0, '', '${now}', '${now}')`,
    );
    server.sql(`INSERT INTO roles (id, company_id, name, code, is_default, created_at, updated_at) VALUES (${ROLE}, ${company}, '仓库管理员', '', 0, '${now}', '${now}')`);
    server.sql(`INSERT INTO role_menus (role_id, menu_id) SELECT ${ROLE}, id FROM menus WHERE code IN ('warehouse.exchange', 'inventory.quantity', 'warehouse.record')`);
    server.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT ${ROLE}, id FROM menu_permissions WHERE code LIKE 'erp:wh:exchange:%'`);

    admin = await newPage(server);
    await signInToShell(admin, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
    await apiCall(admin, "PUT", `/erp/api/v1/material/${A}/cost`, { unitCost: "12.50", effectiveFrom: "2026-01-01" });
    const doc = await apiCall(admin, "POST", "/erp/api/v1/inbound", { warehouseId: WAREHOUSE, lines: [{ productId: A, quantity: 10 }, { productId: B, quantity: 2 }] });
    await apiCall(admin, "POST", `/erp/api/v1/inbound/${doc.id}/submit`);
    await apiCall(admin, "POST", `/erp/api/v1/inbound/${doc.id}/approve`);
    await apiCall(admin, "POST", "/admin/api/v1/users/subusers", { account: KEEPER, name: "仓管小李", password: KEEPER_PASSWORD, repassword: KEEPER_PASSWORD, roleIds: [ROLE] });

    page = await newPage(server);
    await signInToShell(page, { account: KEEPER, password: KEEPER_PASSWORD });
  });
  after(async () => {
    const errors = [...(page?.scriptErrors ?? []), ...(admin?.scriptErrors ?? [])];
    await page?.context().close();
    await admin?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  async function column(frame, heading, label) {
    const table = label ? frame.getByRole("table", { name: label }) : frame.locator("table").first();
    const heads = (await table.locator("thead th").allInnerTexts()).map((t) => t.replace(/[▲▼↕]/g, "").trim());
    const i = heads.indexOf(heading);
    assert.ok(i >= 0, `a ${heading} column: ${heads}`);
    return (await table.locator(`tbody tr td:nth-child(${i + 1})`).allInnerTexts()).map((t) => t.trim());
  }

  /** The fulfillable stock of each sku in 深圳仓, read in 库存数量. */
  async function fulfillable(...skus) {
    await openFromRail(page, "仓库", "库存数量");
    const stock = await tabFrame(page, "库存数量");
    await stock.locator("#stock-filter").getByRole("combobox", { name: "仓库" }).selectOption({ label: "深圳仓" });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/erp/api/v1/stock/page");
    await stock.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    await tableLoaded(stock);
    const found = await column(stock, "SKU");
    const counts = await column(stock, "可用");
    return skus.map((sku) => (found.indexOf(sku) < 0 ? 0 : Number(counts[found.indexOf(sku)])));
  }

  it("creates an exchange, submits and approves it, asked first what becomes what, and 库存数量 shows both moved", async () => {
    await openFromRail(page, "仓库", "换货单");
    const list = await tabFrame(page, "换货单");
    await list.getByRole("button", { name: "新建换货单", exact: true }).click();
    const form = await tabFrame(page, "新建换货单");
    await form.getByRole("combobox", { name: "仓库" }).selectOption({ label: "深圳仓" });
    await form.getByRole("button", { name: "保存", exact: true }).click();
    assert.equal((await form.getByRole("alert").innerText()).trim(), "请添加产品");
    await form.getByLabel("查找产品").fill("HH-A");
    await form.getByRole("button", { name: "添加 HH-A", exact: true }).click();
    await form.getByLabel("HH-A 数量").fill("12");
    await form.getByRole("status").filter({ hasText: "超出可用库存 10" }).waitFor();
    await form.getByLabel("HH-A 数量").fill("3");
    await form.getByRole("button", { name: "保存", exact: true }).click();
    assert.equal((await form.getByRole("alert").innerText()).trim(), "第1行：请选择换入产品");
    await form.getByLabel("HH-A 换入产品").fill("HH-B");
    await form.getByRole("list", { name: "HH-A 换入产品候选" }).getByRole("button", { name: /HH-B/ }).click();
    await form.getByRole("button", { name: "更换 HH-A 的换入产品" }).waitFor();
    await page.screenshot({ path: artifact("exchange-new-desktop.png") });
    const open = await tabTitles(page);
    await form.getByRole("button", { name: "保存", exact: true }).click();
    await page.waitForFunction((before) => {
      const titles = [...document.querySelectorAll('[role="tablist"] [role="tab"]')].map((t) => t.textContent.trim());
      return titles.some((t) => /^换货单 HH\d{8}-\d{4}$/.test(t) && !before.includes(t));
    }, open);
    detailTitle = (await tabTitles(page)).find((t) => /^换货单 HH/.test(t) && !open.includes(t));
    const number = detailTitle.split(" ")[1];
    const detail = await tabFrame(page, detailTitle);
    // The detail shows 加载中... until the document is loaded: its lines are read once it is.
    await detail.getByText("待提交", { exact: true }).waitFor();
    // A draft is edited in place: 3 becomes 4.
    assert.deepEqual(await column(detail, "换货数量", "换货明细"), ["3"]);
    await detail.getByRole("button", { name: "编辑", exact: true }).click();
    await detail.getByLabel("HH-A 数量").fill("4");
    await detail.getByRole("button", { name: "保存", exact: true }).click();
    await detail.getByRole("button", { name: "提交", exact: true }).waitFor();
    assert.deepEqual(await column(detail, "换货数量", "换货明细"), ["4"]);
    assert.deepEqual(await column(detail, "换入产品", "换货明细"), ["HH-B\n蓝牙耳机 新FNSKU"]);
    await detail.getByRole("button", { name: "提交", exact: true }).click();
    await sayYes(detail, "提交");
    await detail.getByText("待审核", { exact: true }).waitFor();
    await detail.getByRole("button", { name: "审核", exact: true }).click();
    const asked = await question(detail, `审核换货单 ${number}`);
    assert.equal((await asked.locator("p").innerText()).trim(), "审核后将在“深圳仓”把 HH-A ×4 换为 HH-B（共 4 件），按换出产品的加权平均成本结转。");
    await sayYes(detail, "审核");
    await detail.getByText("已完成", { exact: true }).waitFor();
    assert.deepEqual(await column(detail, "结转单价(元)", "换货明细"), ["12.50"]);
    assert.deepEqual(await column(detail, "货值(元)", "换货明细"), ["50.00"]);
    assert.deepEqual(await fulfillable("HH-A", "HH-B"), [6, 6]);

    await openFromRail(page, "仓库", "库存流水");
    const record = await tabFrame(page, "库存流水");
    await record.locator('input[name="docNumber"]').fill(number);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/erp/api/v1/stock/ledger");
    await record.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    await record.waitForFunction(() => document.querySelectorAll("tbody tr").length === 2);
    assert.deepEqual(await column(record, "单据类型"), ["换货单", "换货单"]);
  });

  it("cancels the approved exchange, asked first, and the stock goes back", async () => {
    await page.getByRole("tab", { name: detailTitle }).click();
    const detail = await tabFrame(page, detailTitle);
    await detail.getByRole("button", { name: "作废", exact: true }).click();
    const asked = await question(detail, `作废换货单 ${detailTitle.split(" ")[1]}`);
    assert.equal((await asked.locator("p").innerText()).trim(), "作废后不可恢复，“深圳仓”中 HH-A ×4 换为 HH-B 的库存将换回（共 4 件）。");
    await sayYes(detail, "作废");
    await detail.getByText("已作废", { exact: true }).waitFor();
    assert.deepEqual(await fulfillable("HH-A", "HH-B"), [10, 2]);
  });
  it("draws an approved exchange at 1280 px and 390 px, light and dark", async () => {
    // A second exchange, approved, is drawn: the first one is cancelled by now (signing in the looks' pages ends
    // the keeper's session in the shell, so this runs last).
    const made = await apiCall(admin, "POST", "/erp/api/v1/exchange", { warehouseId: WAREHOUSE, remark: "换新包装", lines: [{ productId: A, toProductId: B, quantity: 3 }] });
    await apiCall(admin, "POST", `/erp/api/v1/exchange/${made.id}/submit`);
    await apiCall(admin, "POST", `/erp/api/v1/exchange/${made.id}/approve`);
    const id = made.id;
    for (const [size, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
      for (const dark of [false, true]) {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await look.goto("/login");
          await signIn(look, { account: KEEPER, password: KEEPER_PASSWORD });
          await look.goto(`/e/w/e/d?id=${id}&embed=1`);
          await look.getByText("已完成", { exact: true }).first().waitFor();
          await look.screenshot({ path: artifact(`exchange-detail-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.goto("/erp/warehouse/exchange?embed=1");
          await look.getByRole("cell", { name: "已完成" }).first().waitFor();
          await look.screenshot({ path: artifact(`exchange-list-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.goto("/e/w/e/c?embed=1");
          await look.getByRole("combobox", { name: "仓库" }).selectOption({ label: "深圳仓" });
          await look.getByLabel("查找产品").fill("HH-A");
          await look.getByRole("button", { name: "添加 HH-A", exact: true }).click();
          await look.getByLabel("HH-A 换入产品").fill("HH-B");
          await look.getByRole("list", { name: "HH-A 换入产品候选" }).waitFor();
          await look.screenshot({ path: artifact(`exchange-new-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          assert.deepEqual(look.scriptErrors.map((e) => e.message), []);
        } finally {
          await look.context().close();
        }
      }
    }
  });

});
