// 本地产品's costs as a seller enters them in one sitting, as the owner of a new company: edit 采购成本 and 头程 in
// place with the keyboard alone (a wrong amount is refused with its message and Esc leaves the cell as it was),
// download the cost template (the current filter's products with today's costs), import it with one bad row (the
// row is named, nothing changes), fix it and import again, and read a product's history of changes from the list
// and from its details. Screenshots
// of the list and the history at 1280 and 390 px, light and dark, go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { PATIENCE, artifact, closeBrowser, getBrowser, newPage, phone, startServer } from "./harness.mjs";
import { registerCompany } from "./flows.mjs";
import { openFromRail, signInToShell, tabFrame, waitForToast } from "./shell.mjs";
import { readSheet, writeSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("本地产品的采购成本与头程", () => {
  let server;
  let page;
  let list;
  const OWNER = { account: phone("137"), password: "Owner#2026c", name: "周九", email: "zhoujiu@example.com", company: "宁波成本测试有限公司" };
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    await registerCompany(page, server, { js: true, ...OWNER });
    await signInToShell(page, OWNER);
    await openFromRail(page, "产品", "本地产品");
    list = await tabFrame(page, "本地产品");
    await list.getByText("暂无数据！").waitFor();
    // Three products through the API the add screen calls (that screen has its own spec).
    for (const p of [
      { sku: "CUP-1", name: "马克杯", price: "10" },
      { sku: "CUP-2", name: "玻璃杯" },
      { sku: "PEN-1", name: "签字笔", price: "2.5" },
    ]) {
      const status = await list.evaluate(async (body) => {
        const r = await fetch("/erp/api/v1/material", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
        return (await r.json()).code;
      }, p);
      assert.equal(status, "201");
    }
    await list.getByRole("button", { name: "刷新", exact: true }).click();
    await cell("采购成本", "CUP-1").waitFor();
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  /** The in-place editor's opener of a product's cost (its accessible name carries the value shown). */
  const cell = (label, sku) => list.getByRole("button", { name: new RegExp(`^编辑${label} ${sku}：`) });
  const shown = async (label, sku) => (await cell(label, sku).innerText()).trim();

  async function expectShown(label, sku, value) {
    let got;
    for (const deadline = Date.now() + PATIENCE; Date.now() < deadline; await sleep(50)) {
      if ((await cell(label, sku).count()) === 1 && (got = await shown(label, sku)) === value) return;
    }
    assert.equal(got, value, `${label} of ${sku}`);
  }

  it("edits 采购成本 and 头程 in place with the keyboard, refusing a wrong amount", async () => {
    await expectShown("采购成本", "CUP-1", "10.00");
    await expectShown("头程", "CUP-1", "—");
    await cell("采购成本", "CUP-1").focus();
    await page.keyboard.press("Enter");
    const editor = list.getByRole("textbox", { name: "采购成本 CUP-1", exact: true });
    await editor.waitFor();
    // The amount is selected: typing replaces it.
    await page.keyboard.type("12.345");
    await page.keyboard.press("Enter");
    await list.getByRole("alert").filter({ hasText: "采购成本最多2位小数" }).waitFor();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("-3");
    await page.keyboard.press("Enter");
    await list.getByRole("alert").filter({ hasText: "采购成本不能小于0" }).waitFor();
    await page.keyboard.press("Escape");
    await editor.waitFor({ state: "detached" });
    await expectShown("采购成本", "CUP-1", "10.00");
    // Esc gave the focus back to the cell: Enter opens it again.
    await page.keyboard.press("Enter");
    await editor.waitFor();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("12.5");
    await page.keyboard.press("Enter");
    await waitForToast(list, "保存成功");
    await expectShown("采购成本", "CUP-1", "12.50");

    await cell("头程", "CUP-1").focus();
    await page.keyboard.press("Enter");
    await list.getByRole("textbox", { name: "头程 CUP-1", exact: true }).waitFor();
    await page.keyboard.type("abc");
    await page.keyboard.press("Enter");
    await list.getByRole("alert").filter({ hasText: "头程必须是数字" }).waitFor();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("2");
    await page.keyboard.press("Enter");
    await expectShown("头程", "CUP-1", "2.00");
    await expectShown("采购成本", "CUP-1", "12.50");
    // Reloaded from the server, the list says the same.
    await list.getByRole("button", { name: "刷新", exact: true }).click();
    await expectShown("头程", "CUP-1", "2.00");
  });

  it("downloads the template with today's costs, refuses a file with a bad row and imports the fixed one", async () => {
    await list.getByRole("button", { name: "导入成本", exact: true }).click();
    const dialog = list.locator("dialog[open]");
    const download = page.waitForEvent("download");
    await dialog.getByRole("link", { name: "下载导入模板" }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), "本地产品成本.xlsx");
    const sheet = readSheet(await file.path());
    assert.deepEqual(sheet[0], ["SKU*", "产品名称", "采购成本(元)", "头程(元)", "生效日期"]);
    const bySKU = Object.fromEntries(sheet.slice(1).map((r) => [r[0], r.slice(1, 4)]));
    assert.deepEqual(bySKU, { "CUP-1": ["马克杯", "12.5", "2"], "CUP-2": ["玻璃杯", "", ""], "PEN-1": ["签字笔", "2.5", ""] });

    const header = sheet[0];
    const bad = join(server.dir, "costs-bad.xlsx");
    writeSheet(bad, [header, ["CUP-1", "马克杯", "13", "2.2", ""], ["CUP-2", "玻璃杯", "8.8", "1", ""], ["PEN-1", "签字笔", "1,5", "", ""]]);
    await dialog.locator('input[type="file"]').setInputFiles(bad);
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    const problems = dialog.getByRole("alert");
    await problems.getByText("导入失败，共1行1处有误，未导入任何成本").waitFor();
    const cells = await problems.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    assert.deepEqual(cells, [["4", "采购成本(元)", "1,5", "采购成本必须是数字"]]);
    await page.screenshot({ path: artifact("costs-import-refused-desktop-light.png") });
    // Nothing changed: the good rows were not written either.
    await dialog.getByRole("button", { name: "取消", exact: true }).click();
    await list.getByRole("button", { name: "刷新", exact: true }).click();
    await expectShown("采购成本", "CUP-1", "12.50");
    await expectShown("采购成本", "CUP-2", "—");

    await list.getByRole("button", { name: "导入成本", exact: true }).click();
    const good = join(server.dir, "costs-good.xlsx");
    writeSheet(good, [header, ["CUP-1", "马克杯", "13", "2.2", ""], ["CUP-2", "玻璃杯", "8.8", "1", ""], ["PEN-1", "签字笔", "1.5", "", ""]]);
    await dialog.locator('input[type="file"]').setInputFiles(good);
    await dialog.getByRole("button", { name: "导入", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await waitForToast(list, "已读取3行，更新3个产品的成本");
    await expectShown("采购成本", "CUP-1", "13.00");
    await expectShown("头程", "CUP-1", "2.20");
    await expectShown("采购成本", "CUP-2", "8.80");
    await expectShown("头程", "CUP-2", "1.00");
    await expectShown("采购成本", "PEN-1", "1.50");
  });

  it("shows a product's history of cost changes", async () => {
    await list.locator("tbody tr").filter({ hasText: "CUP-1" }).getByRole("button", { name: "成本记录", exact: true }).click();
    const dialog = list.locator("dialog[open]");
    await dialog.getByRole("heading", { name: "成本记录 CUP-1" }).waitFor();
    await dialog.locator("tbody tr").first().waitFor();
    const rows = await dialog.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));
    // Every change of today is today's row: the last one stands, with who made it.
    assert.equal(rows.length, 1);
    assert.deepEqual(rows[0].slice(0, 4), [today, "13.00", "2.20", OWNER.name]);
    await dialog.getByRole("button", { name: "关闭", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    // The product's details show the costs and open the same history.
    await list.locator("tbody tr").filter({ hasText: "CUP-1" }).getByRole("button", { name: "查看", exact: true }).click();
    const details = await tabFrame(page, "产品详情 CUP-1");
    await details.getByText("¥13.00").waitFor();
    await details.getByText("¥2.20").waitFor();
    await details.getByRole("button", { name: "成本记录", exact: true }).click();
    const again = details.locator("dialog[open]");
    await again.getByRole("heading", { name: "成本记录 CUP-1" }).waitFor();
    await again.locator("tbody tr").filter({ hasText: "13.00" }).waitFor();
    await page.screenshot({ path: artifact("costs-details-history-desktop-light.png") });
    await page.keyboard.press("Escape");
    await again.waitFor({ state: "detached" });
  });

  for (const { name, viewport } of [{ name: "desktop", viewport: { width: 1280, height: 800 } }, { name: "phone", viewport: { width: 390, height: 844 } }]) {
    for (const dark of [false, true]) {
      it(`draws the list and the history at ${name} width in ${dark ? "dark" : "light"} mode`, async () => {
        const look = await newPage(server, { viewport });
        try {
          await look.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await signInToShell(look, OWNER);
          await look.goto("/erp/material/localproduct?embed=1");
          const edit = look.getByRole("button", { name: /^编辑采购成本 CUP-1：/ });
          await edit.waitFor();
          await edit.click();
          await look.getByRole("textbox", { name: "采购成本 CUP-1", exact: true }).waitFor();
          await look.evaluate(() => document.fonts.ready);
          await look.screenshot({ path: artifact(`costs-list-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
          await look.keyboard.press("Escape");
          await look.locator("tbody tr").filter({ hasText: "CUP-1" }).getByRole("button", { name: "成本记录", exact: true }).click();
          await look.locator("dialog[open] tbody tr").first().waitFor();
          await look.screenshot({ path: artifact(`costs-history-${name}-${dark ? "dark" : "light"}.png`) });
        } finally {
          await look.context().close();
        }
      });
    }
  }
});
