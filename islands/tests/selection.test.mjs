// Issue 16: row selection in the table island, on 本地产品 as the seeded admin of the demo company (whose products
// all have stock): check rows and see the count, 停用 asks once naming the count (Esc changes nothing, confirming
// disables them), a mixed 删除 names the refused row with the server's message, the header box checks the page,
// and 导出选中 downloads only the checked rows.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, question, sayYes, signInToShell, tabFrame, tableLoaded, toasts, waitForToast } from "./shell.mjs";
import { readSheet } from "./xlsx.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("列表多选与批量操作", () => {
  let server;
  let page;
  let frame;

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
    await openFromRail(page, "产品", "本地产品");
    frame = await tabFrame(page, "本地产品");
    await tableLoaded(frame);
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  const row = (sku) => frame.locator("tbody tr").filter({ hasText: sku });
  const box = (sku) => frame.getByRole("checkbox", { name: `选择 ${sku}`, exact: true });
  const picked = () => frame.getByRole("group", { name: "选中的行" });
  const bulk = (label) => picked().getByRole("button", { name: label, exact: true });

  it("checks rows and shows the count", async () => {
    await box("DEMO-MUG-01").check();
    await box("DEMO-LAMP-01").focus(); // a box is a native checkbox: Space checks it
    await page.keyboard.press("Space");
    assert.ok(await box("DEMO-LAMP-01").isChecked());
    await picked().getByText("已选 2 个产品", { exact: true }).waitFor();
  });

  it("asks once naming the count before 停用: Esc changes nothing, confirming disables them", async () => {
    await bulk("停用").click();
    const asked = await question(frame, "确定停用选中的 2 个产品吗？");
    await page.keyboard.press("Escape");
    await asked.waitFor({ state: "detached" });
    assert.equal(await row("DEMO-MUG-01").getByRole("button", { name: "停用", exact: true }).count(), 1, "still enabled");
    await picked().getByText("已选 2 个产品", { exact: true }).waitFor();

    await bulk("停用").click();
    await question(frame, "确定停用选中的 2 个产品吗？");
    await sayYes(frame, "停用");
    assert.ok((await waitForToast(frame, "操作成功!")).includes("操作成功!"));
    for (const sku of ["DEMO-MUG-01", "DEMO-LAMP-01"]) await row(sku).getByRole("button", { name: "启用", exact: true }).waitFor();
    await picked().waitFor({ state: "detached" });
  });

  it("names each refused row of a mixed batch with the server's message", async () => {
    const created = await frame.evaluate(async () => {
      const r = await fetch("/erp/api/v1/material", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ sku: "SEL-TEMP-01", name: "临时产品" }) });
      return r.status;
    });
    assert.ok(created < 300, `created: ${created}`);
    await frame.getByRole("button", { name: "刷新", exact: true }).click();
    await box("SEL-TEMP-01").check();
    await box("DEMO-MUG-01").check();
    await bulk("删除").click();
    await question(frame, "确定删除选中的 2 个产品吗？");
    await sayYes(frame, "删除");
    let seen = [];
    for (const deadline = Date.now() + PATIENCE; Date.now() < deadline; await sleep(25)) {
      seen = await toasts(frame);
      if (seen.some((t) => t.startsWith("1 个成功，1 个失败："))) break;
    }
    const result = seen.find((t) => t.startsWith("1 个成功，1 个失败："));
    assert.match(result ?? "", /^1 个成功，1 个失败：DEMO-MUG-01 \S+/, `toasts: ${JSON.stringify(seen)}`);
    await row("SEL-TEMP-01").waitFor({ state: "detached" });
    assert.equal(await row("DEMO-MUG-01").count(), 1);
    await frame.locator("#toasts [data-toast] button").click(); // an error stays until closed
  });

  it("checks the whole page from the header", async () => {
    await tableLoaded(frame);
    const rows = await frame.locator("tbody tr").count();
    await frame.getByRole("checkbox", { name: "选择本页全部" }).check();
    await picked().getByText(`已选 ${rows} 个产品`, { exact: true }).waitFor();
    for (const b of await frame.locator('tbody input[type="checkbox"]').all()) assert.ok(await b.isChecked());
    await picked().getByRole("button", { name: "取消选择" }).click();
    await picked().waitFor({ state: "detached" });
  });

  it("exports only the checked rows", async () => {
    await box("DEMO-BAG-01").check();
    await box("DEMO-CABLE-01").check();
    const download = page.waitForEvent("download");
    await bulk("导出选中").click();
    const sheet = readSheet(await (await download).path());
    const sku = sheet[0].indexOf("SKU*");
    assert.ok(sku >= 0, `SKU among ${sheet[0]}`);
    assert.deepEqual(sheet.slice(1).map((r) => r[sku]).sort(), ["DEMO-BAG-01", "DEMO-CABLE-01"]);
  });

  it("drops the selection on a new query", async () => {
    await picked().getByText("已选 2 个产品", { exact: true }).waitFor();
    await frame.getByLabel("SKU或产品名称").fill("DEMO");
    await frame.getByRole("button", { name: "查询", exact: true }).click();
    await picked().waitFor({ state: "detached" });
  });
});
