// VAT发票 with Amazon's VAT calculation service (VCS) as the demo company's bookkeeper. A German order (written
// straight in the database with its line of the VAT transactions report, GET_VAT_TRANSACTION_DATA: the demo sells in
// North America) first shows its VAT at the standard 19%; the store is then enrolled in VCS in 设置VAT税号, and the
// month's sums and the order take the report's VAT (7%) in its place, the source said; the invoice printed says
// the report's figures; leaving VCS brings the 19% back for the month, while the invoice already issued keeps its
// number and its figures. There is no upload of invoices to Amazon in the product: nothing here uploads.
//
// Hand figures: 2 × 119.00 + 4.99 shipping. At 19%: 238.00 × 19/119 = 38.00, 4.99 × 19/119 = 0.80, 38.80. The
// report says 15.57 on the items and 0.33 on the shipping at 7%: 15.90; the gross is 242.99 either way.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { pdfPages } from "./pdf.mjs";
import { openFromRail, signInToShell, tabFrame, waitForToast } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const ORDER = "302-4900000-0000245";
// Now in UTC as SQLite's rows hold it, a few minutes ago so that it is this month in Beijing too.
const at = new Date(Date.now() - 5 * 60 * 1000);
const now = at.toISOString().replace("T", " ").replace("Z", "");
const period = new Date(at.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 7);

async function toastSays(page, text) {
  const seen = await waitForToast(page, text);
  assert.ok(seen.includes(text), `toast ${text}; seen ${JSON.stringify(seen)}`);
}

describe("VAT发票 with the VAT calculation service", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer({ env: { SELLERHUB_DEMO_DATA: "true" } });
    server.sql(
      `INSERT INTO amazon_orders (id, company_id, group_id, seller_id, marketplace_id, amazon_order_id, purchase_date, last_updated_date, order_status, ship_city, ship_postal_code, ship_country, created_at, updated_at)
       SELECT 4924500000000001, company_id, group_id, id, 'A1PA6795UKMFR9', '${ORDER}', '${now}', '${now}', 'Shipped', 'Köln', '50667', 'DE', '${now}', '${now}' FROM sellers ORDER BY id LIMIT 1`,
    );
    server.sql(
      `INSERT INTO amazon_order_items (id, company_id, group_id, seller_id, marketplace_id, amazon_order_id, sku, product_name, purchase_date, order_status, quantity, currency, item_price, shipping_price, promotion_ids, created_at, updated_at)
       SELECT 4924500000000002, company_id, group_id, seller_id, marketplace_id, amazon_order_id, 'MUG-DE', 'Kaffeebecher Größe L', purchase_date, 'Shipped', 2, 'EUR', 2380000, 49900, '', created_at, updated_at FROM amazon_orders WHERE amazon_order_id = '${ORDER}'`,
    );
    // The order's SALE line of the VAT transactions report, in Money's units (1/10000) and the rate in 1/100 %.
    server.sql(
      `INSERT INTO vat_transactions (id, company_id, group_id, seller_id, marketplace_id, activity_period, sales_channel, transaction_type, transaction_event_id, activity_transaction_id, seller_sku, qty, currency, items_vat_incl, items_vat, ship_vat_incl, ship_vat, total_vat_excl, total_vat, total_vat_incl, vat_rate, sale_depart_country, sale_arrival_country, created_at, updated_at)
       SELECT 4924500000000003, company_id, group_id, seller_id, marketplace_id, '${period}', 'MFN', 'SALE', amazon_order_id, 'AT-0000245', 'MUG-DE', 2, 'EUR', 2380000, 155700, 49900, 3300, 2270900, 159000, 2429900, 700, 'DE', 'DE', created_at, updated_at FROM amazon_orders WHERE amazon_order_id = '${ORDER}'`,
    );
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  it("takes the order's VAT from the report once the store is enrolled, and prints it", async () => {
    await openFromRail(page, "财务", "VAT发票");
    const view = await tabFrame(page, "VAT发票");
    const de = view.locator('tr[data-market="德国"]');
    const order = view.getByRole("row").filter({ hasText: ORDER });
    // Not enrolled: the standard rate.
    await de.locator("[data-vat]").getByText("38.80").waitFor();
    assert.equal((await de.locator("[data-source]").innerText()).trim(), "按标准税率计算");
    await order.getByText("按标准税率计算").waitFor();

    // Enrolled in 设置VAT税号 (with the VAT number, which printing needs anyway).
    await view.getByRole("button", { name: "设置VAT税号" }).click();
    let dialog = view.getByRole("dialog");
    await dialog.getByRole("combobox", { name: /^站点/ }).selectOption({ label: "德国（19%）" });
    await dialog.getByRole("textbox", { name: /^VAT税号/ }).fill("DE 987 654 321");
    await dialog.getByLabel("开票公司名称").fill("Shenzhen Beispiel Handel GmbH");
    const vcs = dialog.getByRole("checkbox", { name: "已开通：同步VAT交易报告，订单VAT取自报告" });
    assert.equal(await vcs.isChecked(), false, "a new setting is not enrolled");
    await vcs.check();
    await dialog.getByRole("button", { name: "保存" }).click();
    await toastSays(view, "已保存");
    const setting = view.getByRole("table", { name: "VAT税号" }).getByRole("row").filter({ hasText: "DE987654321" });
    await setting.getByRole("cell", { name: "已开通" }).waitFor();

    // The month's sums and the order now take the report's VAT, without asking again.
    await de.locator("[data-vat]").getByText("15.90").waitFor();
    assert.equal((await de.locator("[data-source]").innerText()).trim(), "VAT交易报告");
    await order.getByText("亚马逊VAT交易报告").waitFor();
    const cells = await order.locator("td").allInnerTexts();
    assert.ok(cells.some((c) => c.includes("15.90")), `the order's VAT is the report's: ${cells}`);
    assert.ok(cells.some((c) => c.includes("242.99")), `its gross is unchanged: ${cells}`);
    await page.screenshot({ path: artifact("vat-vcs-enrolled.png") });

    // The invoice says the report's figures.
    const [download] = await Promise.all([page.waitForEvent("download"), order.getByRole("button", { name: "打印发票" }).click()]);
    assert.equal(download.suggestedFilename(), "DE-000001.pdf");
    const [text] = await pdfPages(readFileSync(await download.path()));
    for (const words of ["Rechnung", "DE-000001", ORDER, "DE987654321", "7%", "15,90EUR", "242,99EUR"]) {
      assert.ok(text.includes(words), `the invoice says ${words}: ${text}`);
    }
    assert.ok(!text.includes("38,80EUR"), `the invoice does not say the standard rate's VAT: ${text}`);
    await order.getByText("DE-000001").waitFor();

    // Leaving VCS: the month is at 19% again; the invoice issued keeps its number and the report's figures.
    await setting.getByRole("button", { name: "编辑" }).click();
    dialog = view.getByRole("dialog");
    const again = dialog.getByRole("checkbox", { name: "已开通：同步VAT交易报告，订单VAT取自报告" });
    assert.equal(await again.isChecked(), true, "the setting opens enrolled");
    await again.uncheck();
    await dialog.getByRole("button", { name: "保存" }).click();
    await setting.getByRole("cell", { name: "未开通" }).waitFor();
    await de.locator("[data-vat]").getByText("38.80").waitFor();
    assert.equal((await de.locator("[data-source]").innerText()).trim(), "按标准税率计算");
    const [reprint] = await Promise.all([page.waitForEvent("download"), order.getByRole("button", { name: "打印发票" }).click()]);
    assert.equal(reprint.suggestedFilename(), "DE-000001.pdf", "printed again, the same number");
    const [kept] = await pdfPages(readFileSync(await reprint.path()));
    assert.ok(kept.includes("15,90EUR") && kept.includes("7%"), `the issued invoice keeps the report's VAT: ${kept}`);
  });
});
