// 本地产品's stock columns: 可用, 待出库 and 在途 show by default (issue 43 #18: hidden, nobody found them) and hold each
// demo product's stock summed over the company's warehouses, the same totals 库存数量 lists warehouse by warehouse;
// 列配置 can still hide them.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, tableLoaded } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const SKU = "DEMO-MUG-01";
const STOCK = ["可用", "待出库", "在途"];

describe("本地产品的库存列", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  /** The list's headings and the cells of its rows, once it has loaded. */
  async function shown(frame) {
    await tableLoaded(frame);
    const header = (await frame.locator("thead th").allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, "").trim());
    const rows = await frame.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    return { header, rows };
  }

  it("库存数量 lists the demo mug's stock in each warehouse; 本地产品 shows its totals by default", async () => {
    await openFromRail(page, "仓库", "库存数量");
    const stock = await tabFrame(page, "库存数量");
    await stock.getByLabel("SKU或名称", { exact: true }).fill(SKU);
    const answered = page.waitForResponse((r) => r.url().endsWith("/stock/page"));
    await stock.getByRole("button", { name: "查询", exact: true }).click();
    await answered;
    const perWarehouse = await shown(stock);
    const mugRows = perWarehouse.rows.filter((r) => r[perWarehouse.header.indexOf("SKU")] === SKU);
    assert.ok(mugRows.length > 0, "the demo mug is stocked");
    const sum = (heading) => mugRows.reduce((n, r) => n + Number(r[perWarehouse.header.indexOf(heading)]), 0);
    const want = [sum("可用"), sum("待出库"), sum("待入库")].map(String);
    assert.ok(Number(want[0]) > 0, `the demo mug has fulfillable stock: ${want}`);

    await openFromRail(page, "产品", "本地产品");
    const products = await tabFrame(page, "本地产品");
    const list = await shown(products);
    for (const heading of STOCK) assert.ok(list.header.includes(heading), `${heading} shows by default`);
    await products.getByRole("button", { name: "列配置", exact: true }).click();
    const dialog = products.getByRole("dialog", { name: "列配置" });
    for (const heading of STOCK) assert.equal(await dialog.getByRole("checkbox", { name: heading, exact: true }).isChecked(), true, `${heading} is offered, shown`);
    await dialog.getByRole("button", { name: "关闭", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const mug = list.rows.find((r) => r.includes(SKU));
    assert.ok(mug, `${SKU} among the products`);
    assert.deepEqual(STOCK.map((h) => mug[list.header.indexOf(h)]), want, "the mug's totals over the warehouses");
  });
});
