// 盘点单 as a warehouse keeper does it (issue 46): a sub-user whose role grants 盘点单, 库存数量 and 库存流水 with the
// stocktake's buttons, signing in in a browser of their own, counts 盘点仓 whole: 新建盘点单, 开始盘点 (asked first,
// naming what freezes), then scans the labels in the barcode field as a scanner types them (the code, then Enter),
// a code no product has told in Chinese; one product's count typed; 过账 (asked first, naming the surplus and the
// loss) moves the differences, valued at cost, and 库存数量 and 库存流水 show them. The admin puts the products, the
// warehouse's stock (an approved 入库单) and the role in place. Screenshots at 1280 px and 390 px, light and dark,
// go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, apiCall, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, question, sayYes, signInToShell, tabFrame, tableLoaded, tabTitles } from "./shell.mjs";
import { signIn } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const KEEPER = "13912340046";
const KEEPER_PASSWORD = "Keeper#2026pass";
const ROLE = "7460000000000001";
const WAREHOUSE = "7460000000000010";

/** Calls the JSON API from the page, with its session, and answers the envelope's data (failing on a refusal). */
describe("盘点单：仓库管理员整仓扫码盘点并过账", () => {
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
        [[7460000000000001, "PD-A", "蓝牙耳机"], [7460000000000002, "PD-B", "手机支架"], [7460000000000003, "PD-C", "数据线"]]
          .map(([id, sku, name]) => `(${id}, ${company}, '${sku}', '${name}', '', 1, '', 0, '${now}', '${now}')`)
          .join(", "),
    );
    server.sql(
      "INSERT INTO product_costs (id, company_id, product_id, effective_from, unit_cost, created_at, updated_at) VALUES " +
        `(7460000000000021, ${company}, 7460000000000001, '2000-01-01', 12.5, '${now}', '${now}'), ` +
        `(7460000000000022, ${company}, 7460000000000002, '2000-01-01', 3.3, '${now}', '${now}')`,
    );
    server.sql(
      "INSERT INTO warehouses (id, company_id, name, kind, address, allow_negative, stocktaking, disabled, remark, created_at, updated_at) " +
        `VALUES (${WAREHOUSE}, ${company}, '盘点仓', 'own', '', 0, 0, 0, '', '${now}', '${now}')`,
    );
    // The warehouse keeper's role: the stocktake with its buttons, the stock and the ledger.
    server.sql(`INSERT INTO roles (id, company_id, name, code, is_default, created_at, updated_at) VALUES (${ROLE}, ${company}, '仓库管理员', '', 0, '${now}', '${now}')`);
    server.sql(`INSERT INTO role_menus (role_id, menu_id) SELECT ${ROLE}, id FROM menus WHERE code IN ('warehouse.stocktake', 'inventory.quantity', 'warehouse.record')`);
    server.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT ${ROLE}, id FROM menu_permissions WHERE code LIKE 'erp:wh:stocktake:%'`);

    admin = await newPage(server);
    await signInToShell(admin, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
    // 盘点仓 holds 5 PD-A and 4 PD-B, received on an approved 入库单.
    const doc = await apiCall(admin, "POST", "/erp/api/v1/inbound", {
      warehouseId: WAREHOUSE,
      lines: [
        { productId: "7460000000000001", quantity: 5 },
        { productId: "7460000000000002", quantity: 4 },
      ],
    });
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

  /** The texts of a column (by its heading) of the frame's table labelled label (the first table when none). */
  async function column(frame, heading, label) {
    const table = label ? frame.getByRole("table", { name: label }) : frame.locator("table").first();
    const heads = (await table.locator("thead th").allInnerTexts()).map((t) => t.replace(/[▲▼↕]/g, "").trim());
    const i = heads.indexOf(heading);
    assert.ok(i >= 0, `a ${heading} column: ${heads}`);
    return (await table.locator(`tbody tr td:nth-child(${i + 1})`).allInnerTexts()).map((t) => t.trim());
  }

  it("starts a whole-warehouse stocktake, asked first what freezes", async () => {
    await openFromRail(page, "仓库", "盘点单");
    const list = await tabFrame(page, "盘点单");
    await list.getByRole("button", { name: "新建盘点单", exact: true }).click();
    const form = await tabFrame(page, "新建盘点单");
    await form.getByRole("button", { name: "保存", exact: true }).click();
    assert.equal((await form.getByRole("alert").innerText()).trim(), "请选择仓库");
    await form.getByRole("combobox", { name: "仓库" }).selectOption({ label: "盘点仓" });
    assert.ok(await form.getByRole("radio", { name: "整仓盘点" }).isChecked(), "a whole warehouse by default");
    const open = await tabTitles(page);
    await form.getByRole("button", { name: "保存", exact: true }).click();
    await page.waitForFunction((before) => {
      const titles = [...document.querySelectorAll('[role="tablist"] [role="tab"]')].map((t) => t.textContent.trim());
      return titles.some((t) => /^盘点单 PD\d{8}-\d{4}$/.test(t) && !before.includes(t));
    }, open);
    detailTitle = (await tabTitles(page)).find((t) => /^盘点单 PD/.test(t) && !open.includes(t));
    const detail = await tabFrame(page, detailTitle);
    await detail.getByText("待提交", { exact: true }).waitFor();
    await detail.getByRole("button", { name: "开始盘点", exact: true }).click();
    const asked = await question(detail, `开始盘点 ${detailTitle.split(" ")[1]}`);
    assert.equal((await asked.locator("p").innerText()).trim(), "开始后“盘点仓”的全部产品将被冻结，过账或作废前不能出入库，并记录当前账面数量。");
    await sayYes(detail, "开始盘点");
    await detail.getByText("盘点中", { exact: true }).waitFor();
    assert.deepEqual(await column(detail, "SKU", "盘点产品"), ["PD-A", "PD-B"]);
    assert.deepEqual(await column(detail, "账面数量", "盘点产品"), ["5", "4"]);
  });

  it("counts by scanning (code, Enter), tells an unknown code, takes a typed count and posts the differences", async () => {
    const detail = await tabFrame(page, detailTitle);
    const scanner = detail.getByLabel("扫描条码");
    assert.ok(await scanner.evaluate((el) => el === document.activeElement), "the barcode field has the focus");
    // A scanner types fast and ends each label with Enter: 6 PD-A (one more than the book) and 2 PD-C (not on the
    // sheet: it joins with its book 0).
    for (const code of ["PD-A", "PD-A", "PD-A", "PD-C", "PD-A", "PD-A", "pd-c", "PD-A"]) {
      await scanner.pressSequentially(code, { delay: 5 });
      await scanner.press("Enter");
    }
    await detail.getByRole("status").filter({ hasText: "已盘 6" }).waitFor();
    await detail.getByRole("cell", { name: "PD-C", exact: true }).waitFor();
    await scanner.pressSequentially("NO-SUCH", { delay: 5 });
    await scanner.press("Enter");
    await detail.getByRole("alert").filter({ hasText: "条码 NO-SUCH 找不到产品（可扫描SKU或已配对Listing的FNSKU）" }).waitFor();
    // PD-B counted by hand: 1 of the 4 in the book.
    const b = detail.getByLabel("PD-B 盘点数量");
    await b.fill("1");
    await b.press("Enter");
    await detail.waitForFunction(() => [...document.querySelectorAll('table[aria-label="盘点产品"] tbody tr')].some((r) => r.textContent.includes("PD-B") && r.textContent.includes("-3")));
    assert.deepEqual(await column(detail, "SKU", "盘点产品"), ["PD-A", "PD-B", "PD-C"]);
    assert.deepEqual(await column(detail, "差异", "盘点产品"), ["+1", "-3", "+2"]);
    await page.screenshot({ path: artifact("stocktake-counting-desktop.png") });

    await detail.getByRole("button", { name: "过账", exact: true }).click();
    const number = detailTitle.split(" ")[1];
    const asked = await question(detail, `过账 ${number}`);
    assert.equal((await asked.locator("p").innerText()).trim(), "过账后将调整“盘点仓”的可用库存：盘盈 3 件，盘亏 3 件（按采购成本计价），并解除冻结。");
    await sayYes(detail, "过账");
    await detail.getByText("已完成", { exact: true }).waitFor();
    assert.deepEqual(await column(detail, "单价(元)", "盘点产品"), ["12.50", "3.30", "未填成本"]);
    assert.deepEqual(await column(detail, "金额(元)", "盘点产品"), ["12.50", "-9.90", "—"]);
    assert.equal(await detail.getByLabel("扫描条码").count(), 0, "a posted stocktake takes no more scans");
    await page.screenshot({ path: artifact("stocktake-posted-desktop.png") });

    await openFromRail(page, "仓库", "库存流水");
    const record = await tabFrame(page, "库存流水");
    await record.locator('input[name="docNumber"]').fill(number);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/erp/api/v1/stock/ledger");
    await record.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    await tableLoaded(record);
    await record.waitForFunction(() => document.querySelectorAll("tbody tr").length === 3);
    assert.deepEqual([...new Set(await column(record, "单据类型"))], ["盘点单"]);
    assert.deepEqual((await column(record, "可用(变动)")).sort(), ["+1", "+2", "-3"]);

    // The list shows it 已完成 with its surplus and loss.
    await openFromRail(page, "仓库", "盘点单");
    const list = await tabFrame(page, "盘点单");
    await list.getByRole("button", { name: "刷新", exact: true }).click();
    await list.locator("tbody tr").filter({ hasText: "已完成" }).waitFor();
    await page.screenshot({ path: artifact("stocktake-list-desktop.png") });
  });

  it("draws the stocktake at 1280 px and 390 px, light and dark", async () => {
    const id = new URL(await (await tabFrame(page, detailTitle)).url()).searchParams.get("id");
    for (const [size, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
      for (const dark of [false, true]) {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await look.goto("/login");
          await signIn(look, { account: KEEPER, password: KEEPER_PASSWORD });
          await look.goto(`/e/w/s/d?id=${id}&embed=1`);
          await look.getByText("已完成", { exact: true }).first().waitFor();
          await look.screenshot({ path: artifact(`stocktake-detail-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.goto("/e/w/s?embed=1");
          await look.getByRole("combobox", { name: "仓库" }).selectOption({ label: "盘点仓" });
          await look.getByRole("radio", { name: "指定产品" }).check();
          await look.getByLabel("查找产品").fill("PD-A");
          await look.getByRole("button", { name: "添加 PD-A", exact: true }).click();
          await look.screenshot({ path: artifact(`stocktake-new-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          assert.deepEqual(look.scriptErrors.map((e) => e.message), []);
        } finally {
          await look.context().close();
        }
      }
    }
  });
});
