// 库位 as a warehouse keeper uses it (issue 46): a sub-user whose role grants 库位 and 盘点单 with their buttons
// finds an empty 库位 that says what to do, 批量生成 two bins, puts the received units away from 待上架 (too many
// told in Chinese, nothing moved), moves some to the other bin, then counts one bin: 新建盘点单 按库位盘点, 开始盘点,
// the bin's code scanned first and then the labels, 过账; the 盘点表 prints in bin order. The admin puts the
// products, the stock (an approved 入库单) and the role in place. Screenshots at 1280 px and 390 px, light and dark,
// go to islands/tests/artifacts/. The admin then receives an 入库单 straight into bins (the usual bin proposed) and
// the keeper prints the bins' labels.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, apiCall, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, question, sayYes, signInToShell, tabFrame, tableLoaded, tabTitles } from "./shell.mjs";
import { signIn } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const KEEPER = "13912340946";
const KEEPER_PASSWORD = "Keeper#2026pass";
const ROLE = "7460000000000901";
const WAREHOUSE = "7460000000000910";

describe("库位：仓库管理员上架、移库并按库位盘点", () => {
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
        [[7460000000000901, "KW-A", "蓝牙耳机"], [7460000000000902, "KW-B", "手机支架"]]
          .map(([id, sku, name]) => `(${id}, ${company}, '${sku}', '${name}', '', 1, '', 0, '${now}', '${now}')`)
          .join(", "),
    );
    server.sql(
      "INSERT INTO warehouses (id, company_id, name, kind, address, allow_negative, stocktaking, disabled, remark, created_at, updated_at) " +
        `VALUES (${WAREHOUSE}, ${company}, '库位仓', 'own', '', 0, 0, 0, '', '${now}', '${now}')`,
    );
    server.sql(`INSERT INTO roles (id, company_id, name, code, is_default, created_at, updated_at) VALUES (${ROLE}, ${company}, '仓库管理员', '', 0, '${now}', '${now}')`);
    server.sql(`INSERT INTO role_menus (role_id, menu_id) SELECT ${ROLE}, id FROM menus WHERE code IN ('warehouse.shelf', 'warehouse.stocktake')`);
    server.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT ${ROLE}, id FROM menu_permissions WHERE code LIKE 'erp:wh:shelf:%' OR code LIKE 'erp:wh:stocktake:%'`);

    admin = await newPage(server);
    await signInToShell(admin, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
    const doc = await apiCall(admin, "POST", "/erp/api/v1/inbound", {
      warehouseId: WAREHOUSE,
      lines: [
        { productId: "7460000000000901", quantity: 8 },
        { productId: "7460000000000902", quantity: 3 },
      ],
    });
    await apiCall(admin, "POST", `/erp/api/v1/inbound/${doc.id}/submit`);
    await apiCall(admin, "POST", `/erp/api/v1/inbound/${doc.id}/approve`);
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

  async function fill(dialog, values) {
    for (const [name, value] of Object.entries(values)) {
      const field = dialog.locator(`[name="${name}"]`);
      if ((await field.evaluate((el) => el.tagName)) === "SELECT") await field.selectOption(value);
      else await field.fill(value);
    }
  }

  /** The rows of the 库位库存 table as "bin sku quantity". */
  async function binRows(frame) {
    await tableLoaded(frame);
    return (await frame.locator("tbody tr").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
  }

  async function waitRow(frame, ...parts) {
    await frame.locator("tbody tr").filter({ hasText: parts[0] }).filter({ hasText: parts[1] }).filter({ hasText: parts[2] }).first().waitFor();
  }

  it("makes two bins at once from an empty list that says what to do", async () => {
    await openFromRail(page, "仓库", "库位");
    const frame = await tabFrame(page, "库位");
    await frame.getByText("还没有库位。点击“批量生成”", { exact: false }).waitFor();
    await frame.getByRole("button", { name: "批量生成", exact: true }).click();
    const dialog = frame.locator("dialog[open]");
    await fill(dialog, { warehouseId: WAREHOUSE, zone: "a", rowFrom: "1", rowTo: "1", levelFrom: "1", levelTo: "1", binFrom: "1", binTo: "2" });
    await dialog.getByRole("button", { name: "生成", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await frame.getByRole("cell", { name: "A-01-01-02", exact: true }).waitFor();
    await frame.getByRole("cell", { name: "A-01-01-01", exact: true }).waitFor();
    await page.screenshot({ path: artifact("bins-list-desktop.png") });
  });

  it("puts the waiting units away, refusing too many, and moves some to the other bin", async () => {
    const frame = await tabFrame(page, "库位");
    await frame.getByRole("tab", { name: "库位库存" }).click();
    await waitRow(frame, "待上架", "KW-A", "8");
    const putAway = async (sku, bin, quantity) => {
      await frame.locator("tbody tr").filter({ hasText: "待上架" }).filter({ hasText: sku }).getByRole("button", { name: "上架" }).click();
      const dialog = frame.locator("dialog[open]");
      await dialog.locator('select[name="toBinId"] option', { hasText: bin }).waitFor({ state: "attached" });
      await dialog.locator('select[name="toBinId"]').selectOption({ label: bin });
      await dialog.locator('[name="quantity"]').fill(String(quantity));
      await dialog.getByRole("button", { name: "上架", exact: true }).click();
      return dialog;
    };
    let dialog = await putAway("KW-A", "A-01-01-02", 5);
    await dialog.waitFor({ state: "detached" });
    await waitRow(frame, "A-01-01-02", "KW-A", "5");
    dialog = await putAway("KW-B", "A-01-01-01", 4);
    assert.equal((await dialog.getByRole("alert").innerText()).trim(), "SKU KW-B 待上架只有3件，不能上架4件");
    await page.screenshot({ path: artifact("bins-putaway-refused-desktop.png") });
    await dialog.locator('[name="quantity"]').fill("3");
    await dialog.getByRole("button", { name: "上架", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await waitRow(frame, "A-01-01-01", "KW-B", "3");

    await frame.locator("tbody tr").filter({ hasText: "A-01-01-02" }).filter({ hasText: "KW-A" }).getByRole("button", { name: "移库" }).click();
    dialog = frame.locator("dialog[open]");
    await dialog.locator('select[name="toBinId"] option', { hasText: "A-01-01-01" }).waitFor({ state: "attached" });
    await dialog.locator('select[name="toBinId"]').selectOption({ label: "A-01-01-01" });
    await dialog.locator('[name="quantity"]').fill("2");
    await dialog.getByRole("button", { name: "移库", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await waitRow(frame, "A-01-01-02", "KW-A", "3");
    // The demo's own warehouse lists its units waiting too; this warehouse's rows come first, in bin order.
    const rows = (await binRows(frame)).filter((r) => r.startsWith("库位仓"));
    assert.deepEqual(
      rows.map((r) => r.replace(/ 上架$| 移库$/, "")),
      ["库位仓 待上架 KW-A 蓝牙耳机 3", "库位仓 A-01-01-01 KW-A 蓝牙耳机 2", "库位仓 A-01-01-01 KW-B 手机支架 3", "库位仓 A-01-01-02 KW-A 蓝牙耳机 3"],
    );
    await page.screenshot({ path: artifact("bins-stock-desktop.png") });
  });

  it("counts bin A-01-01-01 by scanning its code and the labels, posts it, and prints the sheet in bin order", async () => {
    await openFromRail(page, "仓库", "盘点单");
    const list = await tabFrame(page, "盘点单");
    await list.getByRole("button", { name: "新建盘点单", exact: true }).click();
    const form = await tabFrame(page, "新建盘点单");
    await form.getByRole("combobox", { name: "仓库" }).selectOption({ label: "库位仓" });
    await form.getByRole("radio", { name: "按库位盘点" }).check();
    await form.getByRole("button", { name: "保存", exact: true }).click();
    assert.equal((await form.getByRole("alert").innerText()).trim(), "请选择要盘点的库位");
    await form.getByRole("checkbox", { name: /A-01-01-01/ }).check();
    const open = await tabTitles(page);
    await form.getByRole("button", { name: "保存", exact: true }).click();
    await page.waitForFunction((before) => {
      const titles = [...document.querySelectorAll('[role="tablist"] [role="tab"]')].map((t) => t.textContent.trim());
      return titles.some((t) => /^盘点单 PD\d{8}-\d{4}$/.test(t) && !before.includes(t));
    }, open);
    detailTitle = (await tabTitles(page)).find((t) => /^盘点单 PD/.test(t) && !open.includes(t));
    const detail = await tabFrame(page, detailTitle);
    await detail.getByRole("button", { name: "开始盘点", exact: true }).click();
    const asked = await question(detail, `开始盘点 ${detailTitle.split(" ")[1]}`);
    assert.equal((await asked.locator("p").innerText()).trim(), "开始后库位 A-01-01-01 中的产品将被冻结，过账或作废前不能出入库，并记录当前账面数量。");
    await sayYes(detail, "开始盘点");
    await detail.getByText("盘点中", { exact: true }).waitFor();

    // The bin's code first (Enter moves on to the labels), then 3 KW-A (one over the book) and 2 KW-B (one short).
    const bin = detail.getByLabel("当前库位");
    await bin.pressSequentially("A-01-01-01", { delay: 5 });
    await bin.press("Enter");
    const scanner = detail.getByLabel("扫描条码");
    assert.ok(await scanner.evaluate((el) => el === document.activeElement), "Enter on the bin moves to the barcode field");
    for (const code of ["KW-A", "KW-B", "KW-A", "KW-A", "KW-B"]) {
      await scanner.pressSequentially(code, { delay: 5 });
      await scanner.press("Enter");
    }
    await detail.waitForFunction(() => {
      const rows = [...document.querySelectorAll('table[aria-label="盘点产品"] tbody tr')].map((r) => r.textContent);
      return rows.some((r) => r.includes("KW-A") && r.includes("+1")) && rows.some((r) => r.includes("KW-B") && r.includes("-1"));
    });
    await page.screenshot({ path: artifact("bins-stocktake-counting-desktop.png") });

    const id = new URL(await detail.url()).searchParams.get("id");
    // The sheet opens in a window of its own, in the keeper's session (打印盘点表 opens it so).
    const sheet = await page.context().newPage();
    try {
      await sheet.goto(`/stocktake/print?id=${id}`);
      await sheet.getByRole("heading", { name: "盘点表" }).waitFor();
      const rows = (await sheet.locator("tbody tr").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
      assert.deepEqual(rows, ["A-01-01-01 无图 蓝牙耳机 KW-A 2", "A-01-01-01 无图 手机支架 KW-B 3"]);
      await sheet.emulateMedia({ media: "print" });
      await sheet.screenshot({ path: artifact("bins-stocktake-sheet-print.png"), fullPage: true });
    } finally {
      await sheet.close();
    }

    await detail.getByRole("button", { name: "过账", exact: true }).click();
    await question(detail, `过账 ${detailTitle.split(" ")[1]}`);
    await sayYes(detail, "过账");
    await detail.getByText("已完成", { exact: true }).waitFor();

    await openFromRail(page, "仓库", "库位");
    const frame = await tabFrame(page, "库位");
    await frame.getByRole("tab", { name: "库位库存" }).click();
    await frame.getByRole("button", { name: "刷新", exact: true }).click();
    await waitRow(frame, "A-01-01-01", "KW-B", "2");
    await waitRow(frame, "A-01-01-01", "KW-A", "3");
  });

  it("receives units straight into their bins, the usual one proposed, and prints the bins' labels", async () => {
    await openFromRail(admin, "仓库", "入库单");
    const list = await tabFrame(admin, "入库单");
    await list.getByRole("button", { name: "新建入库单", exact: true }).click();
    const form = await tabFrame(admin, "新建入库单");
    await form.getByRole("combobox", { name: "仓库" }).selectOption({ label: "库位仓" });
    for (const sku of ["KW-A", "KW-B"]) {
      await form.getByLabel("查找产品").fill(sku);
      await form.getByRole("button", { name: `添加 ${sku}`, exact: true }).click();
    }
    // KW-B's usual bin is the one holding it; KW-A is in both (3 each): the first by code, changed here to the other.
    const binOf = (sku) => form.getByLabel(`${sku} 上架库位`);
    await form.waitForFunction(() => [...document.querySelectorAll("select")].filter((s) => /上架库位/.test(s.getAttribute("aria-label")) && s.selectedOptions[0]?.text === "A-01-01-01").length === 2);
    await binOf("KW-A").selectOption({ label: "A-01-01-02" });
    await form.getByLabel("KW-A 数量").fill("4");
    await form.getByLabel("KW-B 数量").fill("2");
    await admin.screenshot({ path: artifact("bins-inbound-new-desktop.png") });
    const open = await tabTitles(admin);
    await form.getByRole("button", { name: "保存", exact: true }).click();
    await admin.waitForFunction((before) => {
      const titles = [...document.querySelectorAll('[role="tablist"] [role="tab"]')].map((t) => t.textContent.trim());
      return titles.some((t) => /^入库单 RK\d{8}-\d{4}$/.test(t) && !before.includes(t));
    }, open);
    const title = (await tabTitles(admin)).find((t) => /^入库单 RK/.test(t) && !open.includes(t));
    const detail = await tabFrame(admin, title);
    await detail.getByRole("cell", { name: "A-01-01-02", exact: true }).waitFor();
    const id = new URL(await detail.url()).searchParams.get("id");
    await apiCall(admin, "POST", `/erp/api/v1/inbound/${id}/submit`);
    await apiCall(admin, "POST", `/erp/api/v1/inbound/${id}/approve`);

    const frame = await tabFrame(page, "库位");
    await frame.getByRole("button", { name: "刷新", exact: true }).click();
    await waitRow(frame, "A-01-01-02", "KW-A", "7");
    await waitRow(frame, "A-01-01-01", "KW-B", "4");

    // The label sheet: a QR code and the code of each bin, in code order, readable and printable without script.
    const sheet = await page.context().newPage();
    try {
      await sheet.goto(`/bin/print?warehouseId=${WAREHOUSE}`);
      await sheet.getByRole("heading", { name: "库位标签" }).waitFor();
      assert.deepEqual(await sheet.locator(".label-code").allInnerTexts(), ["A-01-01-01", "A-01-01-02"]);
      assert.equal(await sheet.locator('img.label-qr[src^="data:image/svg+xml,"]').count(), 2);
      await sheet.screenshot({ path: artifact("bins-labels-desktop.png"), fullPage: true });
      await sheet.emulateMedia({ media: "print" });
      await sheet.screenshot({ path: artifact("bins-labels-print.png"), fullPage: true });
    } finally {
      await sheet.close();
    }
  });

  it("lists every put-away and move in 移库记录, newest first, with who did it", async () => {
    const frame = await tabFrame(page, "库位");
    await frame.getByRole("tab", { name: "移库记录" }).click();
    await tableLoaded(frame);
    await frame.locator("tbody tr").filter({ hasText: "仓管小王" }).first().waitFor();
    const rows = (await frame.locator("tbody tr").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
    assert.equal(rows.length, 3, rows.join("\n"));
    assert.match(rows[0], /移库 库位仓 KW-A 蓝牙耳机 A-01-01-02 A-01-01-01 2 仓管小王/);
    assert.match(rows[2], /上架 库位仓 KW-A 蓝牙耳机 待上架 A-01-01-02 5 仓管小王/);
    await page.screenshot({ path: artifact("bins-moves-desktop.png") });
  });

  it("draws 库位 at 1280 px and 390 px, light and dark", async () => {
    for (const [size, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
      for (const dark of [false, true]) {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await look.goto("/login");
          await signIn(look, { account: KEEPER, password: KEEPER_PASSWORD });
          await look.goto("/erp/warehouse/shelf?embed=1");
          await look.getByRole("cell", { name: "A-01-01-01", exact: true }).waitFor();
          await look.screenshot({ path: artifact(`bins-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.getByRole("tab", { name: "库位库存" }).click();
          await look.getByRole("cell", { name: "待上架" }).first().waitFor();
          await look.getByRole("button", { name: "上架" }).first().click();
          await look.locator("dialog[open]").waitFor();
          await look.screenshot({ path: artifact(`bins-stock-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.keyboard.press("Escape");
          await look.locator("dialog[open]").waitFor({ state: "detached" });
          await look.getByRole("tab", { name: "移库记录" }).click();
          await look.getByRole("cell", { name: "仓管小王" }).first().waitFor();
          await look.screenshot({ path: artifact(`bins-moves-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          assert.deepEqual(look.scriptErrors.map((e) => e.message), []);
        } finally {
          await look.context().close();
        }
      }
    }
  });
});
