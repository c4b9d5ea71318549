// 库存货值 (issue 46) as the seeded admin reads it: today's stock of 货值仓 valued at its product's 采购成本, in the
// totals by warehouse and in the lines; a day before anything moved there shows the warehouse no more; a product
// without a cost is named, not valued. Screenshots at 1280 px and 390 px, light and dark, go to
// islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, apiCall, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";
import { signIn } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const WAREHOUSE = "7460000000000960";

describe("库存货值", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer();
    const now = new Date().toISOString().replace("T", " ").replace("Z", "");
    const company = `(SELECT company_id FROM users WHERE account = '${ADMIN_ACCOUNT}')`;
    server.sql(
      "INSERT INTO local_products (id, company_id, sku, name, image, kind, remark, disabled, created_at, updated_at) VALUES " +
        [[7460000000000961, "HZ-A", "蓝牙耳机"], [7460000000000962, "HZ-B", "手机支架"]]
          .map(([id, sku, name]) => `(${id}, ${company}, '${sku}', '${name}', '', 1, '', 0, '${now}', '${now}')`)
          .join(", "),
    );
    server.sql(
      "INSERT INTO product_costs (id, company_id, product_id, effective_from, unit_cost, created_at, updated_at) VALUES " +
        `(7460000000000971, ${company}, 7460000000000961, '2000-01-01', 12.5, '${now}', '${now}')`,
    );
    server.sql(
      "INSERT INTO warehouses (id, company_id, name, kind, address, allow_negative, stocktaking, disabled, remark, created_at, updated_at) " +
        `VALUES (${WAREHOUSE}, ${company}, '货值仓', 'own', '', 0, 0, 0, '', '${now}', '${now}')`,
    );
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
    const doc = await apiCall(page, "POST", "/erp/api/v1/inbound", {
      warehouseId: WAREHOUSE,
      lines: [
        { productId: "7460000000000961", quantity: 5 },
        { productId: "7460000000000962", quantity: 2 },
      ],
    });
    await apiCall(page, "POST", `/erp/api/v1/inbound/${doc.id}/submit`);
    await apiCall(page, "POST", `/erp/api/v1/inbound/${doc.id}/approve`);
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  it("values today's stock of 货值仓 at cost and leaves it out before anything moved there", async () => {
    await openFromRail(page, "仓库", "库存货值");
    const frame = await tabFrame(page, "库存货值");
    const byWarehouse = frame.getByRole("table", { name: "按仓库" });
    const row = byWarehouse.locator("tbody tr").filter({ hasText: "货值仓" });
    await row.waitFor();
    assert.deepEqual((await row.locator("td").allInnerTexts()).map((t) => t.trim()), ["货值仓自有仓", "7", "¥62.50", "1 个SKU"]);

    await frame.getByLabel("SKU或名称").fill("HZ-");
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await frame.locator("tbody tr").filter({ hasText: "HZ-B" }).filter({ hasText: "未填成本" }).waitFor();
    const a = frame.locator("tbody tr").filter({ hasText: "HZ-A" }).last();
    assert.match((await a.innerText()).replace(/\s+/g, " "), /货值仓 自有仓 HZ-A 蓝牙耳机 5 0 0 5 ¥12.50 ¥62.50/);
    await page.screenshot({ path: artifact("worth-desktop.png") });

    const before = new Date(Date.now() - 5 * 86400000);
    const day = `${before.getFullYear()}-${String(before.getMonth() + 1).padStart(2, "0")}-${String(before.getDate()).padStart(2, "0")}`;
    await frame.getByLabel("日期").fill(day);
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await frame.getByText(`${day} 日终库存货值`).waitFor();
    assert.equal(await byWarehouse.locator("tbody tr").filter({ hasText: "货值仓" }).count(), 0);
  });

  it("draws 库存货值 at 1280 px and 390 px, light and dark", async () => {
    for (const [size, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
      for (const dark of [false, true]) {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await look.goto("/login");
          await signIn(look, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
          await look.goto("/amazon/inventory/worth?embed=1");
          await look.getByRole("table", { name: "按仓库" }).locator("tbody tr").filter({ hasText: "货值仓" }).waitFor();
          await tableLoaded(look);
          await look.screenshot({ path: artifact(`worth-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          assert.deepEqual(look.scriptErrors.map((e) => e.message), []);
        } finally {
          await look.context().close();
        }
      }
    }
  });
});
