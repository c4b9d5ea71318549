// SKU配对 in bulk, as a seller whose listings were synced from Amazon: select every listing, 生成本地产品 (named and
// pictured from the catalogue, the pictures served by the Amazon stand-in), see the products in 本地产品, download
// the pairing template, import it with a bad row (the row is named, nothing changes), then fixed. Screenshots at
// 1280 and 390 px, light and dark, go to islands/tests/artifacts/listings-bulk-*.png.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { PATIENCE, artifact, closeBrowser, getBrowser, newPage, phone, startServer } from "./harness.mjs";
import { startAmazon } from "./amazon-standin.mjs";
import { registerCompany } from "./flows.mjs";
import { openFromRail, signInToShell, tabFrame } from "./shell.mjs";
import { readSheet, writeSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("SKU配对：批量生成本地产品与导入配对", () => {
  let amazon;
  let server;
  let page;
  const OWNER = { account: phone("136"), password: "Owner#2026d", name: "周九", email: "zhoujiu@example.com", company: "宁波丁方电商有限公司" };
  const ASINS = { "TUMBLER-BK": "B0TUMBLBK1", "TUMBLER-WH": "B0TUMBLWH1", "LAMP-01": "B0LAMP0001" };
  const TITLES = { "TUMBLER-BK": "Acme Tumbler 20oz, Black", "TUMBLER-WH": "Acme Tumbler 20oz, White", "LAMP-01": "Acme LED Desk Lamp" };

  before(async () => {
    amazon = await startAmazon();
    server = await startServer({ env: amazon.env });
    page = await newPage(server);
    await registerCompany(page, server, { js: true, ...OWNER });
    await signInToShell(page, OWNER);
    // The listings and the catalogue items are what the listings and 父ASIN syncs would have written.
    const now = new Date().toISOString().replace("T", " ").replace("Z", "");
    const company = "(SELECT company_id FROM users WHERE account = ?)";
    const group = String(Date.now());
    server.sql(`INSERT INTO store_groups (id, company_id, name, remark, created_at, updated_at) VALUES (?, ${company}, '美国店', '', ?, ?)`, group, OWNER.account, now, now);
    let id = Number(group);
    for (const [sku, asin] of Object.entries(ASINS)) {
      server.sql(
        `INSERT INTO listings (id, company_id, group_id, marketplace_id, seller_sku, asin, fnsku, item_name, price, currency, quantity, status, fulfillment_channel, created_at, updated_at)
         VALUES (?, ${company}, ?, 'ATVPDKIKX0DER', ?, ?, '', ?, 0, 'USD', 5, 'Active', 'AMAZON_NA', ?, ?)`,
        String(++id), OWNER.account, group, sku, asin, TITLES[sku], now, now);
      server.sql(
        `INSERT INTO catalog_items (company_id, marketplace_id, asin, title, brand, image, weight, length, width, height, created_at, updated_at)
         VALUES (${company}, 'ATVPDKIKX0DER', ?, ?, 'Acme', ?, 0.38, 23, 9.5, 9.5, ?, ?)`,
        OWNER.account, asin, TITLES[sku], `${amazon.url}/images/I/${asin}.png`, now, now);
    }
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    await amazon?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  /** Waits for a toast containing text, in the frame or the shell, and answers its text. */
  const toastWith = (frame, text) =>
    Promise.any([frame, page].map(async (where) => {
      const toast = where.locator("#toasts [data-toast]").filter({ hasText: text }).first();
      await toast.waitFor({ timeout: PATIENCE });
      return toast.innerText();
    }));

  /** Screenshots of the page at 1280 and 390 px, light and dark. */
  async function shoot(name) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      // The rail turns into the phone's drawer (or back) with a transition: shoot once it has settled.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
      for (const dark of [false, true]) {
        await page.evaluate((on) => {
          for (const w of [window, ...[...document.querySelectorAll("iframe")].map((f) => f.contentWindow)]) w.document.documentElement.classList.toggle("dark", on);
        }, dark);
        await page.screenshot({ path: artifact(`listings-bulk-${name}-${width}-${dark ? "dark" : "light"}.png`) });
      }
    }
    await page.evaluate(() => {
      for (const w of [window, ...[...document.querySelectorAll("iframe")].map((f) => f.contentWindow)]) w.document.documentElement.classList.remove("dark");
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  }

  it("selects every listing and makes their products, named and pictured from the catalogue", async () => {
    await openFromRail(page, "产品", "SKU配对");
    const listings = await tabFrame(page, "SKU配对");
    await listings.locator("tbody tr").filter({ hasText: "LAMP-01" }).waitFor();
    await listings.getByRole("checkbox", { name: "选择本页全部" }).check();
    await listings.getByRole("group", { name: "选中的行" }).getByText("已选 3 个Listing").waitFor();
    await listings.getByRole("group", { name: "选中的行" }).getByRole("button", { name: "生成本地产品", exact: true }).click();
    const dialog = listings.locator("dialog[open]");
    await dialog.getByText("选中的 3 个Listing").waitFor();
    await shoot("dialog");
    await dialog.getByRole("button", { name: "生成", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    assert.match(await toastWith(listings, "已生成 3 个本地产品"), /配对 3 个Listing/);
    await listings.locator("tbody tr").filter({ hasText: "已配对" }).nth(2).waitFor();

    await openFromRail(page, "产品", "本地产品");
    const products = await tabFrame(page, "本地产品");
    for (const [sku, title] of Object.entries(TITLES)) await products.locator("tbody tr").filter({ hasText: sku }).filter({ hasText: title }).waitFor();
    // The pictures are the catalogue's, loaded from Amazon's (the stand-in's) host.
    const loaded = await products.locator('tbody img[alt="产品图片"]').evaluateAll((imgs) => imgs.map((i) => i.complete && i.naturalWidth > 0 && i.src));
    assert.equal(loaded.length, 3);
    assert.ok(loaded.every((src) => src && src.startsWith(amazon.url)), JSON.stringify(loaded));
    await shoot("products");

    // Twice: nothing more is made.
    await openFromRail(page, "产品", "SKU配对");
    await listings.getByRole("button", { name: "按筛选生成本地产品", exact: true }).click();
    await listings.locator("dialog[open]").getByText("当前筛选条件下的全部Listing").waitFor();
    await listings.locator("dialog[open]").getByRole("button", { name: "生成", exact: true }).click();
    assert.match(await toastWith(listings, "已生成 0 个本地产品"), /跳过已配对 3 个/);
  });

  it("imports pairs from the template: a bad row is named and nothing changes, then fixed", async () => {
    const listings = await tabFrame(page, "SKU配对");
    await listings.getByRole("button", { name: "导入配对", exact: true }).click();
    const dialog = listings.locator("dialog[open]");
    const download = page.waitForEvent("download");
    await dialog.getByRole("link", { name: "下载导入模板" }).click();
    const template = readSheet(await (await download).path());
    assert.deepEqual(template[0], ["平台SKU*", "站点*", "本地SKU*"]);

    const bad = join(server.dir, "pairs-bad.xlsx");
    writeSheet(bad, [template[0], ["TUMBLER-BK", "US", "TUMBLER-WH"], ["TUMBLER-WH", "美国", "NO-SUCH"]]);
    await dialog.locator('input[type="file"]').setInputFiles(bad);
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    const problems = dialog.getByRole("alert");
    await problems.getByText("导入失败，共1行1处有误，未配对任何Listing").waitFor();
    const cells = await problems.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    assert.deepEqual(cells, [["3", "本地SKU", "NO-SUCH", "本地SKU“NO-SUCH”不存在"]]);
    await shoot("import-refused");
    const pairedTo = async (sku) => (await listings.locator("tbody tr").filter({ hasText: sku }).first().innerText());
    assert.match(await pairedTo("TUMBLER-BK"), /TUMBLER-BK\s+.*TUMBLER-BK/s, "the refused import changed nothing");

    const good = join(server.dir, "pairs-good.xlsx");
    writeSheet(good, [template[0], ["TUMBLER-BK", "US", "TUMBLER-WH"], ["TUMBLER-WH", "美国", "TUMBLER-WH"]]);
    await dialog.locator('input[type="file"]').setInputFiles(good);
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await toastWith(listings, "已配对 2 个Listing");
  });
});
