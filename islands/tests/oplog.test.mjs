// 操作日志 reads as words: after editing a warehouse's name in 仓库, the log's line names the warehouse and says
// 名称 old → new, with no internal id or raw request body on the screen.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { openFromRail, signInToShell, tabFrame, waitForToast } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("操作日志", () => {
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

  const row = (frame, text) => frame.locator("tbody tr").filter({ hasText: text });

  it("shows an edit as the warehouse's name and 名称 old → new", async () => {
    await openFromRail(page, "仓库", "仓库");
    const warehouses = await tabFrame(page, "仓库");
    await row(warehouses, "深圳自有仓").getByRole("button", { name: "编辑", exact: true }).click();
    const dialog = warehouses.locator("dialog[open]");
    await dialog.locator('input[name="name"]').fill("深圳一仓");
    await dialog.getByRole("button", { name: "保存", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await waitForToast(warehouses, "操作成功!");

    await openFromRail(page, "系统", "操作日志");
    const log = await tabFrame(page, "操作日志");
    const line = row(log, "编辑仓库");
    await line.waitFor();
    const text = await line.innerText();
    assert.match(text, /编辑仓库[\s\S]*深圳一仓[\s\S]*名称 深圳自有仓 → 深圳一仓/);
    assert.doesNotMatch(text, /\d{12,}|[{}"]/, "no id or raw body on the line");
  });
});
