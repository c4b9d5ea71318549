// 资金账户 and VAT发票 as the demo company's bookkeeper. 资金账户: an account is added with its opening balance, an
// income typed, the balance read to the cent; a file that is no workbook is refused in Chinese and changes nothing;
// voiding the income asks first, then takes it out of the balance. VAT发票: a German order (written straight in the
// database: the demo sells in North America) shows its VAT at 19%; printing is refused until the store's VAT number
// is set, then 打印发票 downloads the PDF, whose text is read back: German words, the number DE-000001, the VAT number
// and the amounts; printing again gives the same number. Screenshots at 1280 and 390 px, light and dark.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { pdfPages } from "./pdf.mjs";
import { openFromRail, signInToShell, tabFrame, waitForToast } from "./shell.mjs";

before(() => getBrowser());

// toastSays waits for a toast of the text, and fails with the toasts seen when it does not come.
async function toastSays(page, text) {
  const seen = await waitForToast(page, text);
  assert.ok(seen.includes(text), `toast ${text}; seen ${JSON.stringify(seen)}`);
}
after(() => closeBrowser());

const ORDER = "302-4900000-0000133";
// Today in UTC as SQLite's rows hold it, a few minutes ago so that it is this month in Beijing too.
const now = new Date(Date.now() - 5 * 60 * 1000).toISOString().replace("T", " ").replace("Z", "");

describe("资金账户 and VAT发票", () => {
  let server;
  let page;

  before(async () => {
    server = await startServer({ env: { SELLERHUB_DEMO_DATA: "true" } });
    server.sql(
      `INSERT INTO amazon_orders (id, company_id, group_id, seller_id, marketplace_id, amazon_order_id, purchase_date, last_updated_date, order_status, ship_city, ship_postal_code, ship_country, created_at, updated_at)
       SELECT 4913300000000001, company_id, group_id, id, 'A1PA6795UKMFR9', '${ORDER}', '${now}', '${now}', 'Shipped', 'München', '80331', 'DE', '${now}', '${now}' FROM sellers ORDER BY id LIMIT 1`,
    );
    server.sql(
      `INSERT INTO amazon_order_items (id, company_id, group_id, seller_id, marketplace_id, amazon_order_id, sku, product_name, purchase_date, order_status, quantity, currency, item_price, shipping_price, promotion_ids, created_at, updated_at)
       SELECT 4913300000000002, company_id, group_id, seller_id, marketplace_id, amazon_order_id, 'MUG-DE', 'Kaffeebecher Größe L', purchase_date, 'Shipped', 2, 'EUR', 2380000, 49900, '', created_at, updated_at FROM amazon_orders WHERE amazon_order_id = '${ORDER}'`,
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

  it("keeps an account's balance to the cent, refuses a bad file, voids after asking", async () => {
    await openFromRail(page, "财务", "资金账户");
    const view = await tabFrame(page, "资金账户");
    await view.getByText("还没有资金账户").waitFor();
    await view.getByRole("button", { name: "新增账户" }).click();
    let dialog = view.getByRole("dialog");
    await dialog.getByLabel("账户名称").fill("招行美元户");
    await dialog.getByLabel("币种").selectOption("USD");
    await dialog.getByLabel("期初余额").fill("1000.10");
    await dialog.getByRole("button", { name: "保存" }).click();
    await toastSays(view, "已保存");
    const row = view.locator('tr[data-account="招行美元户"]');
    await row.locator("[data-balance]").getByText("1,000.10").waitFor();

    await view.getByRole("button", { name: "新增流水" }).click();
    dialog = view.getByRole("dialog");
    await dialog.getByLabel("金额").fill("64.66");
    await dialog.getByLabel("对方").fill("Amazon");
    await dialog.getByRole("button", { name: "保存" }).click();
    await toastSays(view, "已添加");
    await row.locator("[data-balance]").getByText("1,064.76").waitFor();
    await view.getByRole("cell", { name: "Amazon", exact: true }).waitFor();

    // A file that is not a workbook: refused in Chinese, nothing added.
    const bad = join(server.dir, "流水.xlsx");
    writeFileSync(bad, "这不是表格");
    await view.getByRole("button", { name: "导入流水" }).click();
    dialog = view.getByRole("dialog");
    await dialog.getByLabel("导入文件").setInputFiles(bad);
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    await dialog.getByRole("alert").getByText("文件格式不正确，请使用资金流水导入模板（.xlsx）").waitFor();
    await dialog.getByRole("button", { name: "取消" }).click();
    await view.getByRole("dialog").waitFor({ state: "detached" });
    assert.match(await row.locator("[data-balance]").innerText(), /1,064\.76/, "the refused file changed nothing");
    await page.screenshot({ path: artifact("funds.png") });

    // Voiding asks, naming the amount; once confirmed the balance is the opening one again.
    await view.getByRole("button", { name: "作废" }).first().click();
    dialog = view.getByRole("dialog");
    await dialog.getByText("将不再计入账户余额").waitFor();
    await dialog.getByRole("button", { name: "作废" }).click();
    await toastSays(view, "已作废");
    await row.locator("[data-balance]").getByText("1,000.10").waitFor();
  });

  it("prints a German order's VAT invoice, numbered once", async () => {
    await openFromRail(page, "财务", "VAT发票");
    const view = await tabFrame(page, "VAT发票");
    const de = view.locator('tr[data-market="德国"]');
    // 2 × 119.00 + 4.99 shipping at 19%: 38.00 + 0.80.
    await de.locator("[data-vat]").getByText("38.80").waitFor();
    const order = view.getByRole("row").filter({ hasText: ORDER });
    await order.waitFor();
    await order.getByRole("button", { name: "打印发票" }).click();
    await toastSays(view, "请先在“VAT税号设置”中填写该店铺在德国的VAT税号");

    await view.getByRole("button", { name: "设置VAT税号" }).click();
    const dialog = view.getByRole("dialog");
    await dialog.getByRole("combobox", { name: /^站点/ }).selectOption({ label: "德国（19%）" });
    await dialog.getByRole("textbox", { name: /^VAT税号/ }).fill("DE 123 456 789");
    await dialog.getByLabel("开票公司名称").fill("Shenzhen Beispiel Handel GmbH");
    await dialog.getByRole("button", { name: "保存" }).click();
    await view.getByRole("cell", { name: "DE123456789" }).waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), order.getByRole("button", { name: "打印发票" }).click()]);
    assert.equal(download.suggestedFilename(), "DE-000001.pdf");
    const [text] = await pdfPages(readFileSync(await download.path()));
    for (const words of ["Rechnung", "DE-000001", ORDER, "DE123456789", "ShenzhenBeispielHandelGmbH", "KaffeebecherGrößeL", "19%", "38,80EUR", "242,99EUR", "Gesamtbetrag"]) {
      assert.ok(text.includes(words), `the invoice says ${words}: ${text}`);
    }
    await order.getByText("DE-000001").waitFor();
    const [again] = await Promise.all([page.waitForEvent("download"), order.getByRole("button", { name: "打印发票" }).click()]);
    assert.equal(again.suggestedFilename(), "DE-000001.pdf", "printed again, the same number");
    await page.screenshot({ path: artifact("vat-invoice.png") });
  });

  for (const width of [1280, 390]) {
    for (const dark of [false, true]) {
      it(`draws at ${width} px in ${dark ? "dark" : "light"} mode`, async () => {
        const look = await newPage(server, { viewport: { width, height: 900 } });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await signInToShell(look, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
          await look.goto("/erp/finance/account?embed=1");
          await look.locator('tr[data-account="招行美元户"]').waitFor();
          await look.evaluate(() => document.fonts.ready);
          await look.screenshot({ path: artifact(`funds-${width}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.goto("/amazon/vat/invoice?embed=1");
          await look.locator('tr[data-market="德国"]').waitFor();
          await look.getByText("DE-000001").first().waitFor();
          await look.evaluate(() => document.fonts.ready);
          await look.screenshot({ path: artifact(`vat-invoice-${width}-${dark ? "dark" : "light"}.png`), fullPage: true });
        } finally {
          await look.context().close();
        }
      });
    }
  }
});
