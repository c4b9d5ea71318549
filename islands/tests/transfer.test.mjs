// 调拨单 as a warehouse keeper does it (issue 46): a sub-user whose role grants 调拨单 with its buttons, 库存数量 and
// 库存流水 moves units from 深圳仓 to 广州仓: 新建调拨单 (two warehouses, a product found in the picker), 提交, 发货
// (asked first, naming what leaves and where it travels), then in the other warehouse 收货 with one unit short: the
// reason is asked for, and 库存数量 and 库存流水 show the units received and the difference booked. Screenshots at
// 1280 px and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, apiCall, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, question, sayYes, signInToShell, tabFrame, tableLoaded, tabTitles } from "./shell.mjs";
import { signIn } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const KEEPER = "13912340047";
const KEEPER_PASSWORD = "Keeper#2026pass";
const ROLE = "7460000000000001";
const FROM = "7460000000000010";
const TO = "7460000000000011";

/** Calls the JSON API from the page, with its session, and answers the envelope's data (failing on a refusal). */
describe("调拨单：仓库管理员调拨并在另一仓库收货", () => {
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
        [[7460000000000001, "DB-A", "蓝牙耳机"], [7460000000000002, "DB-B", "手机支架"]]
          .map(([id, sku, name]) => `(${id}, ${company}, '${sku}', '${name}', '', 1, '', 0, '${now}', '${now}')`)
          .join(", "),
    );
    server.sql(
      "INSERT INTO warehouses (id, company_id, name, kind, address, allow_negative, stocktaking, disabled, remark, created_at, updated_at) " +
        `VALUES (${FROM}, ${company}, '深圳仓', 'own', '', 0, 0, 0, '', '${now}', '${now}'), (${TO}, ${company}, '广州仓', 'own', '', 0, 0, 0, '', '${now}', '${now}')`,
    );
    server.sql(`INSERT INTO roles (id, company_id, name, code, is_default, created_at, updated_at) VALUES (${ROLE}, ${company}, '仓库管理员', '', 0, '${now}', '${now}')`);
    server.sql(`INSERT INTO role_menus (role_id, menu_id) SELECT ${ROLE}, id FROM menus WHERE code IN ('warehouse.transfer', 'inventory.quantity', 'warehouse.record')`);
    server.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT ${ROLE}, id FROM menu_permissions WHERE code LIKE 'erp:wh:transfer:%'`);

    admin = await newPage(server);
    await signInToShell(admin, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
    const doc = await apiCall(admin, "POST", "/erp/api/v1/inbound", { warehouseId: FROM, lines: [{ productId: "7460000000000001", quantity: 10 }] });
    await apiCall(admin, "POST", `/erp/api/v1/inbound/${doc.id}/submit`);
    await apiCall(admin, "POST", `/erp/api/v1/inbound/${doc.id}/approve`);
    // 广州仓 has a bin: the receipt puts the units away into it.
    await apiCall(admin, "POST", "/erp/api/v1/bin", { warehouseId: TO, code: "GZ-01" });
    await apiCall(admin, "POST", "/admin/api/v1/users/subusers", { account: KEEPER, name: "仓管小王", password: KEEPER_PASSWORD, repassword: KEEPER_PASSWORD, roleIds: [ROLE] });

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

  /** The fulfillable, in-transit (待入库) and outbound stock of sku in warehouse, read in 库存数量. */
  async function stockOf(warehouse, sku) {
    await openFromRail(page, "仓库", "库存数量");
    const stock = await tabFrame(page, "库存数量");
    await stock.locator("#stock-filter").getByRole("combobox", { name: "仓库" }).selectOption({ label: warehouse });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/erp/api/v1/stock/page");
    await stock.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    await tableLoaded(stock);
    const skus = await column(stock, "SKU");
    const i = skus.indexOf(sku);
    if (i < 0) return [0, 0, 0];
    return [Number((await column(stock, "可用"))[i]), Number((await column(stock, "待入库"))[i]), Number((await column(stock, "待出库"))[i])];
  }

  it("creates a transfer between two warehouses and ships it, asked first what leaves", async () => {
    await openFromRail(page, "仓库", "调拨单");
    const list = await tabFrame(page, "调拨单");
    await list.getByRole("button", { name: "新建调拨单", exact: true }).click();
    const form = await tabFrame(page, "新建调拨单");
    await form.getByRole("combobox", { name: "调出仓库" }).selectOption({ label: "深圳仓" });
    await form.getByRole("button", { name: "保存", exact: true }).click();
    assert.equal((await form.getByRole("alert").innerText()).trim(), "请选择调入仓库");
    await form.getByRole("combobox", { name: "调入仓库" }).selectOption({ label: "广州仓" });
    await form.getByLabel("查找产品").fill("DB-A");
    await form.getByRole("button", { name: "添加 DB-A", exact: true }).click();
    await form.getByLabel("DB-A 数量").fill("12");
    await form.getByRole("status").filter({ hasText: "超出可用库存 10" }).waitFor();
    await form.getByLabel("DB-A 数量").fill("4");
    await page.screenshot({ path: artifact("transfer-new-desktop.png") });
    const open = await tabTitles(page);
    await form.getByRole("button", { name: "保存", exact: true }).click();
    await page.waitForFunction((before) => {
      const titles = [...document.querySelectorAll('[role="tablist"] [role="tab"]')].map((t) => t.textContent.trim());
      return titles.some((t) => /^调拨单 DB\d{8}-\d{4}$/.test(t) && !before.includes(t));
    }, open);
    detailTitle = (await tabTitles(page)).find((t) => /^调拨单 DB/.test(t) && !open.includes(t));
    const detail = await tabFrame(page, detailTitle);
    await detail.getByRole("button", { name: "提交", exact: true }).click();
    await sayYes(detail, "提交");
    await detail.getByText("待审核", { exact: true }).waitFor();
    await detail.getByRole("button", { name: "发货", exact: true }).click();
    const asked = await question(detail, `发货 ${detailTitle.split(" ")[1]}`);
    assert.equal((await asked.locator("p").innerText()).trim(), "发货后将从“深圳仓”调出 1 个产品共 4 件，在途至“广州仓”，收货后入库。");
    await sayYes(detail, "发货");
    await detail.getByText("调拨中", { exact: true }).waitFor();
    assert.deepEqual(await stockOf("深圳仓", "DB-A"), [6, 0, 4]);
    assert.deepEqual(await stockOf("广州仓", "DB-A"), [0, 4, 0]);
  });

  it("receives in the other warehouse one short, with the reason, and the difference is booked", async () => {
    const detail = await tabFrame(page, detailTitle);
    await page.getByRole("tab", { name: detailTitle }).click();
    await detail.getByRole("button", { name: "收货", exact: true }).click();
    await detail.getByLabel("DB-A 实收数量").fill("3");
    await detail.getByRole("button", { name: "确认收货", exact: true }).click();
    assert.equal((await detail.getByRole("alert").innerText()).trim(), "实收数量与发货数量不同，请填写差异原因");
    await detail.getByLabel("差异原因").fill("外箱破损，少1件");
    const putAway = detail.getByRole("combobox", { name: "DB-A 上架库位" });
    assert.equal(await putAway.inputValue(), "", "no usual bin yet: 待上架");
    await putAway.selectOption({ label: "GZ-01" });
    await page.screenshot({ path: artifact("transfer-receiving-desktop.png") });
    await detail.getByRole("button", { name: "确认收货", exact: true }).click();
    const asked = await question(detail, `收货 ${detailTitle.split(" ")[1]}`);
    assert.equal((await asked.locator("p").innerText()).trim(), "收货后“广州仓”入库 3 件，少收的 1 件按差异记入库存流水（外箱破损，少1件）。");
    await sayYes(detail, "收货");
    await detail.getByText("已完成", { exact: true }).waitFor();
    assert.deepEqual(await column(detail, "实收数量", "单据产品"), ["3"]);
    assert.deepEqual(await column(detail, "差异", "单据产品"), ["-1"]);
    assert.equal(await detail.getByRole("button", { name: "作废", exact: true }).count(), 0, "a received transfer is not cancelled");
    assert.deepEqual(await stockOf("深圳仓", "DB-A"), [6, 0, 0]);
    assert.deepEqual(await stockOf("广州仓", "DB-A"), [3, 0, 0]);
    const binned = await apiCall(admin, "POST", "/erp/api/v1/binStock/page", { warehouseId: TO, pagesize: 50 });
    assert.deepEqual(binned.records.map((r) => `${r.binCode} ${r.sku} ${r.quantity}`), ["GZ-01 DB-A 3"], "put away at receipt");

    await openFromRail(page, "仓库", "库存流水");
    const record = await tabFrame(page, "库存流水");
    await record.locator('input[name="docNumber"]').fill(detailTitle.split(" ")[1]);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/erp/api/v1/stock/ledger");
    await record.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    await record.waitForFunction(() => document.querySelectorAll("tbody tr").length === 4);
    assert.deepEqual((await column(record, "单据类型")).sort(), ["调拨发货", "调拨发货", "调拨收货", "调拨收货"]);
  });

  it("draws the transfer at 1280 px and 390 px, light and dark", async () => {
    const id = new URL(await (await tabFrame(page, detailTitle)).url()).searchParams.get("id");
    for (const [size, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
      for (const dark of [false, true]) {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await look.goto("/login");
          await signIn(look, { account: KEEPER, password: KEEPER_PASSWORD });
          await look.goto(`/e/w/t/d?id=${id}&embed=1`);
          await look.getByText("已完成", { exact: true }).first().waitFor();
          await look.screenshot({ path: artifact(`transfer-detail-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.goto("/erp/warehouse/transfer?embed=1");
          await look.getByRole("cell", { name: "已完成" }).first().waitFor();
          await look.screenshot({ path: artifact(`transfer-list-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          assert.deepEqual(look.scriptErrors.map((e) => e.message), []);
        } finally {
          await look.context().close();
        }
      }
    }
  });
});
