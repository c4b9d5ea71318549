// 仓库, 入库单, 出库单 and 库存流水 in the shell, as the seeded admin, the way a warehouse clerk works: create a
// warehouse; create an inbound document with two products found in the picker, submit and approve it, and see
// the stock and the ledger lines; an outbound document taking more than there is shows the refusal naming the SKU
// and what is available; an approved outbound document cancelled gives its stock back. Products are put straight
// into the database (their screens are another module's). Screenshots go to /tmp/shots-warehouse/.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { clickTab, openFromRail, question, sayYes, signInToShell, tabFrame, tableLoaded, tabTitles, waitForToast } from "./shell.mjs";

const SHOTS = process.env.SHOTS_DIR || "/tmp/shots-warehouse";

before(() => getBrowser());
after(() => closeBrowser());

/** A small square picture as a data address: the products' images. */
const picture = (color) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="${color}"/></svg>`)}`;

/** Adds the demo company's products to the server's SQLite database. */
function addProducts(server, products) {
  const now = new Date().toISOString().replace("T", " ").replace("Z", "");
  const rows = products
    .map(([id, sku, name, color]) => `(${id}, (SELECT company_id FROM users WHERE account = '${ADMIN_ACCOUNT}'), '${sku}', '${name}', '${picture(color)}', 1, '', 0, '${now}', '${now}')`)
    .join(", ");
  server.sql(`INSERT INTO local_products (id, company_id, sku, name, image, kind, remark, disabled, created_at, updated_at) VALUES ${rows}`);
}

describe("仓库、出入库单与库存流水", () => {
  let server;
  let page;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
    addProducts(server, [
      [7100000000000001, "WH-A", "蓝牙耳机", "#0369a1"],
      [7100000000000002, "WH-B", "手机支架", "#b45309"],
      [7100000000000003, "OTHER-C", "数据线", "#15803d"],
    ]);
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  const row = (frame, text) => frame.locator("tbody tr").filter({ hasText: text });
  const shot = (name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

  /** Polls until a tab titled by match (a RegExp), not among those open before, is open and returns its title. */
  async function newTabMatching(match, before) {
    for (const deadline = Date.now() + PATIENCE; Date.now() < deadline; await sleep(50)) {
      const t = (await tabTitles(page)).find((x) => match.test(x) && !before.includes(x));
      if (t) return t;
    }
    assert.fail(`no tab matching ${match}: ${await tabTitles(page)}`);
  }

  /** The texts of a column (by its heading) of the frame's table. */
  async function column(frame, heading) {
    const heads = (await frame.locator("thead th").allInnerTexts()).map((t) => t.replace(/[▲▼↕]/g, "").trim());
    const i = heads.indexOf(heading);
    assert.ok(i >= 0, `a ${heading} column: ${heads}`);
    return frame.locator(`tbody tr td:nth-child(${i + 1})`).allInnerTexts();
  }

  /**
   * Creates a document of kind (入库单 or 出库单) from its list: 新建, the warehouse, each product found by typing
   * in the picker and added with its quantity, 保存. Returns the detail tab's frame and the document's number.
   */
  async function createDocument(kind, lines, screenshot) {
    await openFromRail(page, "仓库", kind);
    const list = await tabFrame(page, kind);
    await list.getByRole("button", { name: `新建${kind}`, exact: true }).click();
    const form = await tabFrame(page, `新建${kind}`);
    if (screenshot) {
      // Saving an empty document says what is missing, first the warehouse, then the products.
      await form.getByRole("button", { name: "保存", exact: true }).click();
      assert.equal((await form.getByRole("alert").innerText()).trim(), "请选择仓库");
      await form.getByText("请先选择仓库，再添加产品。").waitFor();
    }
    await form.getByRole("combobox", { name: "仓库" }).selectOption({ label: "深圳仓" });
    if (screenshot) {
      await form.getByRole("button", { name: "保存", exact: true }).click();
      await form.getByRole("alert").getByText("请添加产品", { exact: true }).waitFor();
    }
    for (const [i, [sku, quantity]] of lines.entries()) {
      const search = form.getByLabel("查找产品");
      await search.fill(sku);
      // The first product is added with the mouse, the others from the keyboard (Enter adds the SKU typed).
      if (i === 0) await form.getByRole("button", { name: `添加 ${sku}`, exact: true }).click();
      else {
        // Enter acts only on the results of what is typed now; the results of the emptied search (after the line
        // before was added) offer this SKU too, so wait until every row shown answers it.
        await form.waitForFunction((typed) => {
          const found = [...document.querySelectorAll('table[aria-label="查找结果"] tbody tr')];
          return found.length > 0 && found.every((r) => r.textContent.includes(typed));
        }, sku);
        await search.press("Enter");
      }
      await form.getByLabel(`${sku} 数量`).fill(String(quantity));
    }
    if (screenshot) await shot(screenshot);
    const open = await tabTitles(page);
    await form.getByRole("button", { name: "保存", exact: true }).click();
    const title = await newTabMatching(new RegExp(`^${kind} (RK|CK)\\d{8}-\\d{4}$`), open);
    assert.ok(!(await tabTitles(page)).includes(`新建${kind}`), "the create tab hands over to the detail tab");
    const detail = await tabFrame(page, title);
    await detail.getByText("待提交", { exact: true }).waitFor();
    return { detail, number: title.split(" ")[1] };
  }

  /** Takes a step of a document (提交, 审核, 作废): it asks first, and the person says yes. */
  async function step(detail, action, status) {
    await detail.getByRole("button", { name: action, exact: true }).click();
    await sayYes(detail, action);
    await detail.getByText(status, { exact: true }).waitFor();
  }

  /**
   * Clicks 查询 in the frame and waits until its table shows this query's answer (path: the table's source). The
   * rows of an earlier load are on screen until then and may already hold what the caller looks for, so it waits
   * for the table's own load to finish first, then for the answer to the query, then for the table to show it.
   */
  async function query(frame, path) {
    await tableLoaded(frame);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path);
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    await tableLoaded(frame);
  }

  async function stockOf(sku) {
    await openFromRail(page, "仓库", "库存数量");
    const record = await tabFrame(page, "库存数量");
    await record.locator("#stock-filter").getByRole("combobox", { name: "仓库" }).selectOption({ label: "深圳仓" });
    await query(record, "/erp/api/v1/stock/page");
    const skus = await column(record, "SKU");
    assert.ok(skus.includes(sku), `${sku} in the stock of 深圳仓: ${skus}`);
    assert.deepEqual([...new Set(await column(record, "仓库"))], ["深圳仓"], "the stock of 深圳仓 only");
    const fulfillable = await column(record, "可用");
    return Number(fulfillable[skus.indexOf(sku)]);
  }

  it("creates a warehouse", async () => {
    await openFromRail(page, "仓库", "仓库");
    const frame = await tabFrame(page, "仓库");
    // The demo company's seeded warehouses are there already.
    await row(frame, "深圳自有仓").waitFor();
    await frame.getByRole("button", { name: "新增仓库", exact: true }).click();
    const dialog = frame.locator("dialog[open]");
    await dialog.locator('input[name="name"]').fill("深圳仓");
    await dialog.locator('select[name="kind"]').selectOption({ label: "自有仓" });
    await dialog.locator('input[name="address"]').fill("广东省深圳市宝安区福永街道");
    await dialog.locator('input[name="remark"]').fill("主仓");
    await dialog.getByRole("button", { name: "保存", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    assert.ok((await waitForToast(frame, "操作成功!")).includes("操作成功!"));
    await row(frame, "深圳仓").waitFor();
    assert.match(await row(frame, "深圳仓").innerText(), /自有仓[\s\S]*宝安区[\s\S]*不允许[\s\S]*启用[\s\S]*主仓/);
    await shot("warehouses");

    // The seeded demo stock shows in 库存数量 with its pictures.
    await openFromRail(page, "仓库", "库存数量");
    const record = await tabFrame(page, "库存数量");
    await row(record, "DEMO-MUG-01").first().waitFor();
    await record.locator('tbody img[alt="DEMO-MUG-01"]').first().waitFor();
    await shot("stock-demo");
  });

  it("refuses a second warehouse named 深圳仓 in the dialog with 仓库名称已存在, not the generic duplicate notice", async () => {
    await openFromRail(page, "仓库", "仓库");
    const frame = await tabFrame(page, "仓库");
    await row(frame, "深圳仓").waitFor();
    await frame.getByRole("button", { name: "新增仓库", exact: true }).click();
    const dialog = frame.locator("dialog[open]");
    await dialog.locator('input[name="name"]').fill("深圳仓");
    await dialog.getByRole("button", { name: "保存", exact: true }).click();
    const alert = dialog.getByRole("alert");
    await alert.waitFor();
    assert.equal((await alert.innerText()).trim(), "仓库名称已存在");
    await shot("warehouse-name-taken");
    await dialog.getByRole("button", { name: "取消", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    assert.equal(await row(frame, "深圳仓").count(), 1, "nothing was added");
  });

  let inbound;
  it("receives two products with an inbound document: submit, approve, then the stock and the ledger show them", async () => {
    inbound = await createDocument("入库单", [["WH-A", 10], ["WH-B", 4]], "inbound-new");
    const { detail, number } = inbound;
    assert.deepEqual(await column(detail, "SKU"), ["WH-A", "WH-B"]);
    assert.deepEqual(await column(detail, "入库数量"), ["10", "4"]);
    assert.equal(await detail.getByRole("button", { name: "审核", exact: true }).count(), 0, "a draft is submitted before it is approved");
    await step(detail, "提交", "待审核");
    await step(detail, "审核", "已完成");
    await detail.getByText("店主", { exact: false }).or(detail.getByText("管理员", { exact: false })).first().waitFor();
    await shot("inbound-detail");

    assert.equal(await stockOf("WH-A"), 10);
    assert.equal(await stockOf("WH-B"), 4);
    await shot("stock");

    await openFromRail(page, "仓库", "库存流水");
    const record = await tabFrame(page, "库存流水");
    await record.locator('input[name="docNumber"]').fill(number);
    await query(record, "/erp/api/v1/stock/ledger");
    assert.deepEqual((await column(record, "SKU")).sort(), ["WH-A", "WH-B"]);
    assert.deepEqual(await column(record, "单据类型"), ["入库单", "入库单"]);
    assert.deepEqual(await column(record, "单据号"), [number, number]);
    const changes = await column(record, "可用(变动)");
    assert.deepEqual(changes.sort(), ["+10", "+4"]);
    await shot("ledger");
  });

  it("refuses an outbound document taking more than there is, naming the SKU and the available quantity", async () => {
    const { detail, number } = await createDocument("出库单", [["WH-A", 3], ["WH-B", 4]]);
    // The draft is edited in place: typing more than the 4 there are warns at once, naming the available quantity,
    // and still saves (the stock may come in before 审核).
    await detail.getByRole("button", { name: "编辑", exact: true }).click();
    const form = detail.getByRole("form", { name: `编辑出库单 ${number}` });
    await form.getByLabel("WH-B 数量").fill("5");
    await form.getByRole("status").filter({ hasText: "超出可用库存 4，审核时将被拒绝" }).waitFor();
    assert.equal(await form.getByRole("status").count(), 1, "only the line beyond the stock is warned of");
    await form.getByRole("button", { name: "保存", exact: true }).click();
    await form.waitFor({ state: "detached" });
    assert.deepEqual(await column(detail, "出库数量"), ["3", "5"]);
    await step(detail, "提交", "待审核");
    assert.equal(await detail.getByRole("button", { name: "编辑", exact: true }).count(), 0, "a submitted document is not edited");
    await detail.getByRole("button", { name: "审核", exact: true }).click();
    const asked = await question(detail, `审核出库单 ${number}`);
    assert.equal((await asked.locator("p").innerText()).trim(), "审核后将从“深圳仓”出库 2 个产品共 8 件。");
    await sayYes(detail, "审核");
    const alert = detail.getByRole("alert");
    await alert.waitFor();
    assert.equal((await alert.innerText()).trim(), "库存不足：SKU WH-B 可用库存 4，出库数量 5");
    assert.equal(await detail.getByText("待审核", { exact: true }).count(), 1, "the document stays 待审核");
    await shot("outbound-short");
    assert.equal(await stockOf("WH-A"), 10, "nothing moved");
  });

  it("cancels an approved outbound document and the stock comes back", async () => {
    const { detail, number } = await createDocument("出库单", [["WH-A", 3]]);
    assert.match(number, /^CK\d{8}-0002$/);
    await step(detail, "提交", "待审核");
    await step(detail, "审核", "已完成");
    assert.equal(await stockOf("WH-A"), 7);
    await clickTab(page, `出库单 ${number}`);
    await step(detail, "作废", "已作废");
    assert.equal(await detail.getByRole("button", { name: "作废", exact: true }).count(), 0);
    await shot("outbound-cancelled");
    assert.equal(await stockOf("WH-A"), 10);

    // The 出库单 list shows both documents with their states.
    await openFromRail(page, "仓库", "出库单");
    const list = await tabFrame(page, "出库单");
    await list.getByRole("button", { name: "刷新", exact: true }).click();
    await row(list, "已作废").waitFor();
    assert.deepEqual((await column(list, "状态")).sort(), ["已作废", "待审核"]);
    await shot("outbound-list");
  });
});
