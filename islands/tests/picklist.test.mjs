// The 配货单 (/orderblank?shipmentid=...) the way the warehouse uses it: sign in, open the demo shipment's pick
// list with JavaScript off and read it (header fields, rows, carton lines, pictures and the QR code all there),
// open it as the shipment_handing/pehuo tab in the shell, press 打印, and print a 120-item shipment to an A4 PDF
// with Chromium: the PDF's text (read back with pdf.js) holds every item, the table header on every page, and
// every row whole on one page.
//
// The 120-item shipment comes from islands/tests/pickfixture (fixtures.PickingShipment, the models the Go tests
// use) run against the test server's database: no screen creates shipments yet.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, button, closeBrowser, getBrowser, startServer, withPage } from "./harness.mjs";
import { signIn } from "./flows.mjs";
import { pdfPages } from "./pdf.mjs";
import { signInToShell, tabFrame } from "./shell.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SHOTS = "/tmp/shots-picklist";
const DEMO = "FBA15DEMO002";
const BIG = "FBA15PRINT01";
const ITEMS = 120;

before(() => getBrowser());
after(() => closeBrowser());

/** The header field labelled label (货件ID, 目的仓库, ...) as the sheet shows it. */
async function headerField(page, label) {
  return (await page.locator(".fields div").filter({ has: page.locator("dt", { hasText: `${label}:` }) }).locator("dd").textContent()).trim();
}

describe("配货单", () => {
  let server;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
    execFileSync("go", ["run", "./islands/tests/pickfixture", "-shipment", BIG, "-items", String(ITEMS)], {
      cwd: ROOT,
      env: { ...process.env, SELLERHUB_DATABASE_URL: `sqlite://${join(server.dir, "db.sqlite")}` },
      stdio: ["ignore", "inherit", "inherit"],
      timeout: 300000,
    });
  });
  after(() => server?.stop());

  it("reads completely with JavaScript off: header, rows, carton lines, pictures, QR code", async () => {
    await withPage(server, { js: false }, async (page) => {
      await page.goto("/login");
      await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      await page.goto(`/orderblank?shipmentid=${DEMO}`);
      assert.equal((await page.locator("h1").textContent()).trim(), "配货单");
      assert.equal(await headerField(page, "货件ID"), DEMO);
      assert.equal(await headerField(page, "SKU数量"), "5");
      assert.equal(await headerField(page, "发货数量"), String(72 + 16 + 48 + 100 + 20));
      assert.equal(await headerField(page, "目的仓库"), "演示店铺-US(ONT8)");
      assert.equal(await headerField(page, "发货仓库"), "深圳自有仓");
      assert.match(await headerField(page, "创建日期"), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      assert.match(await headerField(page, "审核时间"), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

      const headers = (await page.locator("thead th").allTextContents()).map((t) => t.trim());
      assert.deepEqual(headers, ["图片", "名称/SKU", "平台SKU", "本单占用", "剩余可用", "拟发货数", "配送数量"]);
      const rows = page.locator("tbody tr");
      assert.equal(await rows.count(), 5);
      const mug = rows.filter({ hasText: "DEMO-MUG-01" });
      const cells = (await mug.locator("td").allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());
      assert.deepEqual(cells.slice(1), ["陶瓷马克杯 350ml 天蓝DEMO-MUG-01箱规:单箱36个, 重12.6kg, 52*38*30cm", "MUG-BLUE-350", "72", "528", "72", ""]);
      // Each part of the carton line only when known: the cable has units only, the bag nothing at all.
      assert.equal((await rows.filter({ hasText: "DEMO-CABLE-01" }).locator(".box").textContent()).trim(), "箱规:单箱200个");
      assert.equal(await rows.filter({ hasText: "DEMO-BAG-01" }).locator(".box").count(), 0);

      // Every picture (the products' and the QR code) has loaded.
      await page.waitForLoadState("load");
      const images = await page.locator("img").evaluateAll((els) => els.map((i) => ({ src: i.getAttribute("src").slice(0, 30), ok: i.complete && i.naturalWidth > 0 })));
      assert.equal(images.length, 6);
      assert.deepEqual(images.filter((i) => !i.ok), [], "pictures that did not load");
      assert.ok(await page.locator("img.qr").isVisible(), "the QR code shows");

      // Print rules: header repeats, rows stay whole, the 打印 button is for the screen only.
      const rules = await page.evaluate(() => ({
        thead: getComputedStyle(document.querySelector("thead")).display,
        row: getComputedStyle(document.querySelector("tbody tr")).breakInside,
        sheet: document.querySelector(".sheet").getBoundingClientRect().width,
      }));
      assert.deepEqual(rules, { thead: "table-header-group", row: "avoid", sheet: 800 });
      assert.ok(await button(page, "打印").isVisible());
      await page.screenshot({ path: join(SHOTS, "orderblank.png"), fullPage: true });
      await page.emulateMedia({ media: "print" });
      assert.equal(await button(page, "打印").isVisible(), false, "打印 is hidden in print");
      await page.screenshot({ path: join(SHOTS, "orderblank-print.png"), fullPage: true });
    });
  });

  it("is the shipment_handing/pehuo tab in the shell, and 打印 prints", async () => {
    await withPage(server, {}, async (page) => {
      await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      await page.goto(`/shipment_handing/pehuo?title=${encodeURIComponent("配货单")}&path=%2Fshipment_handing%2Fpehuo&shipmentid=${DEMO}`);
      const frame = await tabFrame(page, "配货单");
      await frame.locator("h1", { hasText: "配货单" }).waitFor();
      assert.equal((await frame.locator(".fields dd").first().textContent()).trim(), DEMO);
      assert.equal(await frame.locator("tbody tr").count(), 5);
      await page.screenshot({ path: join(SHOTS, "pehuo-tab.png") });

      // The person presses 打印: the browser's print dialog opens (window.print, counted here instead).
      await frame.evaluate(() => {
        window.printed = 0;
        window.print = () => { window.printed += 1; };
      });
      await frame.getByRole("button", { name: "打印", exact: true }).click();
      assert.equal(await frame.evaluate(() => window.printed), 1);
    });
  });

  it(`prints ${ITEMS} items to A4 with the header on every page and no row split`, async () => {
    await withPage(server, { js: false }, async (page) => {
      await page.goto("/login");
      await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      await page.goto(`/orderblank?shipmentid=${BIG}`);
      await page.waitForLoadState("load");
      assert.equal(await page.locator("tbody tr").count(), ITEMS);
      const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true });
      writeFileSync(join(SHOTS, "orderblank-120.pdf"), pdf);
      const pages = await pdfPages(pdf);
      assert.ok(pages.length >= 4, `${ITEMS} rows fill several pages, got ${pages.length}`);
      assert.ok(pages[0].includes("配货单"), "the title on the first page");
      assert.ok(pages[0].includes(`货件ID:${BIG}`), "the shipment id on the first page");
      pages.forEach((text, i) => {
        for (const h of ["图片", "名称/SKU", "平台SKU", "本单占用", "剩余可用", "拟发货数", "配送数量"]) {
          assert.ok(text.includes(h), `page ${i + 1} lacks the table header ${h}`);
        }
      });
      for (let n = 1; n <= ITEMS; n++) {
        const id = String(n).padStart(3, "0");
        const sku = `${BIG}-SKU-${id}`;
        const on = pages.map((t, i) => (t.includes(sku) ? i : -1)).filter((i) => i >= 0);
        assert.equal(on.length, 1, `${sku} is on pages ${on.map((i) => i + 1)}`);
        // The whole row stands on that page, in order: name, SKU, carton line, seller SKU, 本单占用 (the picked
        // units), 剩余可用 (the opening 500 less them) and 拟发货数 (10 + (n-1) % 7, fixtures.PickingShipment): it is
        // not split.
        const qty = 10 + ((n - 1) % 7);
        const row = new RegExp(`测试产品${id}[^]{0,40}?${BIG}-SKU-${id}(箱规:[^F]*)?${BIG}-MSKU-${id}${qty}${500 - qty}${qty}`);
        assert.match(pages[on[0]], row, `row ${id} is not whole on page ${on[0] + 1}`);
      }
    });
  });
});
