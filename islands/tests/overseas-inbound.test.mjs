// 海外仓入库 (/e/w/os/i, /e/w/os/r; issue 46): from 海外仓库存's 海外仓入库单 tab a warehouse keeper ships a first
// leg from an own warehouse to an overseas one by a 物流跟踪 channel (asked first what moves), reads it 运输中 with
// its estimated arrival, receives one unit short at the overseas warehouse (the reason asked for), and finds the
// received units in 海外仓库存.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, apiCall, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { signIn } from "./flows.mjs";
import { openFromRail, question, sayYes, signInToShell, tabFrame, tabTitles } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const OVERSEAS = "7460000000000930";
const OWN = "7460000000000931";
const PRODUCT = "7460000000000935";

const rowsOf = async (table) => (await table.locator("tbody tr").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());

describe("海外仓入库：头程发货并在海外仓收货", () => {
  let server;

  before(async () => {
    server = await startServer();
    const now = new Date().toISOString().replace("T", " ").replace("Z", "");
    const company = `(SELECT company_id FROM users WHERE account = '${ADMIN_ACCOUNT}')`;
    server.sql(
      "INSERT INTO local_products (id, company_id, sku, name, image, kind, remark, disabled, created_at, updated_at) VALUES " +
        `(${PRODUCT}, ${company}, 'HR-LAMP', '露营灯', '', 1, '', 0, '${now}', '${now}')`,
    );
    server.sql(
      "INSERT INTO warehouses (id, company_id, name, kind, address, allow_negative, stocktaking, disabled, remark, created_at, updated_at) VALUES " +
        `(${OVERSEAS}, ${company}, '美东海外仓', 'overseas', '', 0, 0, 0, '', '${now}', '${now}'), ` +
        `(${OWN}, ${company}, '宁波自有仓', 'own', '', 0, 0, 0, '', '${now}', '${now}')`,
    );
    const admin = await newPage(server);
    try {
      await admin.goto("/login");
      await signIn(admin, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      const doc = await apiCall(admin, "POST", "/erp/api/v1/inbound", { warehouseId: OWN, lines: [{ productId: PRODUCT, quantity: 10 }] });
      await apiCall(admin, "POST", `/erp/api/v1/inbound/${doc.id}/submit`);
      await apiCall(admin, "POST", `/erp/api/v1/inbound/${doc.id}/approve`);
      await apiCall(admin, "POST", "/erp/api/v1/freightChannel", { carrier: "美森", name: "美森快船", mode: "sea", days: 18, basis: "kg", unitPrice: "8.5" });
    } finally {
      await admin.context().close();
    }
  });
  after(async () => {
    await server?.stop();
  });

  it("ships 6 HR-LAMP by 美森快船 to 美东海外仓 and receives 5 there with the reason of the missing one", async () => {
    const page = await newPage(server);
    try {
      await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      await openFromRail(page, "仓库", "海外仓库存");
      const list = await tabFrame(page, "海外仓库存");
      await list.getByRole("tab", { name: "海外仓入库单" }).click();
      await list.getByRole("button", { name: "新建海外仓入库单", exact: true }).click();
      const form = await tabFrame(page, "新建海外仓入库单");

      // The first leg leaves an own warehouse for an overseas one: each drop-down offers only its kind.
      const from = form.getByRole("combobox", { name: "发货仓库" });
      const to = form.getByRole("combobox", { name: "海外仓" });
      await from.locator("option", { hasText: "宁波自有仓" }).waitFor({ state: "attached" });
      const fromOptions = await from.locator("option").allInnerTexts();
      const toOptions = await to.locator("option").allInnerTexts();
      assert.ok(fromOptions.includes("宁波自有仓") && !fromOptions.includes("美东海外仓"), fromOptions.join(","));
      assert.ok(toOptions.includes("美东海外仓") && !toOptions.includes("宁波自有仓"), toOptions.join(","));
      await from.selectOption({ label: "宁波自有仓" });
      await to.selectOption({ label: "美东海外仓" });
      await form.getByLabel("查找产品").fill("HR-LAMP");
      await form.getByRole("button", { name: "添加 HR-LAMP", exact: true }).click();
      await form.getByLabel("HR-LAMP 数量").fill("6");
      await form.getByRole("button", { name: "保存", exact: true }).click();
      assert.equal((await form.getByRole("alert").innerText()).trim(), "请选择物流渠道");
      await form.getByRole("combobox", { name: "物流渠道" }).selectOption({ label: "美森 · 美森快船（海运，18天）" });
      await form.getByRole("textbox", { name: "箱数" }).fill("2");
      await form.getByRole("textbox", { name: "跟踪单号" }).fill("MATS0001");
      const open = await tabTitles(page);
      await form.getByRole("button", { name: "保存", exact: true }).click();
      await page.waitForFunction(
        (before) => [...document.querySelectorAll('[role="tablist"] [role="tab"]')].some((t) => /^海外仓入库单 HR\d{8}-\d{4}$/.test(t.textContent.trim()) && !before.includes(t.textContent.trim())),
        open,
      );
      const title = (await tabTitles(page)).find((t) => /^海外仓入库单 HR/.test(t) && !open.includes(t));
      const number = title.split(" ")[1];
      const detail = await tabFrame(page, title);
      await detail.getByText("待提交", { exact: true }).waitFor();
      await detail.getByRole("button", { name: "提交", exact: true }).click();
      await sayYes(detail, "提交");
      await detail.getByText("待审核", { exact: true }).waitFor();
      await detail.getByRole("button", { name: "发货", exact: true }).click();
      const asked = await question(detail, `发货 ${number}`);
      assert.equal(
        (await asked.locator("p").innerText()).trim(),
        "发货后将从“宁波自有仓”发出 1 个产品共 6 件（2 箱，美森 美森快船），运输中计入“美东海外仓”的待入库，海外仓收货后入库。",
      );
      await sayYes(detail, "发货");
      await detail.getByText("运输中", { exact: true }).waitFor();
      const arrival = await detail.locator("dt", { hasText: "预计到货" }).locator("xpath=following-sibling::dd").innerText();
      assert.match(arrival.trim(), /^\d{4}-\d{2}-\d{2}$/);
      for (const [label, value] of [["承运商", "美森"], ["物流渠道", "美森快船"], ["跟踪单号", "MATS0001"], ["箱数", "2"]]) {
        assert.equal((await detail.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd").innerText()).trim(), value, label);
      }

      // Received at the overseas warehouse: 5 of the 6, the difference needs its reason.
      await detail.getByRole("button", { name: "收货", exact: true }).click();
      await detail.getByLabel("HR-LAMP 实收数量").fill("5");
      await detail.getByRole("button", { name: "确认收货", exact: true }).click();
      assert.equal((await detail.getByRole("alert").innerText()).trim(), "实收数量与发货数量不同，请填写差异原因");
      await detail.getByRole("textbox", { name: "差异原因" }).fill("海外仓签收少1件");
      await detail.getByRole("button", { name: "确认收货", exact: true }).click();
      const receipt = await question(detail, `收货 ${number}`);
      assert.equal((await receipt.locator("p").innerText()).trim(), "收货后“美东海外仓”入库 5 件，少收的 1 件按差异记入库存流水（海外仓签收少1件）。");
      await sayYes(detail, "收货");
      await detail.getByText("已完成", { exact: true }).waitFor();
      const lines = await rowsOf(detail.getByRole("table", { name: "单据产品" }));
      assert.equal(lines.length, 1, lines.join("\n"));
      assert.match(lines[0], /HR-LAMP 露营灯 6 5 -1$/);
      await page.screenshot({ path: artifact("overseas-in-detail-desktop.png"), fullPage: true });

      // 海外仓库存 shows the 5 received in 美东海外仓; its 海外仓入库单 tab lists the document 已完成.
      await page.getByRole("tab", { name: "海外仓库存", exact: true }).click();
      await list.getByRole("button", { name: "查询", exact: true }).click();
      await list.locator("tbody tr").filter({ hasText: number }).filter({ hasText: "已完成" }).waitFor();
      await list.getByRole("tab", { name: "库存" }).click();
      const stock = list.locator("tbody tr").filter({ hasText: "HR-LAMP" });
      await stock.waitFor();
      assert.match((await stock.innerText()).replace(/\s+/g, " ").trim(), /美东海外仓 .*HR-LAMP 露营灯 0 5 0/);
      assert.deepEqual(page.scriptErrors.map((e) => e.message), []);
    } finally {
      await page.context().close();
    }
  });
});
