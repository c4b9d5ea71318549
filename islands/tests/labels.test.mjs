// 商品标签 as a seller prints FNSKU labels: with JavaScript off, choose the demo's 配货 shipment and A4 sheets of
// 40, open the printable labels (a new window), and check one per unit; a label's barcode is photographed from
// the rendered page at a printer's resolution and read back by a Code 128 reader (islands/tests/barcodescan) to
// its FNSKU; printed by Chromium to PDF the sheets are A4 pages with the FNSKUs in their text. Chosen listings on
// a thermal roll print one label a 60×40 mm page, and a wrong quantity says why. Screenshots at 1280 and 390 px,
// light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, button, clickAndWait, closeBrowser, getBrowser, startServer, withPage } from "./harness.mjs";
import { signIn } from "./flows.mjs";
import { openFromRail, signInToShell, tabFrame } from "./shell.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SHIPMENT = "FBA15DEMO002";

before(() => getBrowser());
after(() => closeBrowser());

/** Reads the Code 128 barcode of a PNG file as a scanner would. */
function scan(file) {
  return execFileSync("go", ["run", "./islands/tests/barcodescan", file], { cwd: ROOT, encoding: "utf8", timeout: 300000 });
}

/** Submits the form with the button named name and answers the window the labels open in. */
async function openPrint(page, name) {
  const [popup] = await Promise.all([page.context().waitForEvent("page"), button(page, name).click()]);
  await popup.waitForLoadState("load");
  return popup;
}

/** A PDF's pages with their sizes in millimetres and their text. */
async function pdfSheets(buffer) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const p = await doc.getPage(n);
    const [, , w, h] = p.view;
    const text = (await p.getTextContent()).items.map((i) => i.str).join(" ");
    pages.push({ w: Math.round((w * 25.4) / 72), h: Math.round((h * 25.4) / 72), text });
  }
  await doc.destroy();
  return pages;
}

describe("商品标签", () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(() => server?.stop());

  it("prints a shipment's labels on A4 sheets of 40, one per unit, and a barcode scans to its FNSKU", async () => {
    await withPage(server, { js: false, deviceScaleFactor: 4 }, async (page) => {
      await page.goto("/login");
      await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      await page.goto("/amazon/listing/label?embed=1");
      const form = page.locator('form[data-form="shipment"]');
      await form.locator('select[name="shipment"]').selectOption(SHIPMENT);
      await form.locator('select[name="paper"]').selectOption("a4-40");
      const sheet = await openPrint(page, "打印货件标签");
      assert.match(sheet.url(), /\/amazon\/listing\/label\/print\?/);
      // 72 mugs, 16 lamps, 48 bottles, 100 cables and 20 bags: 256 labels, 7 sheets of 40.
      assert.equal(await sheet.locator(".label").count(), 256);
      assert.equal(await sheet.locator(".page").count(), 7);
      assert.equal(await sheet.locator(".page").first().locator(".label").count(), 40);
      const first = sheet.locator(".label").first();
      assert.equal((await first.locator(".fnsku").textContent()).trim(), "X0DEMO0005");
      assert.equal((await first.locator(".title").textContent()).trim(), "帆布托特包 米白");
      assert.equal((await first.locator(".condition").textContent()).trim(), "New");
      const loaded = await sheet.locator("img.barcode").evaluateAll((els) => els.every((i) => i.complete && i.naturalWidth > 0));
      assert.ok(loaded, "every barcode image loads");
      // A4 sheet of 40: 52.5 mm wide labels (at 96 px an inch), the barcode inside it.
      const box = await sheet.evaluate(() => {
        const l = document.querySelector(".label").getBoundingClientRect();
        const b = document.querySelector(".barcode").getBoundingClientRect();
        return { label: Math.round(l.width), inside: b.left >= l.left && b.right <= l.right, bar: b.width };
      });
      assert.equal(box.label, Math.round((52.5 * 96) / 25.4));
      assert.ok(box.inside && box.bar > 100, `barcode ${box.bar}px inside the label`);

      // The 30th label is a cable's: photographed as the page renders it, the barcode reads X0DEMO0004.
      const cable = sheet.locator(".label").nth(20 + 48 + 16 + 72);
      assert.equal((await cable.locator(".fnsku").textContent()).trim(), "X0DEMO0004");
      const shot = artifact("label-barcode.png");
      await cable.scrollIntoViewIfNeeded();
      await cable.screenshot({ path: shot });
      assert.equal(scan(shot), "X0DEMO0004");
      await sheet.screenshot({ path: artifact("labels-a4-40.png") });

      await sheet.emulateMedia({ media: "print" });
      assert.equal(await sheet.locator(".toolbar").isVisible(), false, "the toolbar is not printed");
      const pdf = await sheet.pdf({ preferCSSPageSize: true, printBackground: false });
      writeFileSync(artifact("labels-a4-40.pdf"), pdf);
      const pages = await pdfSheets(pdf);
      assert.equal(pages.length, 7);
      assert.deepEqual([pages[0].w, pages[0].h], [210, 297]);
      assert.ok(pages[0].text.includes("X0DEMO0005") && pages[0].text.includes("New"), pages[0].text.slice(0, 200));
      await sheet.close();
    });
  });

  it("prints chosen listings on a 60×40 thermal roll, and a wrong quantity says why", async () => {
    await withPage(server, { js: false }, async (page) => {
      await page.goto("/login");
      await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      await page.goto("/amazon/listing/label?embed=1");
      await page.locator('form[data-form="search"] input[name="keyword"]').fill("LAMP");
      // Without JavaScript 查询 submits the form: the rows are read on the page that comes back, not the one before.
      await clickAndWait(page, button(page, "查询"));
      const rows = page.locator("tr[data-fnsku]");
      assert.equal(await rows.count(), 1);
      assert.equal(await rows.first().getAttribute("data-fnsku"), "X0DEMO0002");
      await page.getByLabel("LAMP-LED-3M 数量").fill("3");
      const list = page.locator('form[data-form="listings"]');
      await list.locator('select[name="paper"]').selectOption("t-60x40");
      const sheet = await openPrint(page, "打印所选标签");
      assert.equal(await sheet.locator(".label").count(), 3);
      const pages = await pdfSheets(await sheet.pdf({ preferCSSPageSize: true }));
      assert.deepEqual(pages.map((p) => [p.w, p.h]), [[60, 40], [60, 40], [60, 40]]);
      assert.ok(pages.every((p) => p.text.includes("X0DEMO0002")));
      await sheet.close();

      await page.getByLabel("LAMP-LED-3M 数量").fill("三个");
      const wrong = await openPrint(page, "打印所选标签");
      assert.equal((await wrong.getByRole("alert").locator("span").textContent()).trim(), "标签数量必须是0到1000之间的整数");
      await wrong.close();
    });
  });

  it("opens from a shipment's 打印标签 in 货件处理 with the shipment chosen", async () => {
    await withPage(server, {}, async (page) => {
      await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      await openFromRail(page, "物流", "货件处理");
      const list = await tabFrame(page, "货件处理");
      const row = list.locator("tbody tr").filter({ hasText: SHIPMENT });
      await row.getByRole("button", { name: "打印标签", exact: true }).click();
      const labels = await tabFrame(page, "商品标签");
      const form = labels.locator('form[data-form="shipment"]');
      await form.waitFor();
      assert.equal(await form.locator('select[name="shipment"]').inputValue(), SHIPMENT);
      // A search inside the tab keeps it the tab's page.
      await labels.locator('form[data-form="search"] input[name="keyword"]').fill("MUG");
      await labels.getByRole("button", { name: "查询", exact: true }).click();
      // The search loads the tab's page again: the listings before it also hold X0DEMO0001.
      await labels.waitForURL(/keyword=MUG/);
      await labels.locator('tr[data-fnsku="X0DEMO0001"]').waitFor();
      assert.equal(await labels.locator("tr[data-fnsku]").count(), 1);
    });
  });

  it("looks right at 1280 and 390 px, light and dark", async () => {
    for (const colorScheme of ["light", "dark"]) {
      for (const width of [1280, 390]) {
        await withPage(server, { colorScheme, viewport: { width, height: 900 } }, async (page) => {
          // The shell's 切换深色模式 saves the choice; every page applies it before it paints.
          if (colorScheme === "dark") await page.addInitScript(() => localStorage.setItem("dark", "1"));
          await page.goto("/login");
          await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
          await page.goto("/amazon/listing/label?embed=1");
          await page.locator("h1", { hasText: "商品标签" }).waitFor();
          await page.screenshot({ path: artifact(`label-form-${width}-${colorScheme}.png`), fullPage: true });
        });
      }
    }
  });
});
