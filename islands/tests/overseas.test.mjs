// 海外仓库存 (issue 46): the stock of the overseas warehouses only, per product, from the same stock as 库存数量.
// The admin receives units into an overseas and an own warehouse; the screen lists the overseas ones alone,
// filtered by its warehouse drop-down (overseas warehouses only). Screenshots at 1280 px and 390 px, light and dark.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { signIn } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const OVERSEAS = "7460000000000920";
const OWN = "7460000000000921";

async function call(page, method, path, body) {
  const env = await page.evaluate(
    async ([m, p, b]) => {
      const r = await fetch(p, { method: m, headers: { "Content-Type": "application/json", Accept: "application/json" }, body: b === undefined ? undefined : JSON.stringify(b) });
      return r.json();
    },
    [method, path, body],
  );
  assert.equal(env.code, "201", `${method} ${path}: ${env.msg}`);
  return env.data;
}

describe("海外仓库存：只列海外仓的库存", () => {
  let server;

  before(async () => {
    server = await startServer();
    const now = new Date().toISOString().replace("T", " ").replace("Z", "");
    const company = `(SELECT company_id FROM users WHERE account = '${ADMIN_ACCOUNT}')`;
    server.sql(
      "INSERT INTO local_products (id, company_id, sku, name, image, kind, remark, disabled, created_at, updated_at) VALUES " +
        `(7460000000000925, ${company}, 'OS-A', '露营灯', '', 1, '', 0, '${now}', '${now}')`,
    );
    server.sql(
      "INSERT INTO warehouses (id, company_id, name, kind, address, allow_negative, stocktaking, disabled, remark, created_at, updated_at) VALUES " +
        `(${OVERSEAS}, ${company}, '美西海外仓', 'overseas', '', 0, 0, 0, '', '${now}', '${now}'), ` +
        `(${OWN}, ${company}, '自有仓OS', 'own', '', 0, 0, 0, '', '${now}', '${now}')`,
    );
    const admin = await newPage(server);
    try {
      await admin.goto("/login");
      await signIn(admin, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      for (const [warehouseId, quantity] of [[OVERSEAS, 12], [OWN, 30]]) {
        const doc = await call(admin, "POST", "/erp/api/v1/inbound", { warehouseId, lines: [{ productId: "7460000000000925", quantity }] });
        await call(admin, "POST", `/erp/api/v1/inbound/${doc.id}/submit`);
        await call(admin, "POST", `/erp/api/v1/inbound/${doc.id}/approve`);
      }
    } finally {
      await admin.context().close();
    }
  });
  after(async () => {
    await server?.stop();
  });

  it("lists OS-A in the overseas warehouse only, at 1280 px and 390 px, light and dark", async () => {
    for (const [size, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
      for (const dark of [false, true]) {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await look.goto("/login");
          await signIn(look, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
          await look.goto("/amazon/inventory/overseas?embed=1");
          await look.getByRole("cell", { name: "OS-A", exact: true }).waitFor();
          const rows = (await look.locator("tbody tr").filter({ hasText: "OS-A" }).allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
          assert.equal(rows.length, 1, rows.join("\n"));
          assert.match(rows[0], /美西海外仓 .*OS-A 露营灯 0 12 0/);
          const options = await look.getByRole("combobox", { name: "仓库" }).locator("option").allInnerTexts();
          assert.ok(options.includes("美西海外仓") && !options.includes("自有仓OS"), options.join(","));
          await look.screenshot({ path: artifact(`overseas-${size}-${dark ? "dark" : "light"}.png`), fullPage: true });
          assert.deepEqual(look.scriptErrors.map((e) => e.message), []);
        } finally {
          await look.context().close();
        }
      }
    }
  });
});
