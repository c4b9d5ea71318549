// 海外仓发货 to FBA through the shipment flow (issue 46): the company of islands/tests/shipseed (美国站店铺, 深圳仓
// with 40 MUG-02) also has 美西海外仓 holding 25 MUG-02. A person plans 10 from 美西海外仓 — the 发货仓库 drop-down
// offers the warehouses grouped by kind (自有仓, 海外仓) — creates the shipment and confirms picking:
// the 配货 step and 海外仓库存 show the units taken from 美西海外仓 (15 可用, 10 待出库), and 深圳仓 keeps its 40.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, apiCall, artifact, closeBrowser, getBrowser, newPage, startServer, PATIENCE } from "./harness.mjs";
import { clickTab, openFromRail, sayYes, signInToShell, tabFrame, waitForToast } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const OVERSEAS = "7460000000000940";
const US = "ATVPDKIKX0DER";

describe("海外仓发货到FBA：货件从海外仓出库", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer();
    execFileSync("go", ["run", "./islands/tests/shipseed", "seed", `sqlite://${join(server.dir, "db.sqlite")}`, ADMIN_ACCOUNT], { stdio: "inherit" });
    const now = new Date().toISOString().replace("T", " ").replace("Z", "");
    server.sql(
      "INSERT INTO warehouses (id, company_id, name, kind, address, allow_negative, stocktaking, disabled, remark, created_at, updated_at) VALUES " +
        `(${OVERSEAS}, (SELECT company_id FROM users WHERE account = ?), '美西海外仓', 'overseas', '', 0, 0, 0, '', '${now}', '${now}')`,
      ADMIN_ACCOUNT,
    );
    page = await newPage(server, { viewport: { width: 1280, height: 860 } });
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
    // 25 MUG-02 received into 美西海外仓 (an inbound document, as a first leg's receipt would leave them).
    const options = await apiCall(page, "GET", "/erp/api/v1/shipPlan/options");
    const group = options.groups.find((g) => g.name === "美国站店铺").id;
    const listings = await apiCall(page, "GET", `/erp/api/v1/shipPlan/listings?groupId=${group}&marketplaceId=${US}&warehouseId=${OVERSEAS}`);
    const mug = listings.find((l) => l.sellerSku === "US-MUG-02").productId;
    const doc = await apiCall(page, "POST", "/erp/api/v1/inbound", { warehouseId: OVERSEAS, lines: [{ productId: mug, quantity: 25 }] });
    await apiCall(page, "POST", `/erp/api/v1/inbound/${doc.id}/submit`);
    await apiCall(page, "POST", `/erp/api/v1/inbound/${doc.id}/approve`);
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  const row = (frame, text) => frame.locator("tbody tr").filter({ hasText: text });

  it("plans 10 MUG-02 from 美西海外仓 and takes them from its stock at 配货", async () => {
    await openFromRail(page, "物流", "发货计划");
    const plans = await tabFrame(page, "发货计划");
    await plans.getByRole("button", { name: "新建发货计划", exact: true }).click();
    const form = await tabFrame(page, "发货计划提交");
    const warehouse = form.getByRole("combobox", { name: "发货仓库" });
    await warehouse.locator("optgroup").first().waitFor({ state: "attached" });
    const groups = await warehouse.locator("optgroup").evaluateAll((gs) => gs.map((g) => [g.label, [...g.querySelectorAll("option")].map((o) => o.textContent)]));
    const byKind = Object.fromEntries(groups);
    assert.deepEqual(byKind["海外仓"], ["美西海外仓"], JSON.stringify(groups));
    assert.ok(byKind["自有仓"].includes("深圳仓") && !byKind["自有仓"].includes("美西海外仓"), JSON.stringify(groups));

    await form.getByRole("combobox", { name: "店铺" }).selectOption({ label: "美国站店铺" });
    await warehouse.selectOption({ label: "美西海外仓" });
    await form.getByRole("combobox", { name: "产品" }).selectOption({ label: "MUG-02 陶瓷马克杯" });
    await form.getByRole("combobox", { name: "平台SKU" }).locator("option", { hasText: "US-MUG-02（可用25）" }).waitFor({ state: "attached" });
    await form.getByRole("textbox", { name: "发货数量", exact: true }).fill("10");
    await form.getByRole("button", { name: "添加", exact: true }).click();
    assert.match(await row(form, "US-MUG-02").innerText(), /X00MUG0002\s+25/);
    await form.getByRole("textbox", { name: "备注" }).fill("海外仓补货");
    await form.getByRole("button", { name: "保存并提交", exact: true }).click();
    await form.getByText("已提交", { exact: true }).waitFor();
    assert.match(await form.locator("main").innerText(), /发货仓库：美西海外仓（海外仓）/);

    await clickTab(page, "发货计划");
    await plans.getByRole("button", { name: "刷新", exact: true }).click();
    await row(plans, "海外仓补货").waitFor();
    assert.match(await row(plans, "海外仓补货").innerText(), /美国站店铺\s+US\s+美西海外仓\s+1\s+10\s+已提交/);
    await row(plans, "海外仓补货").getByRole("button", { name: "创建货件", exact: true }).click();
    const dialog = plans.locator("dialog[open]");
    await dialog.locator('input[name="center"]').fill("ont8");
    await dialog.getByRole("button", { name: "创建货件", exact: true }).click();
    const frame = page.locator('#tab-frames iframe[title^="处理货件 LS"]');
    await frame.waitFor();
    const shipmentId = (await frame.getAttribute("title")).slice(5);
    const step = await tabFrame(page, `处理货件 ${shipmentId}`);
    // The step loads the shipment after it opens (加载中...): its source warehouse is read once it is drawn.
    await step.getByText(/发货仓库\s*美西海外仓/).first().waitFor({ timeout: PATIENCE });
    assert.match(await step.locator("body").innerText(), /发货仓库 美西海外仓/);
    assert.equal(Number((await row(step, "US-MUG-02").locator("td").allInnerTexts())[5]), 25);
    await step.getByRole("button", { name: "确认配货", exact: true }).click();
    await sayYes(step, "确认配货");
    const seen = await waitForToast(step, "已确认配货");
    assert.ok(seen.includes("已确认配货"), JSON.stringify(seen));
    await step.getByRole("list", { name: "处理步骤" }).getByRole("button", { name: "配货", exact: true }).click();
    await step.getByTestId("shipment-status").filter({ hasText: /^配货$/ }).waitFor();
    assert.equal(Number((await row(step, "US-MUG-02").locator("td").allInnerTexts())[5]), 15);
    await page.screenshot({ path: artifact("overseas-fba-picking.png"), fullPage: true });

    // 海外仓库存 shows them taken from 美西海外仓; 深圳仓 still holds its 40.
    await openFromRail(page, "仓库", "海外仓库存");
    const stock = await tabFrame(page, "海外仓库存");
    const mug = row(stock, "MUG-02");
    await mug.waitFor();
    assert.match((await mug.innerText()).replace(/\s+/g, " ").trim(), /美西海外仓 .*MUG-02 陶瓷马克杯 0 15 10/);
    const own = await apiCall(page, "POST", "/erp/api/v1/stock/page", { search: "MUG-02" });
    const sz = own.records.find((r) => r.warehouseName === "深圳仓");
    assert.equal(`${sz.fulfillable}/${sz.outbound}`, "40/0");
  });
});
